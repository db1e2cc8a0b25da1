import assert from 'node:assert/strict';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { type StoreServer, grantMangaCoins, launchBrowser, screenshotDir, startStore } from '../support/server';
import { expectPage, imagePages, openViewer, signUpMember } from '../support/viewer-helpers';
import { findVolume } from '../support/fixtures';

/** 夜明けの図書館 (found by name): volume 2 is free in the demo catalog; volume 3 is sold, 14 pages with a 4-page sample. */
let FREE_VOL2 = 0;
let PAID_VOL3 = 0;
const PAGES = 14;

let store: StoreServer;
let browser: Browser;

before(async () => {
  [store, browser] = await Promise.all([startStore(), launchBrowser()]);
  FREE_VOL2 = (await findVolume(store, '夜明けの図書館', 2)).id;
  PAID_VOL3 = (await findVolume(store, '夜明けの図書館', 3)).id;
});
after(async () => {
  await browser?.close();
  await store?.stop();
});

const shot = (page: Page, name: string) => page.screenshot({ path: path.join(screenshotDir, `viewer-${name}.png`) });

async function readToLastPage(page: Page, bookId: number): Promise<void> {
  await openViewer(page, `${store.url}/viewer?cid=${bookId}`);
  await expectPage(page, 0);
  const total = Number(await page.locator('[data-total]').first().getAttribute('data-total'));
  assert.ok(total > 1, 'every page of the volume is readable');
  for (let i = 1; i < total; i++) {
    await page.keyboard.press('ArrowLeft');
    await expectPage(page, i);
  }
  await page.keyboard.press('ArrowLeft');
  await page.getByTestId('last-page').waitFor();
}

for (const width of [375, 1080]) {
  describe(`the viewer's last page at ${width} px`, () => {
    it('lets a member with manga coins buy the next volume and read it past the sample', async () => {
      const context = await browser.newContext({ viewport: { width, height: 800 }, locale: 'ja-JP' });
      const page = await context.newPage();
      const { email } = await signUpMember(page, store, `buy-${width}`);
      await grantMangaCoins(store, email, 5000);
      const info = await (await page.request.get(`${store.url}/api/browser/bookinfo/v2?bookId=${FREE_VOL2}`)).json();
      assert.equal(info.book_data.nextBookId, PAID_VOL3);
      const price: number = info.nextVolume.price;
      assert.ok(price > 0);

      await readToLastPage(page, FREE_VOL2);
      await page.getByText('読み終わりました').waitFor();
      const buy = page.getByRole('button', { name: `次の巻を購入する（${price.toLocaleString('ja-JP')}）` });
      await buy.waitFor();
      await page.getByText(info.book_data.nextBookTitle).first().waitFor();
      await shot(page, `last-page-buy-${width}`);

      await buy.click();
      const dialog = page.getByRole('dialog', { name: '購入する' });
      await dialog.getByRole('button', { name: '次へ' }).click();
      await dialog.getByRole('button', { name: `購入する ${price.toLocaleString('ja-JP')}マンガコイン`, exact: true }).click();
      await page.getByRole('status').filter({ hasText: '使用しました' }).waitFor();
      await shot(page, `last-page-bought-${width}`);

      // About a second later the bought volume opens, every page readable.
      await page.waitForURL(`${store.url}/viewer?cid=${PAID_VOL3}`);
      await expectPage(page, 0);
      assert.equal(await page.locator('[data-total]').first().getAttribute('data-total'), String(PAGES));
      const owned = await (await page.request.get(`${store.url}/api/browser/bookinfo/v2?bookId=${PAID_VOL3}`)).json();
      assert.equal(owned.book_data.bought, true);
      for (let i = 1; i <= 6; i++) {
        await page.keyboard.press('ArrowLeft');
        await expectPage(page, i);
      }
      assert.deepEqual(await imagePages(page), [6], 'page 7, past the 4-page sample, is drawn');
      await page.waitForFunction(() => {
        const img = document.querySelector<HTMLImageElement>('[data-testid=viewer-stage] img');
        return img !== null && img.complete && img.naturalWidth > 0;
      });
      await shot(page, `bought-next-volume-${width}`);

      // Back in volume 2, whose next volume is now the member's: near its end the viewer reads
      // volume 3's info once and fetches its first pages ahead, so turning on is instant.
      const asked: string[] = [];
      page.on('request', (request) => asked.push(request.url()));
      await openViewer(page, `${store.url}/viewer?cid=${FREE_VOL2}`);
      // It opens where the member stopped reading (synced), at or near the end.
      const stage = page.getByTestId('viewer-stage');
      await stage.waitFor();
      const vol2Total = Number(await page.locator('[data-total]').first().getAttribute('data-total'));
      const from = Number(await stage.getAttribute('data-current-page'));
      for (let i = from + 1; i < vol2Total; i++) {
        await page.keyboard.press('ArrowLeft');
        await expectPage(page, i);
      }
      const nextPageImage = new RegExp(`/media/pages/${PAID_VOL3}/0/\\d+\\.(webp|jpg)`);
      await page.waitForRequest(nextPageImage).catch(() => undefined);
      assert.equal(asked.filter((u) => u.includes(`/api/browser/bookinfo/v2?bookId=${PAID_VOL3}`)).length, 1, "volume 3's info read once");
      assert.ok(
        asked.some((u) => nextPageImage.test(u)),
        "volume 3's first page fetched ahead",
      );

      // The bought volume's series page, which the server keeps for members (decision 029): 読む
      // from the first paint on, never 購入する, whether the page was rendered or came from the cache.
      const titleId: number = (await (await page.request.get(`${store.url}/api/books/${PAID_VOL3}`)).json()).titleId;
      const seriesUrl = `${store.url}/series_list/series_id=${titleId}?book_id=${PAID_VOL3}`;
      const served = await page.request.get(seriesUrl);
      const markup = (await served.text()).replace(/<script[\s\S]*?<\/script>/g, '');
      assert.ok(!markup.includes('購入する'), 'the HTML before hydration offers no 購入する');
      await page.addInitScript(() => {
        const w = window as unknown as { buyShown: boolean };
        w.buyShown = false;
        new MutationObserver(() => {
          if (document.querySelector('[data-testid=buy-box]')?.textContent?.includes('購入する')) w.buyShown = true;
        }).observe(document, { subtree: true, childList: true, characterData: true });
      });
      for (const visit of ['first', 'again']) {
        const response = await page.goto(seriesUrl);
        if (visit === 'again') assert.equal(response?.headers()['x-page-cache'], 'hit', 'the member page came from the cache');
        await page.getByTestId('buy-box').getByRole('link', { name: '読む' }).waitFor();
        assert.equal(await page.evaluate(() => (window as unknown as { buyShown: boolean }).buyShown), false, `no 購入する (${visit})`);
      }
      await shot(page, `series-owned-${width}`);
      await context.close();
    });

    it('shows a guest login and signup links that come back to the viewer', async () => {
      const context = await browser.newContext({ viewport: { width, height: 800 }, locale: 'ja-JP' });
      const page = await context.newPage();
      await page.goto(`${store.url}/viewer?cid=${FREE_VOL2}&open_lastpage=true`);
      await page.getByTestId('last-page').waitFor();
      const commerce = page.getByTestId('last-page-commerce');
      const login = commerce.getByRole('link', { name: 'ログイン', exact: true });
      await login.waitFor();
      assert.equal(await login.getAttribute('href'), `/login?callback=/viewer${encodeURIComponent(`?cid=${FREE_VOL2}`)}`);
      const signup = commerce.getByRole('link', { name: '無料会員登録' });
      assert.equal(
        await signup.getAttribute('href'),
        `/signup?callback_url=${encodeURIComponent(`/viewer?cid=${FREE_VOL2}`)}&redirect=true`,
      );
      await shot(page, `last-page-guest-${width}`);

      await login.click();
      await page.waitForURL(/\/login\?callback=/);
      await context.close();
    });
  });
}
