import assert from 'node:assert/strict';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { type StoreServer, grant, launchBrowser, screenshotDir, signUpWithCoins, startStore } from '../support/server';
import { PASSWORD } from '../support/members';
import { DAY, type Volume, createLoginCoupon, editBook, findVolume } from '../support/fixtures';

/** 星降る街の探偵: volumes 2 and 3 are sold at their price in the demo catalog (found by name). */
const TITLE = '星降る街の探偵';
let volumeIds: number[] = [];
let volumes: Volume[] = [];
let titleId = 0;
/** A title of the demo whose volumes 1–3 are sold as a set. */
const BUNDLE_TITLE = '鋼鉄の騎士団';
/** A paid volume of another title than TITLE's, for a cart of two titles (found by name). */
const OTHER_TITLE = '夜明けの図書館';

let store: StoreServer;
let browser: Browser;

before(async () => {
  [store, browser] = await Promise.all([startStore(), launchBrowser()]);
  // The login-appeal coupon of §5: 50% off, given to members when they open their cart, made in the console.
  await createLoginCoupon(store, 7 * DAY);
  volumes = [await findVolume(store, TITLE, 2), await findVolume(store, TITLE, 3)];
  volumeIds = volumes.map((v) => v.id);
  titleId = volumes[0]!.titleId;
});
after(async () => {
  await browser?.close();
  await store?.stop();
});

const shot = (page: Page, name: string) => page.screenshot({ path: path.join(screenshotDir, `${name}.png`), fullPage: true });

const signUpElsewhere = (email: string) => signUpWithCoins(browser, store, { email, nickname: 'カート', coins: 5000 });

for (const width of [375, 1080]) {
  describe(`the cart at ${width} px`, () => {
    it('a guest adds two volumes, logs in, finds them in the cart, applies the 半額 coupon and buys them with manga coins', async () => {
      const email = `cart-${width}-${Date.now()}@example.jp`;
      await signUpElsewhere(email);
      const context = await browser.newContext({ viewport: { width, height: 900 }, locale: 'ja-JP' });
      const page = await context.newPage();

      for (const [i, bookId] of volumeIds.entries()) {
        await page.goto(`${store.url}/series_list/series_id=${titleId}?book_id=${bookId}`);
        if (width === 375 && i === 0) await shot(page, 'cart-button-guest-375');
        await page.getByRole('link', { name: 'カートに追加' }).click();
        await page.waitForURL(/\/cart\?add=/);
        await page.getByText(`カートに${i + 1}冊あります`).waitFor();
        // The header counts a guest's cart too (kept in this browser).
        await page
          .getByTestId('cart-count')
          .filter({ hasText: String(i + 1) })
          .waitFor();
      }
      await page.goto(`${store.url}/ranking/daily/1`);
      await page.getByTestId('cart-count').filter({ hasText: '2' }).waitFor();
      // Adding the same volume again changes nothing (§5: duplicates ignored).
      await page.goto(`${store.url}/cart?add=${volumeIds[0]}&ref=e2e`);
      await page.getByText('カートに2冊あります').waitFor();
      // §5 login-appeal banner of the guest coupon (rate 50 → 半額クーポン適用価格, up to 3 books).
      await page.getByText('半額クーポン適用価格').first().waitFor();
      await page.getByText(/無料会員登録で最大3冊まで/).waitFor();
      await shot(page, `cart-guest-${width}`);
      await page.getByRole('link', { name: 'ログインしてカートを見る' }).click();
      await page.getByLabel('メールアドレス').fill(email);
      await page.getByLabel('パスワード').fill(PASSWORD);
      await page.getByRole('button', { name: 'ログインする' }).click();
      await page.waitForURL(`${store.url}/cart`);
      for (const bookId of volumeIds) await page.getByTestId(`cart-item-${bookId}`).waitFor();
      assert.equal(await page.evaluate(() => window.localStorage.getItem('hondana.guestCart')), null);

      // The cart opens with the coupon it marks いちばんお得 already applied (issue 34 item 16).
      const picker = page.getByTestId('coupon-picker');
      assert.ok(
        await picker.locator('label', { hasText: 'いちばんお得' }).getByRole('radio').isChecked(),
        'the best coupon is preselected',
      );
      await page
        .getByTestId('cart-discount')
        .filter({ hasNotText: /^-0円$/ })
        .waitFor();
      await picker.getByRole('button', { name: 'クーポンを外す' }).click();
      await page
        .getByTestId('cart-discount')
        .filter({ hasText: /^-0円$/ })
        .waitFor();
      const before = (await page.getByTestId('cart-amount').textContent()) ?? '';
      await picker.getByRole('radio', { name: /新規会員 半額クーポン/ }).click();
      await page
        .getByTestId('cart-discount')
        .filter({ hasNotText: /^-0円$/ })
        .waitFor();
      const after = (await page.getByTestId('cart-amount').textContent()) ?? '';
      assert.ok(Number(after.replace(/\D/g, '')) * 2 <= Number(before.replace(/\D/g, '')) + 1, `${before} → ${after}`);
      await shot(page, `cart-${width}`);

      if (width === 1080) {
        // A price change between the preview and the order (an operator raises it in the console): the new price is shown, nothing is charged.
        await editBook(store, volumes[0]!, { price: volumes[0]!.price + 100 });
        await page.getByRole('button', { name: /^購入する [\d,]+マンガコイン$/ }).click();
        await page.getByRole('alert').filter({ hasText: '価格が変更されました' }).waitFor();
        await page.getByTestId('cart-amount').filter({ hasNotText: after }).waitFor();
        const balance = await page.request.get(`${store.url}/api/manga_coin/balance`);
        assert.equal(((await balance.json()) as { balance: number }).balance, 5000);
        await shot(page, 'cart-price-changed-1080');
      }
      await page.getByRole('button', { name: /^購入する [\d,]+マンガコイン$/ }).click();
      await page.getByText('購入が完了しました').waitFor();
      await shot(page, `cart-bought-${width}`);
      const owned = await page.request.get(`${store.url}/api/user_books/me/by_book?book_id=${volumeIds.join(',')}`);
      const body = JSON.stringify(await owned.json());
      assert.equal((body.match(/OWNED/g) ?? []).length, 2, body);
      await context.close();
    });

    it('a member adds a bundle, pays the cart by card on the sandbox and owns its books', async () => {
      const email = `bundle-${width}-${Date.now()}@example.jp`;
      await signUpElsewhere(email);
      const context = await browser.newContext({ viewport: { width, height: 900 }, locale: 'ja-JP' });
      const login = await context.request.post(`${store.url}/api/auth/login`, { data: { email, password: PASSWORD } });
      assert.equal(login.status(), 200, await login.text());
      // The demo's set of 鋼鉄の騎士団 volumes 1–3, found from its first volume (found by name).
      const first = await findVolume(store, BUNDLE_TITLE, 1);
      const { bundleId } = (await (await context.request.get(`${store.url}/api/books/${first.id}`)).json()) as { bundleId: number };
      const bundle = (await (await context.request.get(`${store.url}/api/bundles/${bundleId}`)).json()) as {
        bookIds: number[];
        bundleSalePrice: number;
        bundleTotalPrice: number;
        name: string;
      };
      assert.equal(bundle.name, `${BUNDLE_TITLE} 1〜3巻セット`);
      assert.equal(bundle.bookIds.length, 3);
      assert.ok(bundle.bundleSalePrice < bundle.bundleTotalPrice);
      const page = await context.newPage();

      // From the volume page: its セットでカートに入れる link takes the bundle to the cart.
      const detail = (await (await context.request.get(`${store.url}/api/books/${bundle.bookIds[0]}`)).json()) as {
        seriesId: number;
        bundleId: number;
      };
      assert.equal(detail.bundleId, bundleId);
      const guestHtml = await (await fetch(`${store.url}/series_list/series_id=${detail.seriesId}?book_id=${bundle.bookIds[0]}`)).text();
      assert.ok(guestHtml.includes(`href="/login?callback=/cart%3Fbundle%3D${bundleId}"`), 'a guest logs in first');
      await page.goto(`${store.url}/series_list/series_id=${detail.seriesId}?book_id=${bundle.bookIds[0]}`);
      await page.getByRole('link', { name: /セットでカートに入れる/ }).click();
      // The cart's lines below say when the page is there; its load event is not waited for (once,
      // in a full CI run, it had not come 30 s after the click).
      await page.waitForURL(new RegExp(`/cart\\?bundle=${bundleId}$`), { waitUntil: 'commit' });
      const line = page.getByTestId(`cart-item-${bundle.bookIds[0]}`);
      await line.getByText('セット（3冊）').waitFor();
      await line
        .getByText(`${bundle.bundleSalePrice.toLocaleString('ja-JP')}円`)
        .first()
        .waitFor();
      // The bundle's price is the books' total (the cart may open with the best coupon taken off it).
      await page
        .getByTestId('cart-sale-price')
        .filter({ hasText: `${bundle.bundleSalePrice.toLocaleString('ja-JP')}円` })
        .waitFor();

      await page.getByRole('radio', { name: 'クレジットカード' }).check();
      await page.getByLabel('カード番号').fill('4242 4242 4242 4242');
      await page.getByLabel('有効期限（MM/YY）').fill('12/30');
      await page.getByLabel('セキュリティコード').fill('123');
      await shot(page, `cart-bundle-card-${width}`);
      await page.getByRole('button', { name: /円を支払って購入する$/ }).click();
      await page.getByText('購入が完了しました').waitFor();
      await shot(page, `cart-bundle-bought-${width}`);

      const owned = await page.request.get(`${store.url}/api/user_books/me/by_book?book_id=${bundle.bookIds.join(',')}`);
      const body = JSON.stringify(await owned.json());
      assert.equal((body.match(/OWNED/g) ?? []).length, 3, body);
      // Paid by card: the manga coins granted at sign-up are untouched.
      const balance = await page.request.get(`${store.url}/api/manga_coin/balance`);
      assert.equal(((await balance.json()) as { balance: number }).balance, 5000);
      await context.close();
    });

    it('a member adds volumes from their pages (toast, header count), picks the best coupon, uses points, pays by card and sees what was charged', async () => {
      const email = `coupon-${width}-${Date.now()}@example.jp`;
      await signUpElsewhere(email);
      await grant(store, email, 'POINT', 300);
      const context = await browser.newContext({ viewport: { width, height: 900 }, locale: 'ja-JP' });
      const login = await context.request.post(`${store.url}/api/auth/login`, { data: { email, password: PASSWORD } });
      assert.equal(login.status(), 200, await login.text());
      const page = await context.newPage();
      // Volumes 2 and 3 of one title and a paid volume of another: two titles, three books.
      const other = await findVolume(store, OTHER_TITLE, 3);
      const books: [number, number][] = [
        [titleId, volumeIds[0]!],
        [titleId, volumeIds[1]!],
        [other.titleId, other.id],
      ];
      for (const [i, [titleId, bookId]] of books.entries()) {
        await page.goto(`${store.url}/series_list/series_id=${titleId}?book_id=${bookId}`);
        await page.getByRole('button', { name: 'カートに追加' }).click();
        await page.getByRole('status').filter({ hasText: 'カートに追加しました' }).waitFor();
        await page
          .getByTestId('cart-count')
          .filter({ hasText: String(i + 1) })
          .waitFor();
        if (i === 0) await shot(page, `cart-added-${width}`);
      }
      await page
        .getByRole('link', { name: /カート/ })
        .first()
        .click();
      await page.waitForURL(`${store.url}/cart`);
      const picker = page.getByTestId('coupon-picker');
      // The demo's coupons of each type (and the login coupon) that apply, the best one marked.
      const best = picker.locator('label', { hasText: 'いちばんお得' });
      await best.waitFor();
      assert.ok((await picker.getByRole('radio').count()) >= 4, 'several coupons to choose from');
      const bestText = (await best.textContent()) ?? '';
      const bestDiscount = Number(/-([\d,]+)円/.exec(bestText)![1]!.replace(/,/g, ''));
      // Already applied when the cart opens (issue 34 item 16).
      assert.ok(await best.getByRole('radio').isChecked(), 'the best coupon is preselected');
      await page
        .getByTestId('cart-discount')
        .filter({ hasText: `-${bestDiscount.toLocaleString('ja-JP')}円` })
        .waitFor();
      // Another coupon, then none: the discount follows the server.
      await picker.getByRole('radio', { name: /500円以上で100円OFF/ }).click();
      await page.getByTestId('cart-discount').filter({ hasText: '-100円' }).waitFor();
      await picker.getByRole('button', { name: 'クーポンを外す' }).click();
      await page
        .getByTestId('cart-discount')
        .filter({ hasText: /^-0円$/ })
        .waitFor();
      await best.getByRole('radio').click();
      await page
        .getByTestId('cart-discount')
        .filter({ hasText: `-${bestDiscount.toLocaleString('ja-JP')}円` })
        .waitFor();

      // Points pay alongside coins or a card, not manga coins: by card, 120 of the 300 held.
      await page.getByRole('radio', { name: 'クレジットカード' }).check();
      const points = page.getByLabel('利用するポイント');
      await points.fill('120');
      await page.getByTestId('cart-use-point').filter({ hasText: '-120pt' }).waitFor();
      const amount = Number(((await page.getByTestId('cart-amount').textContent()) ?? '').replace(/\D/g, ''));
      await page.getByLabel('カード番号').fill('4242 4242 4242 4242');
      await page.getByLabel('有効期限（MM/YY）').fill('12/30');
      await page.getByLabel('セキュリティコード').fill('123');
      await shot(page, `cart-coupon-points-${width}`);
      await page.getByRole('button', { name: `${amount.toLocaleString('ja-JP')}円を支払って購入する` }).click();
      const charged = page.getByTestId('cart-charged');
      await charged.waitFor();
      const text = (await charged.textContent()) ?? '';
      assert.match(text, new RegExp(`-${bestDiscount.toLocaleString('ja-JP')}円`));
      assert.match(text, /-120pt/);
      assert.match(text, new RegExp(`${amount.toLocaleString('ja-JP')}円`));
      await shot(page, `cart-charged-${width}`);
      const owned = JSON.stringify(
        await (await page.request.get(`${store.url}/api/user_books/me/by_book?book_id=${books.map((b) => b[1]).join(',')}`)).json(),
      );
      assert.equal((owned.match(/OWNED/g) ?? []).length, 3, owned);
      await context.close();
    });

    if (width === 375) {
      it('a member pays the cart by carrier: the sandbox page, cancel keeps the cart, approval delivers', async () => {
        const email = `carrier-${width}-${Date.now()}@example.jp`;
        await signUpElsewhere(email);
        const context = await browser.newContext({ viewport: { width, height: 900 }, locale: 'ja-JP' });
        const login = await context.request.post(`${store.url}/api/auth/login`, { data: { email, password: PASSWORD } });
        assert.equal(login.status(), 200, await login.text());
        // Another title's set (風の剣士カザネ volumes 1–3), found from its first volume.
        const first = await findVolume(store, '風の剣士カザネ', 1);
        const { bundleId } = (await (await context.request.get(`${store.url}/api/books/${first.id}`)).json()) as { bundleId: number };
        const bundle = (await (await context.request.get(`${store.url}/api/bundles/${bundleId}`)).json()) as { bookIds: number[] };
        const page = await context.newPage();
        await page.goto(`${store.url}/cart?bundle=${bundleId}`);
        await page.getByTestId(`cart-item-${bundle.bookIds[0]}`).waitFor();

        const pay = async () => {
          await page.getByRole('radio', { name: 'PayPay' }).check();
          await page.getByRole('button', { name: /円を支払って購入する$/ }).click();
          await page.waitForURL(/\/api\/sandbox\/payments\//);
        };
        await pay();
        await shot(page, 'cart-carrier-sandbox-375');
        await page.getByRole('button', { name: 'キャンセル' }).click();
        await page.waitForURL(/\/cart\?ref=payment&order_id=\d+&result=CANCEL/);
        await page.getByRole('alert').filter({ hasText: 'お支払いをキャンセルしました' }).waitFor();
        await page.getByTestId(`cart-item-${bundle.bookIds[0]}`).waitFor();
        await shot(page, 'cart-carrier-cancelled-375');

        await pay();
        await page.getByRole('button', { name: '支払う' }).click();
        await page.waitForURL(/result=COMPLETE/);
        await page.getByText('購入が完了しました').waitFor();
        await page.getByText('カートに商品はありません。').waitFor();
        await shot(page, 'cart-carrier-bought-375');
        const owned = await page.request.get(`${store.url}/api/user_books/me/by_book?book_id=${bundle.bookIds.join(',')}`);
        const body = JSON.stringify(await owned.json());
        assert.equal((body.match(/OWNED/g) ?? []).length, 3, body);
        await context.close();
      });
    }
  });
}
