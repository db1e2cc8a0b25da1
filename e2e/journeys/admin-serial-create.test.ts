import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import sharp from 'sharp';
import yazl from 'yazl';
import type { Browser, Page } from 'playwright-core';
import { numberedPage } from '../support/import-fixtures';
import { type StoreServer, launchBrowser, screenshotDir, startStore } from '../support/server';
import { loggedInAs, makeOperator, newMemberPage, signUpMember } from '../support/members';
import { findVolume } from '../support/fixtures';
import { buyBook } from '../support/viewer-helpers';

/**
 * A serial made in the console: at 1080 px an operator creates a serial for a demo title that has
 * none (found by its name), schedules a free first episode and a priced second one, and uploads
 * each one's pages as a CBZ built here; at 375 px a guest opens the new serial's page and reads the
 * free episode's uploaded pages in the viewer, the priced one asking them to log in. Then, at 375 px,
 * the operator adds a webtoon episode collected in volume 1, and at 1080 px a member who bought
 * volume 1 reads it as a strip without renting it.
 */
const OPERATOR = `serial-create-operator-${Date.now()}@example.jp`;
// A demo title published in volumes only: no serial until the operator makes one.
const TITLE_NAME = '星降る街の探偵';
const SERIAL_NAME = '星降る街の探偵 連載版';

let store: StoreServer;
let browser: Browser;
let work: string;
/** The serial the first journey creates (the second adds to it). */
let serialId = 0;

function cbz(file: string, pages: Buffer[]): Promise<string> {
  const zip = new yazl.ZipFile();
  pages.forEach((data, i) => zip.addBuffer(data, `page${i + 1}.jpg`, { mtime: new Date(0) }));
  zip.end();
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    zip.outputStream
      .on('data', (c: Buffer) => chunks.push(c))
      .on('error', reject)
      .on('end', () => {
        writeFileSync(file, Buffer.concat(chunks));
        resolve(file);
      });
  });
}

/** A key visual as a PNG file of `width`×`height` (the serial's art: a night sky and a star). */
async function imageFile(name: string, width: number, height: number): Promise<string> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><rect width="100%" height="100%" fill="#1b2a5c"/><circle cx="${width / 2}" cy="${height / 2}" r="${height / 4}" fill="#f7d046"/></svg>`;
  const file = path.join(work, name);
  writeFileSync(file, await sharp(Buffer.from(svg)).png().toBuffer());
  return file;
}

/** An Asia/Tokyo `YYYY-MM-DDTHH:mm` `hours` from now (the console's datetime-local value). */
function tokyoMinute(hours: number): string {
  const t = new Date(Date.now() + hours * 3_600_000 + 9 * 3_600_000);
  return t.toISOString().slice(0, 16);
}

before(async () => {
  [store, browser] = await Promise.all([startStore(), launchBrowser()]);
  work = mkdtempSync(path.join(tmpdir(), 'hondana-serial-create-e2e-'));
  await signUpMember(store, OPERATOR, 'serial-create');
  await makeOperator(store, OPERATOR);
});
after(async () => {
  await browser?.close();
  await store?.stop();
  rmSync(work, { recursive: true, force: true });
});

const shot = (page: Page, name: string) =>
  page.screenshot({ path: path.join(screenshotDir, `admin-serial-create-${name}.png`), fullPage: true });

/** Schedules the next episode through the console's form and uploads its three pages. */
async function addEpisode(
  page: Page,
  n: number,
  episode: { title: string; spendType: string; price: number; layout?: string; volume?: string },
  file: string,
): Promise<void> {
  const add = page.getByRole('form', { name: '新しい話を予約する' });
  await add.getByLabel('話の名前').fill(episode.title);
  await add.getByLabel('読み方').selectOption(episode.spendType);
  if (episode.layout) await add.getByLabel('表示形式').selectOption({ label: episode.layout });
  if (episode.volume) await add.getByLabel(/^収録巻/).selectOption({ label: episode.volume });
  await add.getByLabel('価格（コイン・無料は0）').fill(String(episode.price));
  await add.getByLabel('配信開始（日本時間）').fill(tokyoMinute(-2));
  await add.getByLabel('ページ数').fill('3');
  const added = page.waitForResponse((r) => r.url().endsWith('/episodes') && r.request().method() === 'POST');
  await add.getByRole('button', { name: '新しい話を予約する' }).click();
  assert.equal((await added).status(), 200);
  await page.getByText(`第${n}話を予約しました`).waitFor();
  const row = page
    .getByRole('table', { name: '話と配信予定' })
    .getByRole('row')
    .filter({ has: page.getByRole('cell', { name: String(n), exact: true }) })
    .first();
  await row.getByText('見本の絵').waitFor();
  await row.getByRole('button', { name: `第${n}話のページ：ページをアップロード` }).click();
  const form = page.getByRole('form', { name: `第${n}話のページ` });
  await form.getByLabel('CBZ・ZIPファイル').setInputFiles(file);
  await form.getByRole('button', { name: 'ページをアップロード' }).click();
  await page.getByText(`第${n}話のページを3ページに差し替えました`).waitFor();
  await row.getByText('アップロード済み').waitFor();
  // Closes the upload panel before the next episode.
  await row.getByRole('button', { name: `第${n}話のページ：ページをアップロード` }).click();
}

describe('a serial created in the console', () => {
  it('an operator creates a serial with a free and a priced episode (1080 px); a guest reads the free one (375 px)', async () => {
    const operator = await loggedInAs(browser, store, OPERATOR, 1080);
    const page = operator.page;
    // The title, found by its name; it has no serial yet.
    const titles = (await (await page.request.get(`${store.url}/api/admin/titles?q=${encodeURIComponent(TITLE_NAME)}`)).json()) as {
      titles: { id: number; name: string }[];
    };
    const title = titles.titles.find((t) => t.name === TITLE_NAME)!;
    assert.ok(title, `${TITLE_NAME} is a demo title`);
    const serials = (await (await page.request.get(`${store.url}/api/admin/serials?q=`)).json()) as {
      serials: { titleId: number | null }[];
    };
    assert.equal(serials.serials.filter((s) => s.titleId === title.id).length, 0);

    await page.goto(`${store.url}/admin/serials`);
    const create = page.getByRole('form', { name: '連載を作成' });
    await create.waitFor();
    // The title is chosen by its name in the console's title picker; the id field follows.
    await create.getByRole('combobox', { name: '作品名で探す' }).fill(TITLE_NAME.slice(0, 3));
    await create.getByRole('option', { name: new RegExp(`^${TITLE_NAME}（ID ${title.id}・`) }).click();
    assert.equal(await create.getByLabel(/^作品ID/).inputValue(), String(title.id));
    await create.getByText(`選択中の作品：${TITLE_NAME}`).waitFor();
    await create.getByLabel('連載名').fill(SERIAL_NAME);
    await create.getByLabel('紹介文').fill('港町・星見坂の事件を1話ずつ。');
    await create.getByLabel('カテゴリ').selectOption('male');
    await shot(page, 'form-1080');
    const created = page.waitForResponse((r) => r.url().endsWith('/api/admin/serials') && r.request().method() === 'POST');
    await create.getByRole('button', { name: '連載を作成' }).click();
    const response = await created;
    assert.equal(response.status(), 200, await response.text());
    serialId = ((await response.json()) as { id: number }).id;
    await page.waitForURL(`${store.url}/admin/serials/${serialId}`);
    await page.getByRole('heading', { name: SERIAL_NAME }).waitFor();
    await page.getByText('まだ話がありません。').waitFor();

    // A second serial of the same title is refused, naming the title.
    await page.goto(`${store.url}/admin/serials`);
    await create.getByLabel(/^作品ID/).fill(String(title.id));
    await create.getByLabel('連載名').fill('二つ目の連載');
    await create.getByRole('button', { name: '連載を作成' }).click();
    await page.getByText('「作品ID」を確認してください').waitFor();

    await page.goto(`${store.url}/admin/serials/${serialId}`);
    await page.getByRole('heading', { name: SERIAL_NAME }).waitFor();
    const free = await cbz(path.join(work, 'episode1.cbz'), await Promise.all([1, 2, 3].map((p) => numberedPage(p, 900, 1280, '#1e6bb3'))));
    const priced = await cbz(
      path.join(work, 'episode2.cbz'),
      await Promise.all([1, 2, 3].map((p) => numberedPage(p, 900, 1280, '#2e7d32'))),
    );
    await addEpisode(page, 1, { title: '第1話 流れ星の夜', spendType: '0', price: 0 }, free);
    await addEpisode(page, 2, { title: '第2話 港の灯り', spendType: '2', price: 60 }, priced);
    // The serial's key visual: a square image is refused in Japanese, one of §9's shape replaces the drawn one.
    const imageForm = page.getByRole('form', { name: '連載の画像' });
    await page.getByRole('region', { name: '連載の画像' }).getByText('自動で描いた画像').waitFor();
    await imageForm.getByLabel(/^画像ファイル/).setInputFiles(await imageFile('square.png', 600, 600));
    await imageForm.getByRole('button', { name: '画像をアップロードする' }).click();
    await page.getByText('画像は522×327か、同じ比率で大きいもの（例：1044×654）にしてください（選んだ画像は600×600）').waitFor();
    await imageForm.getByLabel(/^画像ファイル/).setInputFiles(await imageFile('key-visual.png', 1044, 654));
    await imageForm.getByRole('button', { name: '画像をアップロードする' }).click();
    await page.getByText('連載の画像を差し替えました').waitFor();
    await page.getByRole('region', { name: '連載の画像' }).getByText('アップロードした画像').waitFor();
    await shot(page, 'episodes-1080');
    await operator.context.close();

    // The guest: the serial's page lists both, the free one opens in the viewer with its uploaded pages.
    const episodes = (
      (await (await fetch(`${store.url}/api/serial_episodes?serial_id=${serialId}&limit=100`)).json()) as {
        episodes: { id: number; orderSequence: number; price: number }[];
      }
    ).episodes;
    assert.deepEqual(
      episodes.map((e) => [e.orderSequence, e.price]),
      [
        [1, 0],
        [2, 60],
      ],
    );
    const context = await browser.newContext({ viewport: { width: 375, height: 900 }, locale: 'ja-JP' });
    const guest = await context.newPage();
    await guest.goto(`${store.url}/serial/detail/${serialId}`);
    await guest.getByRole('heading', { name: SERIAL_NAME }).waitFor();
    const row = (n: number) =>
      guest.locator(`[data-testid="episode"][data-episode-id="${episodes.find((e) => e.orderSequence === n)!.id}"]`);
    await row(2).getByRole('link', { name: 'ログイン' }).waitFor();
    // The serial's page shows the uploaded key visual, at its version's address.
    const visual = guest.locator(`img[src*="/media/serials/${serialId}/"]`).first();
    assert.match((await visual.getAttribute('src')) ?? '', /\?v=1$/);
    await guest.waitForFunction(
      (id) =>
        Array.from(document.querySelectorAll<HTMLImageElement>(`img[src*="/media/serials/${id}/"]`)).some(
          (img) => img.complete && img.naturalWidth > 0,
        ),
      serialId,
    );
    await shot(guest, 'detail-guest-375');
    await row(1).getByRole('link', { name: '読む' }).click();
    const image = guest.getByTestId('viewer-stage').locator('img').first();
    await image.waitFor();
    await guest.waitForFunction(() => {
      const img = document.querySelector<HTMLImageElement>('[data-testid=viewer-stage] img');
      return !!img && img.complete && img.naturalWidth > 0;
    });
    const src = await image.evaluate((img) => (img as HTMLImageElement).currentSrc);
    assert.match(src, new RegExp(`/media/episodes/${episodes[0]!.id}/0/\\d+\\.(webp|jpg)\\?.*v=1`));
    await shot(guest, 'viewer-guest-375');
    await context.close();
  });

  it('the operator adds a webtoon episode collected in volume 1 (375 px); a member who bought volume 1 reads it as a strip (1080 px)', async () => {
    assert.ok(serialId, 'the first journey created the serial');
    const volume1 = await findVolume(store, TITLE_NAME, 1);
    const operator = await loggedInAs(browser, store, OPERATOR, 375);
    const page = operator.page;
    await page.goto(`${store.url}/admin/serials/${serialId}`);
    await page.getByRole('heading', { name: SERIAL_NAME }).waitFor();
    // Webtoon pages are one tall strip cut in pieces.
    const strip = await cbz(
      path.join(work, 'episode3.cbz'),
      await Promise.all([1, 2, 3].map((p) => numberedPage(p, 800, 2400, '#8e24aa'))),
    );
    await addEpisode(
      page,
      3,
      {
        title: '第3話 屋上の望遠鏡',
        spendType: '2',
        price: 80,
        layout: 'タテ読み（縦スクロール）',
        volume: `第1巻 ${volume1.contentsName}`,
      },
      strip,
    );
    const row = page
      .getByRole('table', { name: '話と配信予定' })
      .getByRole('row')
      .filter({ has: page.getByRole('cell', { name: '3', exact: true }) })
      .first();
    await row.getByRole('cell', { name: 'タテ読み', exact: true }).waitFor();
    await row.getByRole('cell', { name: '第1巻', exact: true }).waitFor();
    // The episode's form shows what was chosen.
    await row.getByRole('button', { name: '編集' }).click();
    const edit = page.getByRole('form', { name: '第3話を編集' });
    assert.equal(await edit.getByLabel('表示形式').inputValue(), '1');
    assert.equal(await edit.getByLabel(/^収録巻/).inputValue(), String(volume1.id));
    await shot(page, 'webtoon-episode-375');
    await operator.context.close();

    const episodes = (
      (await (await fetch(`${store.url}/api/serial_episodes?serial_id=${serialId}&limit=100`)).json()) as {
        episodes: { id: number; orderSequence: number }[];
      }
    ).episodes;
    const third = episodes.find((e) => e.orderSequence === 3);
    assert.ok(third, 'the third episode is on the store');
    const {
      context,
      page: member,
      email,
    } = await newMemberPage(browser, store, { label: 'serial-volume-owner', nickname: '巻の持ち主', width: 1080 });
    await buyBook(member, store, email, volume1.id);
    await member.goto(`${store.url}/viewer?serialEpisodeId=${third.id}`);
    await member.locator('[data-kind=webtoon]').waitFor();
    await member.waitForFunction((id) => {
      const img = document.querySelector<HTMLImageElement>(`[data-testid=viewer-stage] img[src*="/media/episodes/${id}/"]`);
      return !!img && img.complete && img.naturalWidth > 0;
    }, third.id);
    await shot(member, 'webtoon-owner-1080');
    await context.close();
  });
});
