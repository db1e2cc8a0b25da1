import assert from 'node:assert/strict';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { Browser, Locator, Page } from 'playwright-core';
import { type StoreServer, grantMangaCoins, launchBrowser, screenshotDir, startStore } from '../support/server';
import { loggedInAs, makeOperator, signUpMember } from '../support/members';

/**
 * The console's title and volume pickers: an operator finds a title by part of its name, chooses it
 * from the list (by keyboard for the campaign, by pointer for the bundle's volumes), and the ids go
 * into the forms; a member then sees the campaign's points and the set on the volume page. At 375
 * and 1080 px, each width with its own title.
 */
const OPERATOR = `picker-operator-${Date.now()}@example.jp`;

let store: StoreServer;
let browser: Browser;

const yen = (n: number) => n.toLocaleString('ja-JP');
const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const tokyoMinute = (offsetMs: number) => new Date(Date.now() + offsetMs + 9 * 3600_000).toISOString().slice(0, 16);
const shot = (page: Page, name: string) =>
  page.screenshot({ path: path.join(screenshotDir, `console-picker-${name}.png`), fullPage: true });

const signUp = (email: string) => signUpMember(store, email, 'picker');

async function loggedIn(email: string, width: number): Promise<Page> {
  return (await loggedInAs(browser, store, email, width)).page;
}

interface Book {
  id: number;
  contentsName: string;
  price: number;
  sale: unknown;
  free: unknown;
  published: boolean;
  releaseAt: string;
}
interface Candidate {
  id: number;
  name: string;
  books: Book[];
}

/** Titles with two paid volumes at list price, on sale now (the demo catalog has several). */
async function candidates(page: Page): Promise<Candidate[]> {
  const list = (await (await page.request.get(`${store.url}/api/admin/titles?q=`)).json()) as {
    titles: { id: number; name: string; publishedCount: number }[];
  };
  const now = tokyoMinute(0);
  const found: Candidate[] = [];
  for (const t of list.titles.filter((x) => x.publishedCount >= 3 && x.name.length >= 3)) {
    const detail = (await (await page.request.get(`${store.url}/api/admin/titles/${t.id}`)).json()) as { books: Book[] };
    const paid = detail.books.filter((b) => b.published && b.price > 0 && b.sale === null && b.free === null && b.releaseAt < now);
    if (paid.length >= 2) found.push({ id: t.id, name: t.name, books: paid.slice(0, 2) });
    if (found.length === 2) break;
  }
  return found;
}

/** Types part of the title's name into the picker, then moves with ↓ until the title is the active option, and presses Enter. */
async function pickByKeyboard(page: Page, scope: Locator, title: Candidate, width: number): Promise<void> {
  const search = scope.getByRole('combobox', { name: '作品名で探す' });
  await search.fill(title.name.slice(0, 3));
  const wanted = scope.getByRole('option', { name: new RegExp(`^${escape(title.name)}（ID ${title.id}・`) });
  await wanted.waitFor();
  for (let i = 0; i < 10 && (await wanted.getAttribute('aria-selected')) !== 'true'; i++) await search.press('ArrowDown');
  assert.equal(await wanted.getAttribute('aria-selected'), 'true', 'the title became the active option by keyboard');
  assert.equal(await search.getAttribute('aria-activedescendant'), await wanted.getAttribute('id'));
  await shot(page, `campaign-listbox-${width}`);
  await search.press('Enter');
  assert.equal(await search.getAttribute('aria-expanded'), 'false');
}

before(async () => {
  [store, browser] = await Promise.all([startStore(), launchBrowser()]);
  await signUp(OPERATOR);
  await makeOperator(store, OPERATOR);
});
after(async () => {
  await browser?.close();
  await store?.stop();
});

describe('an operator picks titles and volumes by name', () => {
  let titles: Candidate[] = [];

  before(async () => {
    const page = await loggedIn(OPERATOR, 1080);
    titles = await candidates(page);
    assert.equal(titles.length, 2, 'the demo catalog has two titles with two paid volumes each');
    await page.context().close();
  });

  for (const [index, width] of [375, 1080].entries()) {
    it(`a title's point campaign and a set of its volumes, made by name, show on the volume page (${width} px)`, async () => {
      const title = titles[index]!;
      const campaign = `ピッカー作品ボーナス ${width}`;
      const bundle = `ピッカーセット ${width}`;
      const page = await loggedIn(OPERATOR, width);

      await page.goto(`${store.url}/admin/point-campaigns`);
      const campaignForm = page.getByRole('form', { name: 'キャンペーンを作成する' });
      await campaignForm.getByLabel('種類').selectOption('series');
      await campaignForm.getByLabel('キャンペーン名').fill(campaign);
      await campaignForm.getByLabel('還元率（%、0で固定ポイント）').fill('0');
      await campaignForm.getByLabel('固定ポイント（1冊あたり）').fill('333');
      await pickByKeyboard(page, campaignForm, title, width);
      assert.equal(await campaignForm.getByLabel(/^対象の作品ID/).inputValue(), String(title.id));
      await campaignForm.getByText(`選択中の作品：${title.name}`).waitFor();
      await shot(page, `campaign-picked-${width}`);
      await campaignForm.getByRole('button', { name: 'キャンペーンを作成する' }).click();
      await page.getByText('作成しました').waitFor();
      await page
        .getByRole('row', { name: new RegExp(escape(campaign)) })
        .getByText('実施中')
        .waitFor();

      await page.getByRole('link', { name: 'セット販売' }).click();
      const bundleForm = page.getByRole('form', { name: 'セットを作成する' });
      await bundleForm.getByLabel('セット名').fill(bundle);
      const search = bundleForm.getByRole('combobox', { name: '作品名で探す' });
      await search.fill(title.name.slice(0, 3));
      await bundleForm.getByRole('option', { name: new RegExp(`^${escape(title.name)}（ID ${title.id}・`) }).click();
      const volumes = bundleForm.getByRole('group', { name: `「${title.name}」の巻（押して選ぶ・外す）` });
      for (const book of title.books) {
        const button = volumes.getByRole('button', { name: `${book.contentsName}（ID ${book.id}）` });
        await button.click();
        assert.equal(await button.getAttribute('aria-pressed'), 'true');
      }
      assert.equal(await bundleForm.getByLabel('巻ID（カンマ区切り、2冊以上）').inputValue(), title.books.map((b) => b.id).join(', '));
      await bundleForm.getByText(`選択中の巻：${title.books.map((b) => b.contentsName).join('、')}`).waitFor();
      const setPrice = Math.floor(((title.books[0]!.price + title.books[1]!.price) * 0.7) / 10) * 10;
      await bundleForm.getByLabel('セット価格（コイン、税込）').fill(String(setPrice));
      await bundleForm.getByLabel('販売開始（日本時間）').fill(tokyoMinute(-3600_000));
      await shot(page, `bundle-picked-${width}`);
      await bundleForm.getByRole('button', { name: 'セットを作成する' }).click();
      await page.getByText('作成しました').waitFor();
      await page
        .getByRole('row', { name: new RegExp(escape(bundle)) })
        .getByText('販売中')
        .waitFor();
      await shot(page, `bundles-${width}`);
      await page.context().close();

      const email = `picker-member-${width}-${Date.now()}@example.jp`;
      await signUp(email);
      await grantMangaCoins(store, email, 5000);
      const member = await loggedIn(email, width);
      const book = title.books[0]!;
      const info = (await (await member.request.get(`${store.url}/api/books/${book.id}`)).json()) as {
        seriesId: number;
        pointTotal: number;
        pointCampaign: { list: { name: string; point: number }[] };
      };
      assert.ok(
        info.pointCampaign.list.some((l) => l.name === campaign && l.point > 0),
        'the picked title’s campaign gives points on its volume',
      );
      await member.goto(`${store.url}/series_list/series_id=${info.seriesId}?book_id=${book.id}`);
      await member
        .getByText(`${yen(info.pointTotal)}pt還元`)
        .first()
        .waitFor();
      await member.getByRole('link', { name: `セットでカートに入れる（${yen(setPrice)}円）` }).waitFor();
      await shot(member, `volume-${width}`);
      await member.getByRole('button', { name: '購入する' }).click();
      const dialog = member.getByRole('dialog', { name: '購入する' });
      await dialog.getByRole('button', { name: /ポイント内訳/ }).click();
      await dialog.getByRole('region', { name: '獲得予定ポイント' }).getByText(campaign).waitFor();
      await member.screenshot({ path: path.join(screenshotDir, `console-picker-points-${width}.png`) });
      await member.context().close();
    });
  }
});
