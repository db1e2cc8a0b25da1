import assert from 'node:assert/strict';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { newMemberPage } from '../support/members';
import { type StoreServer, launchBrowser, screenshotDir, startStore } from '../support/server';

/**
 * Issue 34 item 9: a carrier payment left on the sandbox's confirmation page with the browser's
 * back button. The coin shop says it waits and until when; at the provider's time limit the
 * store's scheduler cancels it, and the shop says so. This store's time limit is 12 seconds
 * (`SANDBOX_PAYMENT_TTL_MS`) instead of 30 minutes, so the journey sees the end by waiting for it.
 */
const TTL_MS = 12_000;

let store: StoreServer;
let browser: Browser;

before(async () => {
  [store, browser] = await Promise.all([startStore({ SANDBOX_PAYMENT_TTL_MS: String(TTL_MS) }), launchBrowser()]);
});
after(async () => {
  await browser?.close();
  await store?.stop();
});

const shot = (page: Page, name: string) => page.screenshot({ path: path.join(screenshotDir, `${name}.png`), fullPage: true });

/** Reloads the shop until `text` shows in the notice (the scheduler runs on its own). */
async function reloadUntil(page: Page, text: string, timeoutMs: number) {
  const notice = page.getByTestId('unsettled-payment').filter({ hasText: text });
  const until = Date.now() + timeoutMs;
  for (;;) {
    try {
      await notice.waitFor({ timeout: 1500 });
      return;
    } catch (error) {
      if (Date.now() > until) throw error;
      await page.reload();
    }
  }
}

for (const width of [375, 1080]) {
  describe(`a docomo payment left with the back button at ${width} px`, () => {
    let page: Page;
    before(async () => {
      page = (await newMemberPage(browser, store, { label: `abandoned-${width}`, nickname: '戻る', width })).page;
    });
    after(async () => {
      await page.context().close();
    });

    it('is said to wait, then to be cancelled at the time limit, with nothing granted', async () => {
      const balance = async () => (await (await page.request.get(`${store.url}/api/manga_coin/balance`)).json()).balance as number;
      const before = await balance();
      await page.goto(`${store.url}/mangacoin?payment_type=docomo`);
      await page
        .getByTestId(/^coin-pack-/)
        .first()
        .getByRole('button')
        .click();
      await page.getByRole('button', { name: 'ドコモ払いで支払う' }).click();
      await page.waitForURL(/\/sandbox\/payments\//);
      await page.getByRole('heading', { name: 'お支払いの確認（テスト環境）' }).waitFor();

      // The member changes their mind and goes back without deciding.
      await page.goBack();
      await page.waitForURL(/\/mangacoin\?payment_type=docomo$/);
      const waiting = page.getByTestId('unsettled-payment');
      await waiting.filter({ hasText: 'ドコモ払いでのお支払い' }).filter({ hasText: 'まだ完了していません' }).waitFor();
      assert.match((await waiting.textContent()) ?? '', /\d{2}:\d{2}までに確認ページで手続きされない場合は、自動的に取り消されます/);
      assert.equal(await page.getByRole('button', { name: '処理中…' }).count(), 0, 'the checkout is not left busy');
      await shot(page, `carrier-abandoned-waiting-${width}`);

      // Past the time limit the store's scheduler cancels it; the shop says what happened.
      await reloadUntil(page, '期限までに行われなかったため取り消されました', TTL_MS * 4);
      await page.getByRole('alert').filter({ hasText: 'コインは付与されておらず、請求もされません' }).waitFor();
      await shot(page, `carrier-abandoned-cancelled-${width}`);
      const unsettled = await (await page.request.get(`${store.url}/api/manga_coin/purchases/unsettled`)).json();
      assert.equal(unsettled.purchase.status, 'CANCEL');
      assert.equal(unsettled.purchase.failureCode, 'PAYMENT_EXPIRED');
      assert.equal(await balance(), before);

      // In the order history it is a cancellation, not 処理中.
      await page.goto(`${store.url}/order/payments`);
      await page.getByTestId(`payment-${unsettled.purchase.orderId}`).waitFor();
      assert.doesNotMatch((await page.getByTestId(`payment-${unsettled.purchase.orderId}`).textContent()) ?? '', /処理中/);
    });
  });
}
