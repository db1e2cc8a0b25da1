import assert from 'node:assert/strict';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { type StoreServer, launchBrowser, screenshotDir, startStore } from '../support/server';
import { loggedInAs, makeOperator, signUpMember } from '../support/members';

/**
 * The console's banner editor through the pages: an operator creates a reach banner at 1080 px;
 * a member (768 px) and a guest (375 px) see it first on the top page (highest priority) and
 * follow its link; once the operator ends it, the store no longer shows it.
 */
const OPERATOR = `banner-operator-${Date.now()}@example.jp`;

let store: StoreServer;
let browser: Browser;
let titleId = 0;
let cover = '';

const tokyoMinute = (offsetMs: number) => new Date(Date.now() + offsetMs + 9 * 3600_000).toISOString().slice(0, 16);
const shot = (page: Page, name: string) => page.screenshot({ path: path.join(screenshotDir, `admin-banners-${name}.png`), fullPage: true });

const signUp = (email: string) => signUpMember(store, email, 'banner');

const loggedIn = (email: string, width: number) => loggedInAs(browser, store, email, width);

before(async () => {
  [store, browser] = await Promise.all([startStore(), launchBrowser()]);
  await signUp(OPERATOR);
  await makeOperator(store, OPERATOR);
});
after(async () => {
  await browser?.close();
  await store?.stop();
});

/** The top page's reach banners, in the order shown. */
async function topBanners(page: Page): Promise<string[]> {
  await page.goto(`${store.url}/`);
  await page.getByTestId('reach-banner').first().waitFor();
  return page.getByTestId('reach-banner').evaluateAll((links) => links.map((a) => a.getAttribute('href') ?? ''));
}

describe('the console sets the store’s banners', () => {
  it('an operator creates a banner in the console (1080 px); a script address is refused naming the field', async () => {
    const { context, page } = await loggedIn(OPERATOR, 1080);
    // A cover of the demo catalog stands in for the banner's art.
    const titles = (await (await page.request.get(`${store.url}/api/admin/titles?q=`)).json()) as { titles: { id: number; publishedCount: number }[] };
    for (const t of titles.titles.filter((x) => x.publishedCount > 0)) {
      const detail = (await (await page.request.get(`${store.url}/api/admin/titles/${t.id}`)).json()) as { books: { id: number; published: boolean }[] };
      const book = detail.books.find((b) => b.published);
      const info = book && (await page.request.get(`${store.url}/api/books/${book.id}`));
      if (info?.ok()) {
        cover = ((await info.json()) as { imageUrl: string }).imageUrl;
        titleId = t.id;
        break;
      }
    }
    assert.ok(cover, 'the demo catalog has a published volume with a cover');

    await page.goto(`${store.url}/admin`);
    await page.getByRole('link', { name: 'バナー' }).click();
    await page.getByRole('heading', { name: 'バナー', level: 1 }).waitFor();
    const form = page.getByRole('form', { name: 'バナーを作成する' });
    await form.getByLabel('画像のURL（/media/... または https://...）').fill('javascript:alert(1)');
    await form.getByLabel('リンク先（/... または https://...）').fill(`/series_list/series_id=${titleId}`);
    await form.getByLabel('表示場所').selectOption('top');
    await form.getByLabel('優先度（大きいほど先に表示）').fill('1000');
    await form.getByLabel('掲載開始（日本時間）').fill(tokyoMinute(-3600_000));
    await form.getByLabel('掲載終了（日本時間）').fill(tokyoMinute(7 * 86400_000));
    await form.getByRole('button', { name: 'バナーを作成する' }).click();
    await page.getByText('「バナー画像」を確認してください').waitFor();
    await form.getByLabel('画像のURL（/media/... または https://...）').fill(cover);
    await form.getByRole('button', { name: 'バナーを作成する' }).click();
    await page.getByText('作成しました').waitFor();
    const row = page.getByRole('row', { name: new RegExp(`series_id=${titleId}`) }).first();
    await row.getByText('掲載中').waitFor();
    await row.getByText('1000').waitFor();
    await shot(page, 'console-1080');
    await context.close();
  });

  it('a member at 768 px sees it first on the top page and follows its link', async () => {
    const email = `banner-member-${Date.now()}@example.jp`;
    await signUp(email);
    const { context, page } = await loggedIn(email, 768);
    const order = await topBanners(page);
    assert.equal(order[0], `/series_list/series_id=${titleId}`);
    const banner = page.getByTestId('reach-banner').first();
    assert.equal(await banner.locator('img').getAttribute('src'), cover);
    await banner.scrollIntoViewIfNeeded();
    await shot(page, 'store-member-768');
    await banner.click();
    await page.waitForURL(new RegExp(`/series_list/series_id=${titleId}`));
    await context.close();
  });

  it('a guest at 375 px sees it too; once the operator ends it, the store no longer shows it', async () => {
    const context = await browser.newContext({ viewport: { width: 375, height: 812 }, locale: 'ja-JP' });
    const page = await context.newPage();
    assert.equal((await topBanners(page))[0], `/series_list/series_id=${titleId}`);
    await page.getByTestId('reach-banner').first().scrollIntoViewIfNeeded();
    await shot(page, 'store-guest-375');

    const op = await loggedIn(OPERATOR, 1080);
    await op.page.goto(`${store.url}/admin/banners`);
    const row = op.page.getByRole('row', { name: new RegExp(`series_id=${titleId}`) }).first();
    await row.getByRole('button', { name: /^掲載終了/ }).click();
    await op.page.getByText('終了しました').waitFor();
    await row.getByText('終了', { exact: true }).waitFor();
    await op.context.close();

    await page.goto(`${store.url}/`);
    await page.waitForLoadState('networkidle');
    const shown = await page.getByTestId('reach-banner').evaluateAll((links) => links.map((a) => a.getAttribute('href')));
    assert.ok(!shown.includes(`/series_list/series_id=${titleId}`), `ended banner still shown: ${shown.join(', ')}`);
    await context.close();
  });
});
