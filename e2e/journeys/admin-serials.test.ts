import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { numberedPage } from '../support/import-fixtures';
import { type StoreServer, launchBrowser, screenshotDir, startStore } from '../support/server';
import { loggedInAs, makeOperator, signUpMember } from '../support/members';
import { findSerialOfTitle, findVolume } from '../support/fixtures';

/**
 * The console's serials, covers, samples and the top titles / coin pack reports: an operator
 * schedules a coin episode and uploads a cover, a member sees both in the store, buys a coin pack
 * and a volume, and the operator's reports show them (1080 and 768 px).
 */
const OPERATOR = `serial-operator-${Date.now()}@example.jp`;
const MEMBER = `serial-member-${Date.now()}@example.jp`;
const CARD = { ok: '4242 4242 4242 4242', expiry: '12/39', cvc: '123' };
// The demo catalog's ids (as the wallet and serial journeys use them).
let SERIAL_ID = 0;
let TITLE_ID = 0;
let BOOK_ID = 0;
const PACK_1000 = 3;
const EPISODE_TITLE = '灯りの約束';

let store: StoreServer;
let browser: Browser;
let work: string;
let coverFile: string;
let serialName = '';
let titleName = '';

/** A Tokyo wall-clock minute `YYYY-MM-DDTHH:mm` for a datetime-local field, `offsetMs` from now. */
function tokyoMinute(offsetMs: number): string {
  return new Date(Date.now() + offsetMs + 9 * 3600_000).toISOString().slice(0, 16);
}

/** `M/D` of a Tokyo minute, as the serial page writes a release date. */
const monthDay = (minute: string) => `${Number(minute.slice(5, 7))}/${Number(minute.slice(8, 10))}`;

const signUp = (email: string) => signUpMember(store, email, email.split('-')[1] ?? email);

before(async () => {
  [store, browser] = await Promise.all([startStore(), launchBrowser()]);
  SERIAL_ID = (await findSerialOfTitle(store, '放課後ダンジョン部')).id;
  const vol2 = await findVolume(store, '星降る街の探偵', 2);
  [TITLE_ID, BOOK_ID] = [vol2.titleId, vol2.id];
  work = mkdtempSync(path.join(tmpdir(), 'hondana-admin-serials-e2e-'));
  coverFile = path.join(work, 'new-cover.jpg');
  writeFileSync(coverFile, await numberedPage(1, 480, 680, '#b3261e'));
  await Promise.all([signUp(OPERATOR), signUp(MEMBER)]);
  await makeOperator(store, OPERATOR);
});
after(async () => {
  await browser?.close();
  await store?.stop();
  rmSync(work, { recursive: true, force: true });
});

const shot = (page: Page, name: string) => page.screenshot({ path: path.join(screenshotDir, `admin-serials-${name}.png`), fullPage: true });

async function loggedIn(email: string, width: number, start = '/admin'): Promise<{ context: BrowserContext; page: Page }> {
  const { context, page } = await loggedInAs(browser, store, email, width);
  await page.goto(`${store.url}${start}`);
  return { context, page };
}

describe('serials, covers and reports in the operator console', () => {
  const release = tokyoMinute(3 * 86400_000);
  let coverVersion = '';

  it('an operator schedules a coin episode with its price, uploads a cover and picks sample pages (1080 px)', async () => {
    const { context, page } = await loggedIn(OPERATOR, 1080);
    await page.waitForURL(`${store.url}/admin/titles`);
    await page.getByRole('navigation', { name: '本棚 管理コンソール' }).getByRole('link', { name: '連載' }).click();
    await page.getByRole('heading', { name: '連載', level: 1 }).waitFor();
    const link = page
      .getByRole('row')
      .filter({ has: page.getByRole('cell', { name: String(SERIAL_ID), exact: true }) })
      .getByRole('link');
    serialName = (await link.textContent()) ?? '';
    await link.click();
    await page.getByRole('heading', { name: serialName, level: 1 }).waitFor();

    const add = page.getByRole('form', { name: '新しい話を予約する' });
    // Coins only at 0 coins is refused, naming the field in Japanese.
    await add.getByLabel('話の名前').fill(EPISODE_TITLE);
    await add.getByLabel('読み方').selectOption('2');
    await add.getByLabel('価格（コイン・無料は0）').fill('0');
    await add.getByLabel('配信開始（日本時間）').fill(release);
    await add.getByLabel('ページ数').fill('12');
    await add.getByRole('button', { name: '新しい話を予約する' }).click();
    await page.getByText('「価格」を確認してください').waitFor();
    await add.getByLabel('価格（コイン・無料は0）').fill('55');
    await add.getByRole('button', { name: '新しい話を予約する' }).click();
    await page.getByText(/第\d+話を予約しました/).waitFor();
    const row = page.getByRole('table', { name: '話と配信予定' }).getByRole('row', { name: new RegExp(EPISODE_TITLE) });
    await row.waitFor();
    const cells = await row.getByRole('cell').allTextContents();
    assert.deepEqual(cells.slice(1, 5), [EPISODE_TITLE, 'コインのみ', '55', release.replace('T', ' ')]);
    // Edited from the table: the price goes to 60 coins.
    await row.getByRole('button', { name: '編集' }).click();
    const edit = page.getByRole('form', { name: `第${cells[0]}話を編集` });
    await edit.getByLabel('価格（コイン・無料は0）').fill('60');
    await edit.getByRole('button', { name: '保存する' }).click();
    await page.getByText('保存しました').waitFor();
    await row.getByRole('cell', { name: '60', exact: true }).waitFor();
    await shot(page, 'serial-1080');

    await page.goto(`${store.url}/admin/titles/${TITLE_ID}`);
    titleName = (await page.getByRole('heading', { level: 1 }).textContent()) ?? '';
    const detail = (await (await page.request.get(`${store.url}/api/admin/titles/${TITLE_ID}`)).json()) as {
      books: { id: number; vol: number }[];
    };
    const vol = detail.books.find((b) => b.id === BOOK_ID)!.vol;
    const coverForm = page.getByRole('form', { name: '表紙' }).nth(detail.books.findIndex((b) => b.id === BOOK_ID));
    await coverForm.getByLabel('表紙の画像（JPEG・PNG・WebP）').setInputFiles(coverFile);
    await coverForm.getByRole('button', { name: '表紙を差し替える' }).click();
    await page.getByText('表紙を差し替えました').waitFor();
    const coverImg = page.getByRole('img', { name: `第${vol}巻の表紙` });
    await page.getByText('アップロードした表紙').waitFor();
    coverVersion = new URL((await coverImg.getAttribute('src'))!, store.url).searchParams.get('v')!;

    const sample = page.getByRole('form', { name: '試し読み' }).nth(detail.books.findIndex((b) => b.id === BOOK_ID));
    await sample.getByLabel('ページを選ぶ（カスタム試し読み）').check();
    await sample.getByLabel('試し読みに使うページ（1から数えた番号をカンマ区切り、例 1,3,8）').fill('1,3');
    await sample.getByRole('button', { name: '試し読みを保存する' }).click();
    await page.getByText('試し読みを保存しました').waitFor();
    await coverImg.scrollIntoViewIfNeeded();
    await shot(page, 'title-media-1080');
    await context.close();
  });

  it('a member sees the scheduled episode and its price on the serial page, and the new cover on the volume page (1080 px)', async () => {
    const { context, page } = await loggedIn(MEMBER, 1080, `/serial/detail/${SERIAL_ID}`);
    const episode = page.locator('[data-testid="episode"]', { hasText: EPISODE_TITLE });
    await episode.getByText('60マンガコイン').waitFor();
    await episode.getByText(`${monthDay(release)}配信予定`).waitFor();
    await episode.scrollIntoViewIfNeeded();
    await shot(page, 'store-serial-1080');

    await page.goto(`${store.url}/series_list/series_id=${TITLE_ID}?book_id=${BOOK_ID}`);
    // The volume's tile in the series' list shows the new cover, at its new version.
    const cover = page.locator(`img[src*="/media/covers/${BOOK_ID}/"]`).first();
    await cover.waitFor({ state: 'attached' });
    await cover.scrollIntoViewIfNeeded();
    assert.match((await cover.getAttribute('src'))!, new RegExp(`[?&]v=${coverVersion}$`));
    await page.waitForFunction(
      (img) => (img as HTMLImageElement).complete && (img as HTMLImageElement).naturalWidth > 0,
      await cover.elementHandle(),
    );
    // The viewer's sample is the pages the operator chose (pages 1 and 3).
    const info = (await (await page.request.get(`${store.url}/api/browser/bookinfo/v2?bookId=${BOOK_ID}`)).json()) as {
      book_data: { customSamplePages: number[] };
    };
    assert.deepEqual(info.book_data.customSamplePages, [0, 2]);
    await shot(page, 'store-cover-1080');

    // A coin pack by card, then the volume with the coins: sales for the operator's reports.
    await page.goto(`${store.url}/mangacoin`);
    await page.getByTestId(`coin-pack-${PACK_1000}`).getByRole('button').click();
    await page.getByLabel('カード番号').fill(CARD.ok);
    await page.getByLabel('有効期限（MM/YY）').fill(CARD.expiry);
    await page.getByLabel('セキュリティコード').fill(CARD.cvc);
    await page.getByRole('button', { name: /円を支払う$/ }).click();
    await page.getByRole('status').filter({ hasText: 'マンガコインを購入しました' }).waitFor();
    await page.goto(`${store.url}/series_list/series_id=${TITLE_ID}?book_id=${BOOK_ID}`);
    await page.getByRole('button', { name: '購入する' }).click();
    const dialog = page.getByRole('dialog', { name: '購入する' });
    await dialog.getByRole('button', { name: '次へ' }).click();
    await dialog.getByRole('button', { name: /^購入する [\d,]+マンガコイン$/ }).click();
    await page.getByTestId('buy-box').getByRole('link', { name: '読む' }).waitFor();
    await context.close();
  });

  it('the reports page shows the top titles and the coin pack sales by payment type, with CSV (1080 and 768 px)', async () => {
    for (const width of [1080, 768]) {
      const { context, page } = await loggedIn(OPERATOR, width, '/admin/reports');
      const top = page.getByRole('table', { name: '売れている作品' });
      const topRow = top.getByRole('row', { name: new RegExp(titleName) });
      await topRow.waitFor();
      const [rank, , , , , coins] = await topRow.getByRole('cell').allTextContents();
      assert.match(rank!, /^\d+$/);
      assert.ok(Number(coins!.replaceAll(',', '')) > 0, `the volume's coins: ${coins}`);
      const packs = page.getByRole('table', { name: 'マンガコインの売上（コインパック・定期購入、支払い方法別）' });
      const card = packs.getByRole('row', { name: /コインパック.*クレジットカード/ });
      await card.waitFor();
      const [, , orders, yen] = await card.getByRole('cell').allTextContents();
      assert.ok(Number(orders) >= 1, `coin pack orders: ${orders}`);
      assert.ok(Number(yen!.replaceAll(',', '')) > 0, `coin pack yen: ${yen}`);
      const section = page.locator('section', { has: packs });
      const csvHref = await section.getByRole('link', { name: 'CSVダウンロード' }).getAttribute('href');
      const csv = await (await page.request.get(`${store.url}${csvHref}`)).text();
      assert.match(csv, /種類,支払い方法,注文数,円,コイン,ボーナスコイン\r\n(.*\r\n)*コインパック,クレジットカード,\d+,/);
      await page.getByRole('heading', { name: '売れている作品' }).scrollIntoViewIfNeeded();
      await shot(page, `reports-${width}`);
      if (width === 768) {
        await page.goto(`${store.url}/admin/serials/${SERIAL_ID}`);
        await page
          .getByRole('table', { name: '話と配信予定' })
          .getByRole('row', { name: new RegExp(EPISODE_TITLE) })
          .waitFor();
        await shot(page, 'serial-768');
        await page.goto(`${store.url}/admin/titles/${TITLE_ID}`);
        await page.getByText('アップロードした表紙').waitFor();
        await shot(page, 'title-media-768');
      }
      await context.close();
    }
  });

  it('the operator takes the uploaded cover back (768 px), and a member sees the cover the volume came with (375 px)', async () => {
    const { context, page } = await loggedIn(OPERATOR, 768, `/admin/titles/${TITLE_ID}`);
    const detail = (await (await page.request.get(`${store.url}/api/admin/titles/${TITLE_ID}`)).json()) as {
      books: { id: number; vol: number }[];
    };
    const index = detail.books.findIndex((b) => b.id === BOOK_ID);
    const coverForm = page.getByRole('form', { name: '表紙' }).nth(index);
    await coverForm.getByRole('button', { name: '取り込み時の表紙に戻す' }).click();
    await page.getByText('取り込み時の表紙に戻しました').waitFor();
    const figure = page.getByRole('img', { name: `第${detail.books[index]!.vol}巻の表紙` });
    await page.getByText('取り込み時の表紙', { exact: true }).first().waitFor();
    assert.equal(await coverForm.getByRole('button', { name: '取り込み時の表紙に戻す' }).count(), 0, 'nothing left to take back');
    await figure.scrollIntoViewIfNeeded();
    await shot(page, 'cover-reverted-768');
    await context.close();

    const member = await loggedIn(MEMBER, 375, `/series_list/series_id=${TITLE_ID}?book_id=${BOOK_ID}`);
    const cover = member.page.locator(`img[src*="/media/covers/${BOOK_ID}/"]`).first();
    await cover.waitFor({ state: 'attached' });
    const version = new URL((await cover.getAttribute('src'))!, store.url).searchParams.get('v');
    assert.ok(Number(version) > Number(coverVersion), `a new cover version after ${coverVersion}: ${version}`);
    await cover.scrollIntoViewIfNeeded();
    await member.page.waitForFunction(
      (img) => (img as HTMLImageElement).complete && (img as HTMLImageElement).naturalWidth > 0,
      await cover.elementHandle(),
    );
    await shot(member.page, 'store-cover-reverted-375');
    await member.context.close();
  });
});
