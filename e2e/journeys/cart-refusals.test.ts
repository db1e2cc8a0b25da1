import assert from 'node:assert/strict';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { newMemberPage, signUpThrough } from '../support/members';
import { type StoreServer, grant, launchBrowser, screenshotDir, startStore } from '../support/server';
import { closeSheetWithEscape } from '../support/sheets';
import { findVolume } from '../support/fixtures';

/**
 * Issue 34 item 7 and the unconfirmed address: a refused 購入する is told where the member acted
 * (beside the button) with the way out — the coin shop for too few coins, the confirmation mail
 * sent again for an address not yet confirmed.
 */

/** 星降る街の探偵 volume 2: sold at its price in the demo catalog (found by name). */
let VOLUME = '';
let BOOK_ID = 0;

let store: StoreServer;
let browser: Browser;

before(async () => {
  [store, browser] = await Promise.all([startStore(), launchBrowser()]);
  const vol2 = await findVolume(store, '星降る街の探偵', 2);
  BOOK_ID = vol2.id;
  VOLUME = `/series_list/series_id=${vol2.titleId}?book_id=${vol2.id}`;
});
after(async () => {
  await browser?.close();
  await store?.stop();
});

const shot = (page: Page, name: string) => page.screenshot({ path: path.join(screenshotDir, `${name}.png`), fullPage: true });

for (const width of [375, 1080]) {
  describe(`refusals in the cart at ${width} px`, () => {
    it('too few manga coins: the message and the coin shop link sit beside 購入する', async () => {
      const { context, page } = await newMemberPage(browser, store, { label: `short-${width}`, nickname: '不足', width });
      await page.goto(`/cart?add=${BOOK_ID}&ref=e2e`);
      await page.getByTestId(`cart-item-${BOOK_ID}`).waitFor();
      const buy = page.getByRole('button', { name: /^購入する [\d,]+マンガコイン$/ });
      await buy.click();
      const refusal = page.getByTestId('checkout-error');
      await refusal.getByText('マンガコインが足りません。').waitFor();
      await refusal.getByRole('link', { name: 'マンガコインを購入する' }).waitFor();
      // Beside the button: no farther than a couple of lines away, not at the top of the page.
      const [box, button] = [await refusal.boundingBox(), await buy.boundingBox()];
      assert.ok(
        box && button && Math.abs(button.y - (box.y + box.height)) < 80,
        `refusal ${JSON.stringify(box)} vs button ${JSON.stringify(button)}`,
      );
      await refusal.scrollIntoViewIfNeeded();
      await page.screenshot({ path: path.join(screenshotDir, `cart-refused-short-${width}.png`) });
      await context.close();
    });

    it('an unconfirmed address: told to confirm it, and the mail sent again, in the cart and in the buy dialog', async () => {
      const context = await browser.newContext({ viewport: { width, height: 900 }, locale: 'ja-JP', baseURL: store.url });
      const email = `unconfirmed-${width}-${Date.now()}@example.jp`;
      await signUpThrough(context.request, store, { email, nickname: '未確認', confirmEmail: false });
      await grant(store, email, 'MANGA_COIN', 2000);
      const page = await context.newPage();

      await page.goto(VOLUME);
      await page.getByTestId('buy-box').getByRole('button', { name: '購入する' }).click();
      await page.getByRole('button', { name: '次へ' }).click();
      await page.getByRole('button', { name: /^購入する [\d,]+マンガコイン$/ }).click();
      const inDialog = page.getByTestId('confirm-email-notice');
      await inDialog.getByText(/メールアドレスの確認が済んでいないため購入できません/).waitFor();
      await shot(page, `buy-refused-email-${width}`);
      await closeSheetWithEscape(page, inDialog);

      await page.goto(`/cart?add=${BOOK_ID}&ref=e2e`);
      await page.getByTestId(`cart-item-${BOOK_ID}`).waitFor();
      await page.getByRole('button', { name: /^購入する [\d,]+マンガコイン$/ }).click();
      const notice = page.getByTestId('confirm-email-notice');
      await notice.getByText(/メールアドレスの確認が済んでいないため購入できません/).waitFor();
      await notice.getByRole('button', { name: '確認メールを再送する' }).click();
      await notice.getByText('確認メールを送信しました').waitFor();
      await notice.getByRole('link', { name: 'メールアドレスの設定' }).waitFor();
      await shot(page, `cart-refused-email-${width}`);
      const balance = (await (await page.request.get('/api/manga_coin/balance')).json()) as { balance: number };
      assert.equal(balance.balance, 2000, 'nothing was charged');
      await context.close();
    });
  });
}
