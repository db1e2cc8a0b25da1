import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { pagePolicy } from '../src/http/content-security-policy';
import { STRIPE_CONFIRMATION_TTL_MS, createStripeProvider, stripeConfigFromEnv } from '../src/payments/stripe-provider';
import { KONBINI_SETTLE_GRACE_MS, STRIPE_RECONCILE_AFTER_MS } from '../src/modules/wallet/stripe-coin-payments';
import { type TestApp, buildTestApp } from './support/build-test-app';
import { type StripeStandIn, startStripeStandIn } from './support/stripe-server';
import { ledgerInvariant, member, tokenFor } from './support/wallet-factories';

/**
 * Konbini and PayPay coin packs through Stripe (issue 39), against the local stand-in for
 * Stripe's API: a konbini voucher is answered at once and its order waits (days, not the 30
 * minutes of a card's 3-D Secure) until Stripe's webhook says it was paid, or ends CANCEL
 * (PAYMENT_EXPIRED) when it was not; PayPay sends the member to its page and back.
 */
let stripe: StripeStandIn;
let t: TestApp;
let nowMs = Date.now();
beforeAll(async () => {
  stripe = await startStripeStandIn();
  stripe.now = () => nowMs;
  t = await buildTestApp({ paymentProvider: createStripeProvider(stripe.config), clock: () => new Date(nowMs) });
});
afterAll(async () => {
  await t.close();
  await stripe.close();
});
beforeEach(() => {
  nowMs = Math.max(Date.now(), nowMs + 2 * STRIPE_CONFIRMATION_TTL_MS);
});

type Item = { id: number; coin: number; bonus: number; taxIncludedPrice: number; limit: number | null };
type Voucher = {
  expiresAt: number;
  voucherUrl: string | null;
  stores: { store: string; confirmationNumber: string | null; paymentCode: string | null }[];
};

async function pack(paymentType: string): Promise<Item> {
  const items = (await t.app.inject({ url: `/api/manga_coin/items/v3?payment_type=${paymentType}&display_scenes=shop` })).json<{
    items: Item[];
  }>().items;
  return items.find((i) => i.coin === 1000 && i.limit === null)!;
}

async function buy(app: FastifyInstance, cookie: string, paymentType: 'konbini' | 'paypay', cardId?: string) {
  const item = await pack(paymentType);
  const tk = await tokenFor(app, cookie, '/api/manga_coin/purchase/create_token');
  const response = await app.inject({
    method: 'POST',
    url: `/api/manga_coin/purchase?token=${tk}`,
    headers: { cookie, host: 'store.example' },
    payload: { itemId: item.id, paymentType, returnUrl: '/mangacoin?ref=pcb', ...(cardId ? { cardId } : {}) },
  });
  return { response, item };
}

const webhook = (app: FastifyInstance, { payload, signature }: { payload: string; signature: string }) =>
  app.inject({
    method: 'POST',
    url: '/api/payments/stripe/webhook',
    headers: { 'content-type': 'application/json', 'stripe-signature': signature },
    payload,
  });
const order = (orderId: number) => t.database.db.selectFrom('orders').selectAll().where('id', '=', orderId).executeTakeFirstOrThrow();
const coins = async (userId: number) => (await ledgerInvariant(t.database.db, userId, nowMs)).MANGA_COIN;
const intentOf = (orderId: number) => [...stripe.intents.values()].find((i) => i.metadata.order_id === String(orderId))!;

describe('the coin shop learns what the provider offers', () => {
  it('Stripe: card, konbini and PayPay with the publishable key; carrier billing answers PAYMENT_MAINTENANCE; a Stripe payment needs its PaymentMethod', async () => {
    const config = await t.app.inject({ url: '/api/manga_coin/payment_config' });
    expect(config.json()).toEqual({
      provider: 'stripe',
      methods: ['creditcard', 'konbini', 'paypay'],
      stripe: { publishableKey: stripe.config.publishableKey, jsUrl: null },
    });
    const m = await member(t.app);
    const docomo = await t.app.inject({
      method: 'POST',
      url: `/api/manga_coin/purchase?token=${await tokenFor(t.app, m.cookie, '/api/manga_coin/purchase/create_token')}`,
      headers: { cookie: m.cookie },
      payload: { itemId: (await pack('docomo')).id, paymentType: 'docomo' },
    });
    expect(docomo.json()).toMatchObject({ errorCode: 'PAYMENT_MAINTENANCE' });
    const missing = await buy(t.app, m.cookie, 'konbini');
    expect(missing.response.statusCode).toBe(400);
    expect(missing.response.json()).toMatchObject({ errorCode: 'BAD_REQUEST', messages: [expect.stringContaining('cardId')] });
  });

  it('the sandbox: its seven methods, konbini not among them (PAYMENT_MAINTENANCE)', async () => {
    const sandbox = await buildTestApp();
    try {
      const config = (await sandbox.app.inject({ url: '/api/manga_coin/payment_config' })).json();
      expect(config).toEqual({
        provider: 'sandbox',
        methods: ['creditcard', 'docomo', 'paypay', 'au', 'softbank', 'linepay', 'rakutenpay'],
        stripe: null,
      });
      const m = await member(sandbox.app);
      const items = (await sandbox.app.inject({ url: '/api/manga_coin/items/v3?payment_type=konbini&display_scenes=shop' })).json<{
        items: Item[];
      }>().items;
      const tk = await tokenFor(sandbox.app, m.cookie, '/api/manga_coin/purchase/create_token');
      const answer = await sandbox.app.inject({
        method: 'POST',
        url: `/api/manga_coin/purchase?token=${tk}`,
        headers: { cookie: m.cookie },
        payload: { itemId: items[0]!.id, paymentType: 'konbini' },
      });
      expect(answer.json()).toMatchObject({ errorCode: 'PAYMENT_MAINTENANCE' });
    } finally {
      await sandbox.close();
    }
  });
});

describe('konbini through Stripe', () => {
  it('answers the voucher; the order waits past 30 minutes; paid later: the signed webhook grants the coins once', async () => {
    const m = await member(t.app);
    const { response, item } = await buy(t.app, m.cookie, 'konbini', 'pm_konbini');
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json<{ status: string; orderId: number; voucher: Voucher }>();
    const intent = intentOf(body.orderId);
    expect(intent).toMatchObject({
      amount: item.taxIncludedPrice,
      currency: 'jpy',
      payment_method_types: ['konbini'],
      status: 'requires_action',
    });
    expect(body.status).toBe('VOUCHER');
    expect(body.voucher.voucherUrl).toMatch(/^https:\/\/payments\.stripe\.com\/konbini\/voucher\//);
    expect(body.voucher.expiresAt).toBeGreaterThan(nowMs + 2 * 24 * 60 * 60 * 1000);
    expect(body.voucher.stores.map((s) => s.store)).toEqual(['familymart', 'lawson', 'ministop', 'seicomart']);
    expect(body.voucher.stores[1]).toMatchObject({
      confirmationNumber: expect.stringMatching(/^\d{11}$/),
      paymentCode: expect.stringMatching(/^\d+$/),
    });
    expect(await order(body.orderId)).toMatchObject({
      status: 'PROCESSING',
      payment_type: 'KONBINI',
      provider_ref: intent.id,
      payment_expires_at: body.voucher.expiresAt,
    });

    // The member's shop says it waits, until the voucher's time limit, with the voucher again (Stripe keeps its numbers).
    const unsettled = await t.app.inject({ url: '/api/manga_coin/purchases/unsettled', headers: { cookie: m.cookie } });
    expect(unsettled.json()).toEqual({
      purchase: expect.objectContaining({ orderId: body.orderId, status: 'PROCESSING', paymentType: 'konbini' }),
      expiresAt: body.voucher.expiresAt,
      voucher: body.voucher,
    });

    // An hour later (past a card's 30 minutes) the reconciliation leaves it alone and asks Stripe nothing.
    const asked = stripe.calls.length;
    nowMs += 60 * 60 * 1000;
    await t.app.ops.scheduler.runDue();
    expect(await order(body.orderId)).toMatchObject({ status: 'PROCESSING' });
    expect(stripe.calls.slice(asked).filter((c) => c.path.includes(intent.id))).toEqual([]);

    stripe.pay(intent.id);
    const event = stripe.event('payment_intent.succeeded', intent.id);
    const answers = await Promise.all([webhook(t.app, event), webhook(t.app, event)]);
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200]);
    expect(await order(body.orderId)).toMatchObject({ status: 'COMPLETE' });
    expect(await coins(m.userId)).toBe(item.coin + item.bonus);
    const status = await t.app.inject({ url: `/api/manga_coin/purchases/${body.orderId}`, headers: { cookie: m.cookie } });
    expect(status.json()).toMatchObject({ status: 'COMPLETE', paymentType: 'konbini' });
    // Paid: nothing waits any more, and no voucher is shown.
    expect((await t.app.inject({ url: '/api/manga_coin/purchases/unsettled', headers: { cookie: m.cookie } })).json()).toEqual({
      purchase: null,
      expiresAt: null,
      voucher: null,
    });
  });

  it('expired unpaid: Stripe says payment_failed and the order ends CANCEL (PAYMENT_EXPIRED), its intent cancelled; a lost webhook is made up after the time limit', async () => {
    const m = await member(t.app);
    const first = (await buy(t.app, m.cookie, 'konbini', 'pm_konbini')).response.json<{ orderId: number; voucher: Voucher }>();
    const second = (await buy(t.app, m.cookie, 'konbini', 'pm_konbini')).response.json<{ orderId: number; voucher: Voucher }>();

    // The first: Stripe's own expiry, told by its webhook.
    nowMs = first.voucher.expiresAt + 1000;
    stripe.expire(intentOf(first.orderId).id);
    expect((await webhook(t.app, stripe.event('payment_intent.payment_failed', intentOf(first.orderId).id))).statusCode).toBe(200);
    expect(await order(first.orderId)).toMatchObject({ status: 'CANCEL', failure_code: 'PAYMENT_EXPIRED' });
    expect(intentOf(first.orderId).status).toBe('canceled');
    // A canceled event afterwards changes nothing.
    expect((await webhook(t.app, stripe.event('payment_intent.canceled', intentOf(first.orderId).id))).statusCode).toBe(200);
    expect(await order(first.orderId)).toMatchObject({ status: 'CANCEL', failure_code: 'PAYMENT_EXPIRED' });

    // The second: no webhook ever comes; just past the time limit it still waits (a last-minute payment's notice),
    // then the reconciliation asks Stripe, cancels the intent and ends the order.
    await t.app.ops.scheduler.runDue();
    expect(await order(second.orderId)).toMatchObject({ status: 'PROCESSING' });
    nowMs = second.voucher.expiresAt + KONBINI_SETTLE_GRACE_MS + 60_000;
    await t.app.ops.scheduler.runDue();
    expect(await order(second.orderId)).toMatchObject({ status: 'CANCEL', failure_code: 'PAYMENT_EXPIRED' });
    expect(intentOf(second.orderId).status).toBe('canceled');
    expect(await coins(m.userId)).toBe(0);
    const unsettled = await t.app.inject({ url: '/api/manga_coin/purchases/unsettled', headers: { cookie: m.cookie } });
    expect(unsettled.json()).toMatchObject({
      purchase: { orderId: second.orderId, status: 'CANCEL', failureCode: 'PAYMENT_EXPIRED' },
      expiresAt: null,
    });
  });

  it('paid at the last minute with its webhook lost: the reconciliation after the time limit grants the coins', async () => {
    const m = await member(t.app);
    const { response, item } = await buy(t.app, m.cookie, 'konbini', 'pm_konbini');
    const body = response.json<{ orderId: number; voucher: Voucher }>();
    stripe.pay(intentOf(body.orderId).id);
    nowMs = body.voucher.expiresAt + KONBINI_SETTLE_GRACE_MS + 60_000;
    await t.app.ops.scheduler.runDue();
    expect(await order(body.orderId)).toMatchObject({ status: 'COMPLETE' });
    expect(await coins(m.userId)).toBe(item.coin + item.bonus);
  });
});

describe('PayPay through Stripe', () => {
  it("answers PayPay's page to go to, with the coin shop as Stripe's return URL; succeeded: granted once", async () => {
    const m = await member(t.app);
    const { response, item } = await buy(t.app, m.cookie, 'paypay', 'pm_paypay');
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json<{ status: string; orderId: number; clientSecret: string; redirectUrl: string }>();
    const intent = intentOf(body.orderId);
    expect(body).toEqual({
      status: 'REQUIRES_ACTION',
      orderId: body.orderId,
      clientSecret: intent.client_secret,
      redirectUrl: expect.stringMatching(/^https:\/\/pm-redirects\.stripe\.com\//),
    });
    expect(intent).toMatchObject({ payment_method_types: ['paypay'], status: 'requires_action' });
    expect((intent.next_action as { redirect_to_url: { return_url: string } }).redirect_to_url.return_url).toBe(
      `http://store.example/mangacoin?ref=pcb&order_id=${body.orderId}`,
    );
    expect(await order(body.orderId)).toMatchObject({ status: 'PROCESSING', payment_type: 'PAYPAY', payment_expires_at: null });

    stripe.pay(intent.id);
    expect((await webhook(t.app, stripe.event('payment_intent.succeeded', intent.id))).statusCode).toBe(200);
    expect((await webhook(t.app, stripe.event('payment_intent.succeeded', intent.id))).statusCode).toBe(200);
    const status = await t.app.inject({ url: `/api/manga_coin/purchases/${body.orderId}`, headers: { cookie: m.cookie } });
    expect(status.json()).toMatchObject({ status: 'COMPLETE', paymentType: 'paypay' });
    expect(await coins(m.userId)).toBe(item.coin + item.bonus);
  });

  it("left on PayPay's page: cancelled by its failure event, or at the 30-minute limit by the reconciliation", async () => {
    const m = await member(t.app);
    const left = (await buy(t.app, m.cookie, 'paypay', 'pm_paypay')).response.json<{ orderId: number }>().orderId;
    const refused = (await buy(t.app, m.cookie, 'paypay', 'pm_paypay')).response.json<{ orderId: number }>().orderId;
    stripe.expire(intentOf(refused).id);
    expect((await webhook(t.app, stripe.event('payment_intent.payment_failed', intentOf(refused).id))).statusCode).toBe(200);
    expect(await order(refused)).toMatchObject({ status: 'CANCEL', failure_code: 'CANCELLED_BY_USER' });

    nowMs += STRIPE_RECONCILE_AFTER_MS + STRIPE_CONFIRMATION_TTL_MS;
    await t.app.ops.scheduler.runDue();
    expect(await order(left)).toMatchObject({ status: 'CANCEL', failure_code: 'PAYMENT_EXPIRED' });
    expect(intentOf(left).status).toBe('canceled');
    expect(await coins(m.userId)).toBe(0);
  });
});

describe('STRIPE_JS_URL (tests only: a local stand-in for Stripe.js)', () => {
  it("is told to the page and its origin allowed by the pages' policy, only with Stripe", () => {
    const keys = {
      PAYMENT_PROVIDER: 'stripe',
      STRIPE_SECRET_KEY: 'sk_test_x',
      STRIPE_PUBLISHABLE_KEY: 'pk_test_x',
      STRIPE_WEBHOOK_SECRET: 'whsec_x',
    };
    expect(stripeConfigFromEnv({ ...keys, STRIPE_JS_URL: 'http://127.0.0.1:4567/stripe.js' })).toMatchObject({
      jsUrl: 'http://127.0.0.1:4567/stripe.js',
    });
    expect(() => stripeConfigFromEnv({ ...keys, STRIPE_JS_URL: 'javascript:alert(1)' })).toThrow(/STRIPE_JS_URL/);
    const policy = pagePolicy({ stripe: true, stripeOrigins: ['http://127.0.0.1:4567'] })('n0nce');
    for (const directive of ['script-src', 'connect-src', 'frame-src']) {
      expect(policy.split('; ').find((d) => d.startsWith(directive))).toContain(' http://127.0.0.1:4567');
    }
    expect(pagePolicy({ stripeOrigins: ['http://127.0.0.1:4567'] })('n0nce')).not.toContain('127.0.0.1');
  });
});
