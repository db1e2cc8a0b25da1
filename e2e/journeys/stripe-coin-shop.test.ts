import assert from 'node:assert/strict';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import type { StripeStandIn } from '../../apps/server/test/support/stripe-server';
import { type SentPost, challengeShot, recordPosts, recordTrail, startStripeStore, waitOrTell } from '../support/stripe-store';
import { newMemberPage } from '../support/members';
import { type StoreServer, launchBrowser, screenshotDir } from '../support/server';

/**
 * The coin shop with PAYMENT_PROVIDER=stripe (issue 39), against a local stand-in for Stripe's
 * API (the server tests' `stripe-server.ts`, which also sends the signed webhooks of what the
 * browser did) and for Stripe.js (`support/stripe-js-stand-in.js`, served by it: the real one
 * cannot load on these machines), at 375 and 1080 px. The card number goes to "Stripe" only; the
 * store gets a PaymentMethod id. Card, 3-D Secure, a declined card, konbini paid later, and
 * PayPay (its page, then back to the coin shop).
 */

let stripe: StripeStandIn;
let store: StoreServer;
let browser: Browser;

before(async () => {
  [{ stripe, store }, browser] = await Promise.all([startStripeStore(), launchBrowser()]);
});
after(async () => {
  await browser?.close();
  await store?.stop();
  await stripe?.close();
});

const shot = (page: Page, name: string) => page.screenshot({ path: path.join(screenshotDir, `${name}.png`), fullPage: true });

async function balance(page: Page): Promise<number> {
  const response = await page.request.get(`${store.url}/api/manga_coin/balance`);
  assert.equal(response.status(), 200);
  return ((await response.json()) as { balance: number }).balance;
}

/** The 1,000-coin pack of the tab shown, found as a person does: by its coins. */
async function openCheckout(page: Page) {
  await page
    .getByTestId(/^coin-pack-\d+$/)
    .filter({ hasText: /(^|[^\d,])1,000/ })
    .first()
    .getByRole('button', { name: '購入する' })
    .click();
  await page.getByRole('heading', { name: '1,000マンガコイン（1,000円）を購入' }).waitFor();
}

async function payByCard(page: Page, number: string) {
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('カード番号').fill(number);
  await dialog.getByLabel('有効期限').fill('12 / 39');
  await dialog.getByLabel('セキュリティコード').fill('123');
  await dialog.getByRole('button', { name: '1,000円を支払う' }).click();
}

for (const width of [375, 1080]) {
  describe(`the Stripe coin shop at ${width} px`, () => {
    let page: Page;
    let trail: string[] = [];
    const sent: SentPost[] = [];
    before(async () => {
      page = (await newMemberPage(browser, store, { label: `stripe-shop-${width}`, nickname: 'ストライプ', width })).page;
      recordPosts(page, sent);
      trail = recordTrail(page);
    });
    after(async () => {
      await page.context().close();
    });

    it('offers card, konbini and PayPay only, and buys a 1,000-coin pack by card: the card to Stripe, its id to the store', async () => {
      await page.goto('/mangacoin');
      const tabs = page.getByRole('navigation', { name: 'お支払い方法' }).getByRole('link');
      await tabs.first().waitFor();
      assert.deepEqual(await tabs.allTextContents(), ['クレジットカード', 'コンビニ払い', 'PayPay']);
      await openCheckout(page);
      await page.getByRole('dialog').getByLabel('カード番号').waitFor();
      assert.equal(await page.getByText('サンドボックス（テスト環境）').count(), 0);
      await shot(page, `stripe-shop-card-form-${width}`);
      await payByCard(page, '4242 4242 4242 4242');
      await page.getByRole('status').filter({ hasText: '1,000マンガコインを購入しました。' }).waitFor();
      await page.getByTestId('manga-coin-balance').filter({ hasText: '1,050' }).waitFor();
      assert.equal(await balance(page), 1050);
      await shot(page, `stripe-shop-card-done-${width}`);

      const toStore = sent.filter((r) => r.path === '/api/manga_coin/purchase');
      assert.equal(toStore.length, 1);
      assert.match(toStore[0]!.body, /"cardId":"pm_\w+"/);
      assert.doesNotMatch(toStore[0]!.body, /4242/);
      assert.ok(sent.some((r) => r.path === '/v1/payment_methods' && r.body.includes('card%5Bnumber%5D=4242424242424242')));
    });

    it("a card that needs 3-D Secure: the issuer's step in Stripe's frame, then the coins once Stripe says so", async () => {
      await openCheckout(page);
      await payByCard(page, '4000 0000 0000 3220');
      const challenge = page.frameLocator('iframe[title="3Dセキュア認証"]');
      await challenge.getByRole('button', { name: '認証を完了する' }).waitFor();
      await challengeShot(page, `stripe-shop-3ds-${width}`);
      await challenge.getByRole('button', { name: '認証を完了する' }).click();
      await waitOrTell(page, page.getByRole('status').filter({ hasText: '1,000マンガコインを購入しました。' }), trail);
      await page.getByTestId('manga-coin-balance').filter({ hasText: '2,100' }).waitFor();
      assert.equal(await balance(page), 2100);
    });

    it('a declined card: told why in Japanese, nothing granted, the form still there to try another', async () => {
      await openCheckout(page);
      await payByCard(page, '4000 0000 0000 0002');
      await page.getByRole('dialog').getByRole('alert').filter({ hasText: 'カード会社により決済が拒否されました' }).waitFor();
      await shot(page, `stripe-shop-declined-${width}`);
      assert.equal(await balance(page), 2100);
      await page.getByRole('dialog').getByRole('button', { name: 'キャンセル' }).click();
    });

    it("konbini: the voucher with its time limit; paid at the store, the coins arrive with Stripe's webhook", async () => {
      await page.getByRole('navigation', { name: 'お支払い方法' }).getByRole('link', { name: 'コンビニ払い' }).click();
      await page.waitForURL(/payment_type=konbini/);
      await openCheckout(page);
      const dialog = page.getByRole('dialog');
      await dialog.getByLabel('氏名').fill('本棚 花子');
      await dialog.getByLabel('メールアドレス').fill(`konbini-${width}@example.jp`);
      await dialog.getByRole('button', { name: 'コンビニ払いの払込票を発行する（1,000円）' }).click();
      const voucher = page.getByTestId('konbini-voucher');
      await voucher.getByText(/^お支払い期限：\d{4}年\d{1,2}月\d{1,2}日 \d{2}:\d{2}$/).waitFor();
      const link = voucher.getByRole('link', { name: '払込票を表示する（新しいタブ）' });
      assert.match((await link.getAttribute('href')) ?? '', /^https:\/\/payments\.stripe\.com\/konbini\/voucher\//);
      await voucher.getByText('ローソン').waitFor();
      await shot(page, `stripe-shop-konbini-voucher-${width}`);
      await voucher.getByRole('button', { name: '閉じる' }).click();
      await page
        .getByTestId('unsettled-payment')
        .filter({ hasText: 'コンビニ払い（1,000マンガコイン・1,000円）のお支払いをお待ちしています' })
        .waitFor();
      assert.equal(await balance(page), 2100);
      // Back in the shop later, the voucher is there again: its 払込票 and each chain's numbers.
      await page.reload();
      const again = page.getByTestId('unsettled-voucher');
      await again.getByText('コンビニ払い（1,000マンガコイン・1,000円）のお支払いをお待ちしています', { exact: false }).waitFor();
      assert.match(
        (await again.getByRole('link', { name: '払込票を表示する（新しいタブ）' }).getAttribute('href')) ?? '',
        /^https:\/\/payments\.stripe\.com\/konbini\/voucher\//,
      );
      await again.getByText('ローソン').waitFor();
      await again
        .getByText(/^確認番号：\d{11}$/)
        .first()
        .waitFor();
      await shot(page, `stripe-shop-konbini-again-${width}`);

      // Paid at the till: Stripe tells the store by its signed webhook.
      const intent = [...stripe.intents.values()].filter((i) => (i.payment_method_types as string[])[0] === 'konbini').at(-1)!;
      stripe.pay(intent.id);
      assert.equal(await stripe.deliver('payment_intent.succeeded', intent.id), 200);
      await page.reload();
      await page.getByTestId('manga-coin-balance').filter({ hasText: '3,150' }).waitFor();
      assert.equal(await balance(page), 3150);
      await shot(page, `stripe-shop-konbini-paid-${width}`);
    });

    it("PayPay: to PayPay's page and back to the coin shop, which says the coins were bought", async () => {
      await page.getByRole('navigation', { name: 'お支払い方法' }).getByRole('link', { name: 'PayPay' }).click();
      await page.waitForURL(/payment_type=paypay/);
      await openCheckout(page);
      await page.getByRole('dialog').getByRole('button', { name: 'PayPayで1,000円を支払う' }).click();
      await page.getByRole('button', { name: 'PayPayで支払う' }).click();
      await page.waitForURL(/\/mangacoin\?.*order_id=\d+.*redirect_status=succeeded/);
      await page.getByRole('status').filter({ hasText: '1,000マンガコインを購入しました。' }).waitFor();
      await page.getByTestId('manga-coin-balance').filter({ hasText: '4,200' }).waitFor();
      assert.equal(await balance(page), 4200);
      await shot(page, `stripe-shop-paypay-back-${width}`);
    });
  });
}
