import assert from 'node:assert/strict';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { confirmSignupMail } from '../support/members';
import { type StoreServer, grantMangaCoins, launchBrowser, screenshotDir, startStore } from '../support/server';
import { signUpMember } from '../support/viewer-helpers';
import { createNonLoginAppeal, createReachBanner, findTitle, volumesOf } from '../support/fixtures';

/**
 * Friend invitations: member A opens the inviter page, copies the invitation link from the share
 * modal (read back from the clipboard), a friend in another browser opens it, signs up through
 * it, takes the ticket and buys two volumes with it in the cart; A's wallet and inviter page show
 * the coins. A's banner on a book page is closed, stays closed, and comes back 24 hours later.
 * The viewer's last page offers the end-of-reading card.
 *
 * The demo's campaign: a 500 yen ticket over 1,000 yen, 300 manga coins per friend, up to 5.
 */
const DAY = 24 * 60 * 60 * 1000;
let store: StoreServer;
let browser: Browser;
/** 夜明けの図書館 (found by name): its priced volumes on sale come to 1,000 yen or more together at their prices in effect. */
const TITLE = '夜明けの図書館';
const books: number[] = [];
let titleId = 0;

before(async () => {
  [store, browser] = await Promise.all([startStore(), launchBrowser()]);
  // Its priced volumes on sale (sales lower some): the first of them until the cart reaches the ticket's 1,000 yen.
  const volumes = await volumesOf(store, (await findTitle(store, TITLE)).id);
  titleId = volumes[0]!.titleId;
  let sum = 0;
  for (const volume of volumes.filter((v) => v.salesStatus === 'ON_SALE' && v.price >= 500)) {
    const detail = (await (await fetch(`${store.url}/api/books/${volume.id}`)).json()) as { price: number };
    if (detail.price === 0) continue;
    books.push(volume.id);
    sum += detail.price;
    if (sum >= 1000) break;
  }
  assert.ok(sum >= 1000, `${TITLE}'s volumes on sale come to 1,000 yen together`);
  assert.ok(books.length >= 2, `${TITLE}'s volumes reach 1,000 yen two or more at a time`);
  // A reach banner (and one that has ended) and the guests' appeal, made by an operator in the console (a cover stands in for the appeal's art).
  const cover = ((await (await fetch(`${store.url}/api/books/${books[0]}`)).json()) as { imageUrl: string }).imageUrl;
  await createReachBanner(store, { jumpUrl: `/series_list/series_id=${titleId}`, startInMs: -DAY, endInMs: 7 * DAY });
  await createReachBanner(store, { jumpUrl: '/free', startInMs: -2 * DAY, endInMs: 7 * DAY, ended: true });
  await createNonLoginAppeal(store, {
    name: 'はじめての方へ',
    imageUrl: cover,
    appealText: '無料会員登録で、試し読みも購入もすぐできます',
    startInMs: -DAY,
    endInMs: 7 * DAY,
  });
});
after(async () => {
  await browser?.close();
  await store?.stop();
});

const shot = (page: Page, name: string) => page.screenshot({ path: path.join(screenshotDir, `invitations-${name}.png`) });

for (const width of [375, 1080]) {
  describe(`friend invitations at ${width} px`, () => {
    it('A copies the link, a friend signs up through it and buys with the ticket, A gets the coins', async () => {
      const contextA = await browser.newContext({ viewport: { width, height: 860 }, locale: 'ja-JP' });
      await contextA.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: store.url });
      const a = await contextA.newPage();
      await signUpMember(a, store, `inviter-${width}`);

      // The inviter page: my code, nobody yet, the campaign's maximum.
      await a.goto(`${store.url}/invitation/inviter?ref=invitation`);
      await a.getByRole('heading', { name: '友達を招待してマンガコインをもらおう' }).waitFor();
      await a.getByText('最大 1,500マンガコインGET！').waitFor();
      const code = ((await a.getByTestId('invitation-code').textContent()) ?? '').trim();
      assert.match(code, /^[A-Z0-9]{8,16}$/);
      assert.equal(await a.getByTestId('achieved-count').textContent(), '0人 / 5人');
      await shot(a, `inviter-${width}`);

      // The share modal: a 480 px dialog with コピーする on desktop, a bottom sheet with LINE, X, コピー and キャンセル on mobile.
      await a.getByRole('button', { name: '友達を招待する' }).click();
      if (width === 1080) {
        const dialog = a.getByRole('dialog', { name: '招待リンクをコピーする' });
        await dialog.getByRole('textbox').and(a.locator('[value*="/i/"]')).waitFor();
        const box = await dialog.boundingBox();
        assert.equal(Math.round(box!.width), 480);
        await shot(a, `share-dialog-${width}`);
        await dialog.getByRole('button', { name: 'コピーする' }).click();
      } else {
        const sheet = a.getByRole('dialog', { name: '友達を招待する' });
        await sheet.getByRole('link', { name: 'LINE' }).and(a.locator('[href*="line.me"]')).waitFor();
        await sheet.getByRole('link', { name: 'X（Twitter）' }).waitFor();
        await sheet.getByRole('button', { name: 'キャンセル' }).waitFor();
        await a.waitForTimeout(500); // the sheet's rise
        await shot(a, `share-sheet-${width}`);
        await sheet.getByRole('button', { name: 'コピー', exact: true }).click();
      }
      await a.getByRole('status').filter({ hasText: 'クリップボードにコピーされました' }).waitFor();
      await a.waitForTimeout(350);
      await shot(a, `copied-${width}`);
      const copied = await a.evaluate(() => navigator.clipboard.readText());
      const link = /https?:\/\/\S+\/i\/[A-Za-z0-9_-]+/.exec(copied)?.[0];
      assert.ok(link, copied);
      await a.keyboard.press('Escape');

      // A friend, in a browser of their own, opens the link and signs up through it.
      const contextB = await browser.newContext({ viewport: { width, height: 860 }, locale: 'ja-JP' });
      const b = await contextB.newPage();
      await b.goto(link);
      await b.waitForURL(new RegExp(`/invitation\\?code=${code}&utm_source=web`));
      await b.getByRole('heading', { name: '500円分のチケットをプレゼント' }).waitFor();
      await shot(b, `appeal-${width}`);
      await b.getByRole('link', { name: '無料会員登録してチケットを受け取る' }).click();
      await b.waitForURL(`${store.url}/signup?code=${code}`);
      const friendEmail = `friend-${width}-${Date.now()}@example.jp`;
      await b.getByLabel('メールアドレス').fill(friendEmail);
      await b.getByLabel('パスワード').fill('e2e-password-123');
      await b.getByLabel('ニックネーム').fill('友達');
      await b.getByLabel('生年月日').fill('1995-05-05');
      await b.getByRole('button', { name: '登録する' }).click();
      await b.waitForURL(`${store.url}/invitation?code=${code}&signed_up=1`);
      await b.getByRole('status').filter({ hasText: '500円分のチケットを受け取りました' }).waitFor();
      await shot(b, `received-${width}`);

      // The friend opens the confirmation mail (paying waits for it) and buys two volumes with the ticket in the cart.
      await confirmSignupMail(store, friendEmail);
      await grantMangaCoins(store, friendEmail, 5000);
      // One volume at a time, as a person adds them: the cart page adds `?add=` once it has
      // hydrated, which can be after the load event that ends `goto`.
      for (const [i, id] of books.entries()) {
        await b.goto(`${store.url}/cart?add=${id}`);
        await b.getByTestId(`cart-item-${id}`).waitFor();
        if (i === 0) {
          // Below its 1,000円 the ticket is shown as not yet usable, with how much more to add (issue 34 item 13).
          const pending = b.getByTestId('pending-coupons').locator('li', { hasText: '友達招待チケット' });
          await pending.getByText('まだ使えません').waitFor();
          const sale = Number(((await b.getByTestId('cart-sale-price').textContent()) ?? '').replace(/\D/g, ''));
          await pending.getByText(`あと${(1000 - sale).toLocaleString('ja-JP')}円で使えます`).waitFor();
          await shot(b, `cart-ticket-pending-${width}`);
        }
      }
      for (const id of books) await b.getByTestId(`cart-item-${id}`).waitFor();
      // The cart may open with another coupon applied (the best one): the ticket's 500 comes off the books' total.
      const before = Number(((await b.getByTestId('cart-sale-price').textContent()) ?? '').replace(/\D/g, ''));
      await b
        .getByTestId('coupon-picker')
        .getByRole('radio', { name: /友達招待チケット/ })
        .click();
      await b.getByTestId('cart-discount').filter({ hasText: '500' }).waitFor();
      const withTicket = Number(((await b.getByTestId('cart-amount').textContent()) ?? '').replace(/\D/g, ''));
      assert.equal(withTicket, before - 500);
      await shot(b, `cart-${width}`);
      await b.getByRole('button', { name: `購入する ${withTicket.toLocaleString('ja-JP')}マンガコイン` }).click();
      await b.getByText('購入が完了しました').waitFor();
      await contextB.close();

      // A's wallet: 300 manga coins with their line; the inviter page counts the friend.
      await a.goto(`${store.url}/wallet/manga_coin`);
      await a.getByText('友達招待「本棚 友達招待キャンペーン」達成特典').waitFor();
      const balance = await (await a.request.get(`${store.url}/api/manga_coin/balance`)).json();
      assert.equal(balance.balance, 300);
      await shot(a, `wallet-${width}`);
      await a.goto(`${store.url}/invitation/inviter?ref=invitation`);
      await a.getByTestId('achieved-count').filter({ hasText: '1人 / 5人' }).waitFor();
      assert.equal(await a.getByTestId('achieved-coin').textContent(), '300マンガコイン');

      // Both pages read right before any script runs (issue 40): A's own code and counts, and the
      // appeal a friend's link opens.
      const noScript = await browser.newContext({
        viewport: { width, height: 860 },
        locale: 'ja-JP',
        javaScriptEnabled: false,
        storageState: await contextA.storageState(),
      });
      const plain = await noScript.newPage();
      await plain.goto(`${store.url}/invitation/inviter?ref=invitation`);
      await plain.getByTestId('achieved-count').filter({ hasText: '1人 / 5人' }).waitFor();
      assert.equal(((await plain.getByTestId('invitation-code').textContent()) ?? '').trim(), code);
      await shot(plain, `inviter-no-script-${width}`);
      await noScript.clearCookies();
      await plain.goto(`${store.url}/invitation?code=${code}`);
      await plain.getByRole('heading', { name: '500円分のチケットをプレゼント' }).waitFor();
      await plain.getByRole('link', { name: '無料会員登録してチケットを受け取る' }).waitFor();
      await shot(plain, `appeal-no-script-${width}`);
      await noScript.close();
      await contextA.close();
    });

    it('the invitation banner of a book page closes, stays closed, and shows again 24 hours later; the last page offers the card', async () => {
      const context = await browser.newContext({ viewport: { width, height: 860 }, locale: 'ja-JP' });
      const page = await context.newPage();
      const start = Date.now();
      await page.clock.install({ time: start });
      await signUpMember(page, store, `banner-${width}`);
      const bookPage = `${store.url}/series_list/series_id=${titleId}?book_id=${books[0]}`;
      await page.goto(bookPage);
      const banner = page.getByTestId('banner-invitation');
      await banner.getByText('友達招待で最大1,500マンガコインGET！').waitFor();
      await banner.scrollIntoViewIfNeeded();
      await shot(page, `banner-${width}`);
      await banner.getByRole('button', { name: '閉じる' }).click();
      await banner.waitFor({ state: 'detached' });
      // §4: with the invitation banner closed, the app banner is the one that shows.
      await page.getByTestId('banner-app').waitFor();

      await page.clock.setSystemTime(start + DAY - 60_000);
      await page.goto(bookPage);
      await page.getByTestId('banner-app').waitFor();
      assert.equal(await banner.count(), 0, 'closed less than 24 hours ago');

      await page.clock.setSystemTime(start + DAY + 60_000);
      await page.goto(bookPage);
      await banner.waitFor();
      assert.equal(await page.getByTestId('banner-app').count(), 0, 'only one banner shows');
      await shot(page, `banner-again-${width}`);

      // The viewer's last page of a priced book: この作品を友達におすすめして, おすすめする opens the share modal.
      await page.goto(`${store.url}/viewer?cid=${books[0]}&open_lastpage=true`);
      const card = page.getByTestId('end-reading-invitation');
      await card.getByText('この作品を友達におすすめして').waitFor();
      await card.getByText('最大 1,500マンガコインGET！').waitFor();
      await card.scrollIntoViewIfNeeded();
      await shot(page, `end-reading-${width}`);
      await card.getByRole('button', { name: 'おすすめする' }).click();
      await page.getByRole('dialog', { name: width === 1080 ? '招待リンクをコピーする' : '友達を招待する' }).waitFor();
      await context.close();
    });

    it('the top page shows the running reach banner to everyone and the non-login appeal to guests only', async () => {
      const context = await browser.newContext({ viewport: { width, height: 860 }, locale: 'ja-JP' });
      const page = await context.newPage();
      await page.goto(`${store.url}/`);
      const appeal = page.getByTestId('non-login-appeal');
      await appeal.getByText('無料会員登録で、試し読みも購入もすぐできます').waitFor();
      const banners = page.getByTestId('reach-banner');
      await banners.first().waitFor();
      assert.equal(await banners.count(), 1, 'the ended banner is not shown');
      assert.equal(await banners.first().getAttribute('href'), `/series_list/series_id=${titleId}`);
      await page.waitForFunction(() =>
        Array.from(document.images)
          .slice(0, 4)
          .every((img) => img.complete),
      );
      await shot(page, `top-guest-${width}`);
      await signUpMember(page, store, `top-${width}`);
      await page.goto(`${store.url}/`);
      await banners.first().waitFor();
      assert.equal(await appeal.count(), 0, 'members get no non-login appeal');
      await context.close();
    });
  });
}
