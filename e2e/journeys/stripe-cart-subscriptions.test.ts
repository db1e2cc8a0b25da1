import assert from 'node:assert/strict';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { Browser, Locator, Page } from 'playwright-core';
import type { StripeStandIn } from '../../apps/server/test/support/stripe-server';
import { type SentPost, challengeShot, recordPosts, recordTrail, startStripeStore, waitOrTell } from '../support/stripe-store';
import { findVolume } from '../support/fixtures';
import { newMemberPage } from '../support/members';
import { type StoreServer, launchBrowser, screenshotDir } from '../support/server';

/**
 * The cart and the subscriptions with PAYMENT_PROVIDER=stripe (issue 39), at 375 and 1080 px,
 * against the stand-in Stripe API (`stripe-server.ts`, which also sends the signed webhooks of
 * what the browser did) and the stand-in Stripe.js (`support/stripe-js-stand-in.js`), as the
 * coin shop's journey does. The card is typed in Stripe's Payment Element only (never the
 * sandbox's fields); the store gets a PaymentMethod id. The cart: a declined card, a card, a
 * card whose 3-D Secure fails and then passes (the books once the server says COMPLETE). The
 * subscriptions: a declined card, then a card whose bank asks for 3-D Secure on the first payment
 * (failed in Stripe's frame: nothing starts; passed: the plan starts when Stripe says it was paid).
 */
const TITLE = '星降る街の探偵';

let stripe: StripeStandIn;
let store: StoreServer;
let browser: Browser;
let volumes: { id: number }[] = [];

before(async () => {
  [{ stripe, store }, browser] = await Promise.all([startStripeStore(), launchBrowser()]);
  volumes = [await findVolume(store, TITLE, 2), await findVolume(store, TITLE, 3)];
});
after(async () => {
  await browser?.close();
  await store?.stop();
  await stripe?.close();
});

/**
 * A full-page picture. The focused field is left first: the full-page capture resizes the viewport,
 * which the phone's bottom sheet (vaul) takes for an on-screen keyboard opening beside a focused
 * input, and it then moves the sheet (its buttons out of reach) — no person's screen does that.
 */
async function shot(page: Page, name: string) {
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  await page.screenshot({ path: path.join(screenshotDir, `${name}.png`), fullPage: true });
}

/** Stripe's Payment Element (the stand-in's fields, where Stripe's iframe would be). */
async function fillStripeCard(scope: Locator, number: string) {
  await scope.getByLabel('カード番号', { exact: true }).fill(number);
  await scope.getByLabel('有効期限', { exact: true }).fill('12 / 39');
  await scope.getByLabel('セキュリティコード', { exact: true }).fill('123');
}

async function owned(page: Page, bookId: number): Promise<boolean> {
  const response = await page.request.get(`${store.url}/api/user_books/me/by_book?book_id=${bookId}`);
  assert.equal(response.status(), 200);
  return JSON.stringify(await response.json()).includes('OWNED');
}

async function balance(page: Page): Promise<number> {
  const response = await page.request.get(`${store.url}/api/manga_coin/balance`);
  return ((await response.json()) as { balance: number }).balance;
}

/** The cart with one volume, paid by card: the button names the yen of the cart's total. */
async function cartWith(page: Page, bookId: number): Promise<{ pay: Locator; amount: string }> {
  await page.goto(`/cart?add=${bookId}`);
  await page.getByTestId(`cart-item-${bookId}`).waitFor();
  await page.getByRole('radio', { name: 'クレジットカード' }).check();
  await page.locator('[data-stand-in="stripe-payment-element"]').waitFor();
  const amount = ((await page.getByTestId('cart-amount').textContent()) ?? '').replace('円', '');
  assert.match(amount, /^[\d,]+$/);
  return { pay: page.getByRole('button', { name: `${amount}円を支払って購入する` }), amount };
}

for (const width of [375, 1080]) {
  describe(`the Stripe cart at ${width} px`, () => {
    let page: Page;
    let trail: string[] = [];
    const sent: SentPost[] = [];
    before(async () => {
      page = (await newMemberPage(browser, store, { label: `stripe-cart-${width}`, nickname: 'ストライプ', width })).page;
      recordPosts(page, sent);
      trail = recordTrail(page);
    });
    after(async () => {
      await page.context().close();
    });

    it("offers coins and the card only, in Stripe's Payment Element; a declined card is told, then a card buys the volume", async () => {
      const [vol2] = volumes;
      const { pay, amount } = await cartWith(page, vol2!.id);
      const methods = page.getByRole('group', { name: 'お支払い方法' }).getByRole('radio');
      assert.deepEqual(await methods.evaluateAll((radios) => radios.map((r) => (r as HTMLInputElement).value)), [
        'MANGA_COIN',
        'COIN',
        'creditcard',
      ]);
      assert.equal(await page.getByText('サンドボックス（テスト環境）').count(), 0);
      assert.equal(await page.getByLabel('有効期限（MM/YY）').count(), 0);
      const panel = page.locator('section', { has: pay }).last();
      await fillStripeCard(panel, '4000 0000 0000 0002');
      await shot(page, `stripe-cart-card-form-${width}`);
      await pay.click();
      await page.getByTestId('checkout-error').filter({ hasText: 'お支払いができませんでした' }).waitFor();
      assert.equal(await owned(page, vol2!.id), false);
      await shot(page, `stripe-cart-declined-${width}`);

      await fillStripeCard(panel, '4242 4242 4242 4242');
      await pay.click();
      const done = page.getByRole('status').filter({ hasText: '購入が完了しました' });
      await done.waitFor();
      await done.getByTestId('cart-charged').getByText(`${amount}円`).last().waitFor();
      assert.equal(await owned(page, vol2!.id), true);
      await shot(page, `stripe-cart-bought-${width}`);

      const orders = sent.filter((r) => r.path === '/api/cart/order/v3');
      assert.equal(orders.length, 2);
      for (const order of orders) {
        assert.match(order.body, /"cardId":"pm_\w+"/);
        assert.doesNotMatch(order.body, /4242 ?4242|4000 ?0000 ?0000 ?0002/);
      }
    });

    it("a card that needs 3-D Secure: failed in Stripe's frame, nothing bought; passed, the volume once the server says COMPLETE", async () => {
      const vol3 = volumes[1]!;
      const { pay } = await cartWith(page, vol3.id);
      const panel = page.locator('section', { has: pay }).last();
      await fillStripeCard(panel, '4000 0000 0000 3220');
      await pay.click();
      let challenge = page.frameLocator('iframe[title="3Dセキュア認証"]');
      await challenge.getByRole('button', { name: '認証に失敗する' }).click();
      await waitOrTell(page, page.getByTestId('checkout-error').filter({ hasText: '本人認証（3Dセキュア）ができませんでした' }), trail);
      await page.getByTestId(`cart-item-${vol3.id}`).waitFor();
      assert.equal(await owned(page, vol3.id), false);

      await fillStripeCard(panel, '4000 0000 0000 3220');
      await pay.click();
      challenge = page.frameLocator('iframe[title="3Dセキュア認証"]');
      await challenge.getByRole('button', { name: '認証を完了する' }).waitFor();
      await challengeShot(page, `stripe-cart-3ds-${width}`);
      await challenge.getByRole('button', { name: '認証を完了する' }).click();
      await waitOrTell(page, page.getByRole('status').filter({ hasText: '購入が完了しました' }), trail);
      assert.equal(await owned(page, vol3.id), true);
      await page.getByRole('heading', { name: 'カートの商品（0点）' }).waitFor();
      // The demo's running lottery gave the order a ticket when Stripe's word came: said as with any purchase.
      await page.getByTestId('lottery-earned').getByText('このお買い物でくじを1枚獲得しました').waitFor();
      await shot(page, `stripe-cart-3ds-bought-${width}`);
    });
  });

  describe(`the Stripe subscriptions at ${width} px`, () => {
    let page: Page;
    let trail: string[] = [];
    const sent: SentPost[] = [];
    before(async () => {
      page = (await newMemberPage(browser, store, { label: `stripe-subs-${width}`, nickname: '定期', width })).page;
      recordPosts(page, sent);
      trail = recordTrail(page);
    });
    after(async () => {
      await page.context().close();
    });

    it('offers the card only; a declined card is told and grants nothing; 3-D Secure on the first payment fails, then passes and starts the plan', async () => {
      await page.goto('/mangacoin/subscription');
      const tabs = page.getByRole('navigation', { name: 'お支払い方法' }).getByRole('link');
      await tabs.first().waitFor();
      await page.waitForFunction(() => document.querySelectorAll('nav[aria-label="お支払い方法"] a').length === 1);
      assert.deepEqual(await tabs.allTextContents(), ['クレジットカード']);
      const plan = page
        .locator('[data-testid^="subscription-plan-"]')
        .filter({ has: page.getByRole('heading', { name: 'スタンダードコース' }) });
      await plan.getByRole('button', { name: '1,000円／月で申し込む' }).click();
      const dialog = page.getByRole('dialog', { name: '定期購入のお申し込み' });
      await dialog.locator('[data-stand-in="stripe-payment-element"]').waitFor();
      assert.equal(await dialog.getByText('サンドボックス（テスト環境）').count(), 0);
      await fillStripeCard(dialog, '4000 0000 0000 0002');
      await shot(page, `stripe-subscribe-form-${width}`);
      await dialog.getByRole('button', { name: '1,000円を支払って申し込む' }).click();
      await dialog.getByRole('alert').filter({ hasText: 'カード会社により決済が拒否されました' }).waitFor();
      assert.equal(await balance(page), 0);

      // The first payment is on-session: a card whose bank asks for 3-D Secure gets Stripe's challenge on the page.
      // Failed there: nothing starts and nothing is granted.
      await fillStripeCard(dialog, '4000 0025 0000 3155');
      await shot(page, `stripe-subscribe-declined-${width}`);
      await dialog.getByRole('button', { name: '1,000円を支払って申し込む' }).click();
      let challenge = page.frameLocator('iframe[title="3Dセキュア認証"]');
      await challenge.getByRole('button', { name: '認証に失敗する' }).click();
      await waitOrTell(page, dialog.getByRole('alert').filter({ hasText: '本人認証（3Dセキュア）が完了しませんでした' }), trail);
      assert.equal(await balance(page), 0);

      // Passed: the plan starts when Stripe says the payment succeeded (its webhook), with the first cycle's coins once.
      await fillStripeCard(dialog, '4000 0025 0000 3155');
      await dialog.getByRole('button', { name: '1,000円を支払って申し込む' }).click();
      challenge = page.frameLocator('iframe[title="3Dセキュア認証"]');
      await challenge.getByRole('button', { name: '認証を完了する' }).waitFor();
      await challengeShot(page, `stripe-subscribe-3ds-${width}`);
      await challenge.getByRole('button', { name: '認証を完了する' }).click();
      await waitOrTell(
        page,
        page
          .getByRole('status')
          .filter({ hasText: '定期購入を開始しました。1,000マンガコインとボーナス600マンガコインをお届けしました。' }),
        trail,
      );
      const current = page.getByTestId('current-subscription');
      await current.getByText('契約中', { exact: true }).waitFor();
      await current.getByText(/末尾3155/).waitFor();
      assert.equal(await balance(page), 1600);
      await shot(page, `stripe-subscribe-active-${width}`);

      const subscribes = sent.filter((r) => /^\/api\/manga_coin_sales_subscription_plans\/\d+$/.test(r.path));
      assert.equal(subscribes.length, 3);
      for (const subscribe of subscribes) {
        assert.match(subscribe.body, /"cardId":"pm_\w+"/);
        assert.doesNotMatch(subscribe.body, /4000 ?0025 ?0000 ?3155|4000 ?0000 ?0000 ?0002/);
      }
    });
  });
}
