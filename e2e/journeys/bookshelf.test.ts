import assert from 'node:assert/strict';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { type StoreServer, grantMangaCoins, launchBrowser, screenshotDir, startStore } from '../support/server';
import { newMemberPage } from '../support/members';
import { findSerialOfTitle, findVolume } from '../support/fixtures';

/**
 * The bookshelf. 星降る街の探偵 (found by name): volumes 2 and 3 are sold
 * at their price in the demo catalog; the serial of 夜明けの図書館 rents episodes from episode 4 for 40 coins.
 */
let TITLE_ID = 0;
let VOL2 = 0;
let VOL3 = 0;
let SERIAL_ID = 0;

let store: StoreServer;
let browser: Browser;
const titleName = '星降る街の探偵';
/** The title the serial belongs to: its bookshelf entry is the title's. */
const serialTitleName = '夜明けの図書館';

before(async () => {
  [store, browser] = await Promise.all([startStore(), launchBrowser()]);
  const [vol2, vol3] = [await findVolume(store, titleName, 2), await findVolume(store, titleName, 3)];
  [TITLE_ID, VOL2, VOL3] = [vol2.titleId, vol2.id, vol3.id];
  SERIAL_ID = (await findSerialOfTitle(store, serialTitleName)).id;
});
after(async () => {
  await browser?.close();
  await store?.stop();
});

const shot = (page: Page, name: string) => page.screenshot({ path: path.join(screenshotDir, `bookshelf-${name}.png`), fullPage: true });

const newMember = (width: number) => newMemberPage(browser, store, { label: `shelf-${width}`, nickname: '本棚', width });

/** Buys a volume from its page with manga coins (the purchase dialog's 次へ, then 購入する with the amount). */
async function buyVolume(page: Page, bookId: number) {
  await page.goto(`${store.url}/series_list/series_id=${TITLE_ID}?book_id=${bookId}`);
  await page.getByRole('button', { name: '購入する' }).click();
  const dialog = page.getByRole('dialog', { name: '購入する' });
  await dialog.getByRole('button', { name: '次へ' }).click();
  await dialog.getByRole('button', { name: /^購入する [\d,]+マンガコイン$/ }).click();
  await page.getByTestId('buy-box').getByRole('link', { name: '読む' }).waitFor();
}

/** Rents the first locked episode on the serial's page with the daily ticket (a rental of 180 minutes) and opens it. */
async function rentEpisode(page: Page): Promise<number> {
  await page.goto(`${store.url}/serial/detail/${SERIAL_ID}`);
  const row = page.locator('[data-testid="episode"]', { has: page.getByRole('button', { name: '無料で読む' }) }).first();
  const episodeId = Number(await row.getAttribute('data-episode-id'));
  await row.getByRole('button', { name: '無料で読む' }).click();
  await page.getByRole('dialog', { name: 'チケットの使用確認' }).getByRole('button', { name: 'チケットを使って読む' }).click();
  await page.waitForURL(new RegExp(`serialEpisodeId=${episodeId}`));
  await page.getByRole('status').filter({ hasText: 'チケットを使いました' }).waitFor();
  await page.getByTestId('viewer-stage').locator('img').first().waitFor();
  return episodeId;
}

/** The page the server holds for the member (the viewer syncs on leaving). */
async function syncedPage(page: Page, bookId: number): Promise<number | null> {
  for (let i = 0; i < 50; i++) {
    const response = await page.request.get(`${store.url}/api/book/sync_page?book_id=${bookId}`);
    const body = (await response.json()) as { page: number } | null;
    const held = body?.page ?? null;
    if (held !== null && held > 0) return held;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return null;
}

describe('the bookshelf', () => {
  for (const width of [375, 1080]) {
    it(`at ${width} px: buy two volumes and rent an episode, find them on the shelf, continue reading at the synced page`, async () => {
      const { page, email } = await newMember(width);
      await grantMangaCoins(store, email, 3000);
      await buyVolume(page, VOL2);
      await buyVolume(page, VOL3);
      const episodeId = await rentEpisode(page);

      // Read volume 2 a few pages in, then leave the viewer: the position is synced.
      await page.goto(`${store.url}/viewer?cid=${VOL2}`);
      const stage = page.getByTestId('viewer-stage');
      await stage.waitFor();
      for (let i = 0; i < 4; i++) await page.keyboard.press('ArrowLeft');
      await page.waitForFunction(
        () => Number(document.querySelector('[data-testid="viewer-stage"]')?.getAttribute('data-current-page')) >= 3,
      );
      const readTo = Number(await stage.getAttribute('data-current-page'));
      await page.goto(`${store.url}/`);
      const synced = await syncedPage(page, VOL2);
      assert.equal(synced, readTo, 'the page left at is the synced page');

      // The top page shows 続きを読む for a member; the header's 本棚 opens the shelf.
      await page.getByRole('heading', { name: '続きを読む' }).waitFor();
      await page.getByRole('banner').getByRole('link', { name: '本棚', exact: true }).click();
      await page.waitForURL(`${store.url}/bookshelf`);
      await page.getByRole('heading', { name: '本棚', level: 1 }).waitFor();
      const continueRow = page.locator('section', { has: page.getByRole('heading', { name: '続きを読む' }) });
      await continueRow.getByText(`${readTo + 1}ページから`).waitFor();
      const series = page.getByRole('link', { name: `${titleName}の本を見る（2冊）` });
      await series.waitFor();
      await page.getByRole('link', { name: `${serialTitleName}の本を見る（1冊）` }).waitFor();
      await shot(page, `shelf-${width}`);

      // The series opens to its volumes: progress on volume 2, volume 3 unread, the next volume offered.
      await series.click();
      await page.getByRole('heading', { name: titleName }).waitFor();
      const volumes = page.getByRole('list', { name: '持っている本' }).getByRole('listitem');
      assert.equal(await volumes.count(), 2);
      await volumes.nth(0).getByRole('progressbar').waitFor();
      await volumes.nth(1).getByText('未読').waitFor();
      await page.getByRole('link', { name: /^4巻を購入する [\d,]+マンガコイン$/ }).waitFor();
      await shot(page, `series-${width}`);

      // Hidden from the shelf, then shown again.
      await volumes.nth(1).getByRole('button', { name: '非表示にする' }).click();
      await page.getByRole('list', { name: '持っている本' }).getByRole('listitem').nth(1).waitFor({ state: 'detached' });
      await page.goto(`${store.url}/bookshelf?filter=HIDDEN&title_id=${TITLE_ID}`);
      await page.getByRole('button', { name: '表示する' }).click();
      await page.getByText('この作品の本はありません。').waitFor();

      // レンタル中: the rented episode with its end; a keyword narrows the shelf with kana folding.
      await page.goto(`${store.url}/bookshelf`);
      await page.getByRole('link', { name: 'レンタル中' }).click();
      await page.getByRole('link', { name: `${serialTitleName}の本を見る（1冊）` }).click();
      await page.getByText(/\d{4}年\d{1,2}月\d{1,2}日( \d{2}:\d{2})?までレンタル中/).waitFor();
      await shot(page, `rental-${width}`);
      assert.equal(
        await page.getByRole('link', { name: '読む', exact: true }).getAttribute('href', { timeout: 5000 }),
        `/viewer?serialEpisodeId=${episodeId}`,
      );
      await page.goto(`${store.url}/bookshelf`);
      const search = page.getByRole('searchbox', { name: '本棚の中を検索' });
      await search.fill(titleName.slice(0, 2));
      await search.press('Enter');
      await page.waitForURL(/word=/);
      await page.getByRole('link', { name: `${titleName}の本を見る（2冊）` }).waitFor();
      assert.ok(!serialTitleName.includes(titleName.slice(0, 2)));
      await page.getByRole('link', { name: `${serialTitleName}の本を見る（1冊）` }).waitFor({ state: 'detached' });
      await page.getByText('1作品').waitFor();

      // 続きを読む opens the viewer at the synced page.
      await page.goto(`${store.url}/bookshelf`);
      await continueRow.getByRole('link', { name: new RegExp(`${readTo + 1}ページから`) }).click();
      await page.waitForURL(new RegExp(`cid=${VOL2}&startupPage=${readTo}`));
      await page.waitForFunction(
        (p) => document.querySelector('[data-testid="viewer-stage"]')?.getAttribute('data-current-page') === String(p),
        readTo,
      );
      await shot(page, `continue-${width}`);
      await page.context().close();
    });
  }

  it('a guest is sent to login and back to the shelf', async () => {
    const context = await browser.newContext({ viewport: { width: 375, height: 900 }, locale: 'ja-JP' });
    const page = await context.newPage();
    await page.goto(`${store.url}/bookshelf`);
    await page.waitForURL(/\/login\?callback=\/bookshelf/);
    await context.close();
  });
});
