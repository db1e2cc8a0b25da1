import assert from 'node:assert/strict';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { type StoreServer, grantMangaCoins, launchBrowser, screenshotDir, startStore } from '../support/server';
import { buyBook, expectPage, openViewer, signUpMember } from '../support/viewer-helpers';
import { DAY, createLoginCoupon, findVolume, publishBook, volumesOf } from '../support/fixtures';

/** 夜明けの図書館: volume 2 is free in the demo catalog; volume 3 is sold with a sample (found by name). */
const TITLE = '夜明けの図書館';
let freeVol2 = 0;
let paidVol3 = 0;

let store: StoreServer;
let browser: Browser;
/** 鋼鉄の騎士団's volume 1 (found by name): a sold image volume of another series, whose sale the set-up stops: the close-only last page. */
const STOPPED_TITLE = '鋼鉄の騎士団';
let stopped: number;
/** The latest released volume of an unfinished series (夜明けの図書館) with a volume to pre-order (decision 027). */
let latest: { id: number; reservable: number };

before(async () => {
  [store, browser] = await Promise.all([startStore(), launchBrowser()]);
  await createLoginCoupon(store, 7 * DAY);
  const first = await findVolume(store, TITLE, 2);
  freeVol2 = first.id;
  paidVol3 = (await findVolume(store, TITLE, 3)).id;
  // 夜明けの図書館 is unfinished: its latest volume on sale, and the next one to come.
  const volumes = await volumesOf(store, first.titleId);
  const latestOnSale = volumes.filter((v) => v.salesStatus === 'ON_SALE').at(-1);
  assert.ok(latestOnSale, `${TITLE} has a volume on sale`);
  assert.equal(latestOnSale.layoutType, 0, 'an image volume');
  const next = volumes.find((v) => v.vol > latestOnSale.vol && v.salesStatus === 'IN_RESERVATION');
  assert.ok(next, `${TITLE} has a volume to pre-order after its latest one`);
  latest = { id: latestOnSale.id, reservable: next.id };
  const toStop = await findVolume(store, STOPPED_TITLE, 1);
  assert.ok(toStop.layoutType === 0 && toStop.price > 0 && toStop.hasSample, `${STOPPED_TITLE} 1 is a sold image volume with a sample`);
  stopped = toStop.id;
  // An operator stops its sale in the console (販売停止); the store learns of the change within a second.
  await publishBook(store, toStop, false);
});
after(async () => {
  await browser?.close();
  await store?.stop();
});

const shot = (page: Page, name: string) => page.screenshot({ path: path.join(screenshotDir, `viewer-lastpage-${name}.png`) });

/** Retries `check` for up to 3 s (the store learns of a catalog change within a second). */
async function expect(check: () => Promise<void>): Promise<void> {
  const until = Date.now() + 3_000;
  for (;;) {
    try {
      return await check();
    } catch (error) {
      if (Date.now() > until) throw error;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
}

async function turnToLastPage(page: Page): Promise<void> {
  await expectPage(page, 0);
  const total = Number(await page.locator('[data-total]').first().getAttribute('data-total'));
  for (let i = 1; i < total; i++) {
    await page.keyboard.press('ArrowLeft');
    await expectPage(page, i);
  }
  await page.keyboard.press('ArrowLeft');
  await page.getByTestId('last-page').waitFor();
}

for (const width of [375, 1080]) {
  describe(`the viewer's last page and free books at ${width} px`, () => {
    it('a guest at the end of a sample adds the book to the cart and sees the login coupon banner', async () => {
      const context = await browser.newContext({ viewport: { width, height: 800 }, locale: 'ja-JP' });
      const page = await context.newPage();
      await page.goto(`${store.url}/viewer?cid=${paidVol3}`);
      await turnToLastPage(page);
      assert.equal(await page.getByTestId('last-page').getAttribute('data-variant'), 'guest');
      // §4: open_lastpage=true is in the URL while the last page shows.
      assert.equal(new URL(page.url()).searchParams.get('open_lastpage'), 'true');

      const banner = page.getByTestId('coupon-banner');
      await banner.getByText('半額クーポン適用価格').waitFor();
      await banner.getByRole('link', { name: /ログイン/ }).waitFor();
      const cart = page.getByTestId('last-page-guest-cart');
      await cart.getByRole('button', { name: 'カートに追加' }).click();
      await page.getByTestId('snackbar').getByText('カートに追加しました').waitFor();
      await cart.getByRole('link', { name: 'カートを見る' }).waitFor();
      const stored = await page.evaluate(() => window.localStorage.getItem('hondana.guestCart'));
      assert.ok(stored && JSON.parse(stored).includes(paidVol3), `the guest cart holds book ${paidVol3}: ${stored}`);
      await page.waitForTimeout(400); // the snackbar's 300 ms rise
      await banner.scrollIntoViewIfNeeded();
      await shot(page, `guest-${width}`);

      // Leaving the last page (back to the book) takes open_lastpage out of the URL again.
      await page.keyboard.press('ArrowRight');
      await page.getByTestId('last-page').waitFor({ state: 'detached' });
      await page.waitForFunction(() => !location.search.includes('open_lastpage'));

      // The snackbar is gone after 3300 ms.
      await page.getByTestId('snackbar').waitFor({ state: 'detached', timeout: 5_000 });
      await page.goto(`${store.url}/cart`);
      await page.getByText('夜明けの図書館', { exact: false }).first().waitFor();
      await context.close();
    });

    it('a member opening a free book owns it after the page reloads', async () => {
      const context = await browser.newContext({ viewport: { width, height: 800 }, locale: 'ja-JP' });
      const page = await context.newPage();
      await signUpMember(page, store, `free-${width}`);
      const before = await (await page.request.get(`${store.url}/api/browser/bookinfo/v2?bookId=${freeVol2}`)).json();
      assert.equal(before.book_data.bought, false);

      const bought = page.waitForResponse((r) => r.url().endsWith('/api/order/free_book'));
      await page.goto(`${store.url}/viewer?cid=${freeVol2}`);
      // The server's render says the purchase is under way; the reloaded page has nothing to buy.
      assert.equal((await bought).status(), 200);
      await page.locator('[data-testid=viewer][data-free-book=done]').waitFor();
      await expectPage(page, 0);
      await page.waitForFunction(() => {
        const img = document.querySelector<HTMLImageElement>('[data-testid=viewer-stage] img');
        return img !== null && img.complete && img.naturalWidth > 0;
      });
      await shot(page, `free-owned-${width}`);

      const after = await (await page.request.get(`${store.url}/api/browser/bookinfo/v2?bookId=${freeVol2}`)).json();
      assert.equal(after.book_data.bought, true);
      assert.equal(after.book_data.possessionStatus, 'OWNED');
      const shelf = await (await page.request.get(`${store.url}/api/user_books/me`)).json();
      assert.ok(
        shelf.series.some((s: { titleId: number }) => s.titleId === before.book_data.titleId),
        'the series is on the bookshelf',
      );
      await page.goto(`${store.url}/bookshelf`);
      await page.getByText(before.book_data.titleName).first().waitFor();
      await page.waitForFunction(() => {
        const img = document.querySelector<HTMLImageElement>('main img');
        return img !== null && img.complete && img.naturalWidth > 0;
      });
      await shot(page, `free-bookshelf-${width}`);
      await context.close();
    });

    it('in the app, the order-complete last page offers アプリで読む with the deep link', async () => {
      const context = await browser.newContext({
        viewport: { width, height: 800 },
        locale: 'ja-JP',
        extraHTTPHeaders: { 'x-app-session': `journey-app-${width}` },
      });
      const page = await context.newPage();
      const { email } = await signUpMember(page, store, `app-${width}`);
      await grantMangaCoins(store, email, 5000);
      // The end of volume 3's sample: the not-bought page sells this volume.
      await openViewer(page, `${store.url}/viewer?cid=${paidVol3}&open_lastpage=true`);
      await page.getByTestId('last-page').waitFor();
      const info = await (await page.request.get(`${store.url}/api/browser/bookinfo/v2?bookId=${paidVol3}`)).json();
      const price: number = info.book_data.price;
      await page.getByRole('button', { name: `この巻を購入する（${price.toLocaleString('ja-JP')}）` }).click();
      const dialog = page.getByRole('dialog', { name: '購入する' });
      await dialog.getByRole('button', { name: '次へ' }).click();
      await dialog.getByRole('button', { name: `購入する ${price.toLocaleString('ja-JP')}マンガコイン`, exact: true }).click();

      const complete = page.getByRole('region', { name: '購入が完了しました' });
      await complete.waitFor();
      // The page says the purchase is done, not that the sample ended (no reload follows in the app).
      const lastPage = page.getByTestId('last-page');
      assert.equal(await lastPage.getAttribute('data-variant'), 'orderComplete');
      assert.equal(await lastPage.getByTestId('last-page-heading').textContent(), '購入が完了しました');
      assert.equal(await lastPage.getByText('試し読みはここまでです').count(), 0);
      const inApp = complete.getByRole('link', { name: 'アプリで読む' });
      assert.equal(await inApp.getAttribute('href'), `hondana://viewer?cid=${paidVol3}`);
      assert.equal(await complete.getByRole('link', { name: '今すぐ読む' }).getAttribute('href'), `/viewer?cid=${paidVol3}`);
      await page.waitForTimeout(1500);
      assert.equal(await complete.count(), 1, 'in the app the member chooses: no reload');
      assert.equal(await lastPage.getByText('試し読みはここまでです').count(), 0, 'still no sample-end heading after the reload time');
      await complete.scrollIntoViewIfNeeded();
      await shot(page, `order-complete-app-${width}`);

      await complete.getByRole('link', { name: '今すぐ読む' }).click();
      await page.waitForURL(`${store.url}/viewer?cid=${paidVol3}`);
      await expectPage(page, 0);
      await context.close();
    });

    it('a volume whose sale has stopped ends on the close-only last page', async () => {
      const context = await browser.newContext({ viewport: { width, height: 800 }, locale: 'ja-JP' });
      const page = await context.newPage();
      await signUpMember(page, store, `closed-${width}`);
      await expect(async () => {
        const info = await (await page.request.get(`${store.url}/api/browser/bookinfo/v2?bookId=${stopped}`)).json();
        assert.equal(info.book_data.salable, false);
      });
      await openViewer(page, `${store.url}/viewer?cid=${stopped}&open_lastpage=true`);
      const lastPage = page.getByTestId('last-page');
      await lastPage.waitFor();
      assert.equal(await lastPage.getAttribute('data-variant'), 'closeOnly');
      await lastPage.getByText('この作品の販売は終了しました').waitFor();
      // Nothing to buy and nothing to continue: the close button only.
      assert.equal(await lastPage.getByRole('link').count(), 1);
      assert.equal(await lastPage.getByRole('button').count(), 0);
      assert.equal(await page.getByTestId('last-page-commerce').count(), 0);
      await lastPage.getByRole('link', { name: '本を閉じる' }).waitFor();
      await shot(page, `close-only-${width}`);
      await context.close();
    });

    it("the bought last page of a series' latest volume links to the next volume's pre-order", async () => {
      const context = await browser.newContext({ viewport: { width, height: 800 }, locale: 'ja-JP' });
      const page = await context.newPage();
      const { email } = await signUpMember(page, store, `preorder-${width}`);
      await buyBook(page, store, email, latest.id);
      await openViewer(page, `${store.url}/viewer?cid=${latest.id}&open_lastpage=true`);
      const lastPage = page.getByTestId('last-page');
      await lastPage.waitFor();
      assert.equal(await lastPage.getAttribute('data-variant'), 'bought');
      const bought = page.getByRole('region', { name: '読了' });
      await bought.getByText('次の巻を予約できます').waitFor();
      const preorder = lastPage.getByRole('link', { name: '次の巻を予約する' });
      assert.equal(await preorder.getAttribute('href'), `/preorder/confirm/book_id=${latest.reservable}?ref=preorder_reader`);
      // The next volume is only a pre-order: no buy button for it, the latest-volume block instead.
      assert.equal(await lastPage.getByRole('button', { name: /次の巻を購入/ }).count(), 0);
      assert.equal(await lastPage.getByRole('link', { name: /次の巻を購入/ }).count(), 0);
      await lastPage.getByText('最新刊まで読みました').first().waitFor();
      // The next volume's notice is set from here, with the reader's ref (§2).
      const notice = lastPage.getByRole('link', { name: '新刊の通知を設定する' });
      assert.match((await notice.getAttribute('href')) ?? '', /^\/series_list\/line_notice\/\d+\?ref=lineSetting_reader$/);
      await preorder.scrollIntoViewIfNeeded();
      await shot(page, `bought-preorder-${width}`);
      await preorder.click();
      await page.waitForURL(new RegExp(`/preorder/confirm/book_id=${latest.reservable}`));
      await context.close();
    });
  });
}
