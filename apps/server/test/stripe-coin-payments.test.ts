import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { STRIPE_CONFIRMATION_TTL_MS, createStripeProvider, stripeConfigFromEnv } from '../src/payments/stripe-provider';
import { STRIPE_RECONCILE_AFTER_MS } from '../src/modules/wallet/stripe-coin-payments';
import { type TestApp, buildTestApp, secondInstance } from './support/build-test-app';
import { type StripeStandIn, startStripeStandIn } from './support/stripe-server';
import { ledgerInvariant, member, tokenFor } from './support/wallet-factories';

/**
 * Coin packs paid through Stripe (issue 39): the official `stripe` package against a local
 * stand-in for Stripe's API (`support/stripe-server.ts`), webhooks signed with the package's own
 * test header helper. Coins are granted once per order, whatever answers first or twice.
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
  // Each test starts well after the scheduled runs of the one before (the jobs' leases are due again).
  nowMs = Math.max(Date.now(), nowMs + 2 * STRIPE_CONFIRMATION_TTL_MS);
  stripe.beforeCreateAnswer = null;
  stripe.loseCreateAnswers = false;
});

type Item = { id: number; coin: number; bonus: number; bonusPoint: number; taxIncludedPrice: number; limit: number | null };

async function pack(): Promise<Item> {
  const items = (await t.app.inject({ url: '/api/manga_coin/items/v3?payment_type=creditcard&display_scenes=shop' })).json<{
    items: Item[];
  }>().items;
  return items.find((i) => i.coin === 1000 && i.limit === null)!;
}

async function buy(app: FastifyInstance, cookie: string, cardId: string, token?: string) {
  const item = await pack();
  const tk = token ?? (await tokenFor(app, cookie, '/api/manga_coin/purchase/create_token'));
  const response = await app.inject({
    method: 'POST',
    url: `/api/manga_coin/purchase?token=${tk}`,
    headers: { cookie },
    payload: { itemId: item.id, paymentType: 'creditcard', cardId },
  });
  return { response, item, token: tk };
}

const webhook = (app: FastifyInstance, { payload, signature }: { payload: string; signature?: string }) =>
  app.inject({
    method: 'POST',
    url: '/api/payments/stripe/webhook',
    headers: { 'content-type': 'application/json', ...(signature ? { 'stripe-signature': signature } : {}) },
    payload,
  });

const order = (orderId: number) => t.database.db.selectFrom('orders').selectAll().where('id', '=', orderId).executeTakeFirstOrThrow();
const coins = async (userId: number) => (await ledgerInvariant(t.database.db, userId, nowMs)).MANGA_COIN;
const intentOf = (orderId: number) => [...stripe.intents.values()].find((i) => i.metadata.order_id === String(orderId))!;

describe('coin packs through Stripe', () => {
  it('a card that is charged at once: COMPLETE with the coins; the order id is the idempotency key, a replay charges nothing more', async () => {
    const m = await member(t.app);
    const { response, item, token } = await buy(t.app, m.cookie, 'pm_card_visa');
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json<{ status: string; orderId: number; balance: number }>();
    expect(body).toMatchObject({ status: 'COMPLETE', coin: item.coin, bonus: item.bonus, balance: item.coin + item.bonus });
    const row = await order(body.orderId);
    expect(row).toMatchObject({ status: 'COMPLETE', card_brand: 'VISA', card_last4: '4242', provider_ref: intentOf(body.orderId).id });
    const creates = stripe.calls.filter(
      (c) => c.method === 'POST' && c.path === '/v1/payment_intents' && c.idempotencyKey === `hondana-order-${body.orderId}`,
    );
    expect(creates).toHaveLength(1);
    expect(intentOf(body.orderId)).toMatchObject({ amount: item.taxIncludedPrice, currency: 'jpy' });

    // The webhook of the same payment, and a replay of the token: nothing more is granted or created.
    expect((await webhook(t.app, stripe.event('payment_intent.succeeded', row.provider_ref!))).statusCode).toBe(200);
    const replay = await buy(t.app, m.cookie, 'pm_card_visa', token);
    expect(replay.response.json()).toMatchObject({ status: 'COMPLETE', orderId: body.orderId });
    expect([...stripe.intents.values()].filter((i) => i.metadata.order_id === String(body.orderId))).toHaveLength(1);
    expect(await coins(m.userId)).toBe(item.coin + item.bonus);
  });

  it('3-D Secure required: the answer gives the page the client secret; coins come with the signed webhook, once even if it comes twice', async () => {
    const m = await member(t.app);
    const { response, item } = await buy(t.app, m.cookie, 'pm_card_threeDSecure2Required');
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json<{ status: string; orderId: number; clientSecret: string }>();
    const intent = intentOf(body.orderId);
    expect(body).toEqual({ status: 'REQUIRES_ACTION', orderId: body.orderId, clientSecret: intent.client_secret });
    expect(await order(body.orderId)).toMatchObject({ status: 'PROCESSING', provider_ref: intent.id });
    expect(await coins(m.userId)).toBe(0);

    stripe.authenticate(intent.id);
    const event = stripe.event('payment_intent.succeeded', intent.id);
    const [first, second] = await Promise.all([webhook(t.app, event), webhook(t.app, event)]);
    expect([first.statusCode, second.statusCode]).toEqual([200, 200]);
    expect((await webhook(t.app, stripe.event('payment_intent.succeeded', intent.id))).statusCode).toBe(200);
    expect(await order(body.orderId)).toMatchObject({ status: 'COMPLETE' });
    expect(await coins(m.userId)).toBe(item.coin + item.bonus);
    const status = await t.app.inject({ url: `/api/manga_coin/purchases/${body.orderId}`, headers: { cookie: m.cookie } });
    expect(status.json()).toMatchObject({ status: 'COMPLETE' });
  });

  it('a declined card: 400 with the §8 code, the order PAYMENT_ERROR, the intent cancelled so nothing can confirm it later', async () => {
    const m = await member(t.app);
    const declined = await buy(t.app, m.cookie, 'pm_card_chargeDeclined');
    expect(declined.response.statusCode).toBe(400);
    expect(declined.response.json()).toMatchObject({ errorCode: 'DECLINED_CARD' });
    const [row] = await t.database.db.selectFrom('orders').selectAll().where('user_id', '=', m.userId).execute();
    expect(row).toMatchObject({ status: 'PAYMENT_ERROR', failure_code: 'DECLINED_CARD' });
    expect(intentOf(row!.id).status).toBe('canceled');
    // A failure event arriving afterwards changes nothing.
    expect((await webhook(t.app, stripe.event('payment_intent.payment_failed', intentOf(row!.id).id))).statusCode).toBe(200);
    expect(await order(row!.id)).toMatchObject({ status: 'PAYMENT_ERROR' });

    const poor = await buy(t.app, m.cookie, 'pm_card_chargeDeclinedInsufficientFunds');
    expect(poor.response.json()).toMatchObject({ errorCode: 'USER_CREDIT_CARD_LIMIT_EXCEEDED' });
    // The token's replay answers the same, creating nothing.
    const again = await buy(t.app, m.cookie, 'pm_card_chargeDeclinedInsufficientFunds', poor.token);
    expect(again.response.json()).toMatchObject({ errorCode: 'USER_CREDIT_CARD_LIMIT_EXCEEDED' });
    expect(await coins(m.userId)).toBe(0);
  });

  it('refuses an unsigned, forged or replayed (older than 5 minutes) webhook', async () => {
    const m = await member(t.app);
    const { response } = await buy(t.app, m.cookie, 'pm_card_threeDSecure2Required');
    const intent = intentOf(response.json<{ orderId: number }>().orderId);
    stripe.authenticate(intent.id);
    const { payload } = stripe.event('payment_intent.succeeded', intent.id);
    const refused = [
      await webhook(t.app, { payload }),
      await webhook(t.app, stripe.event('payment_intent.succeeded', intent.id, { secret: 'whsec_someone_else' })),
      await webhook(t.app, stripe.event('payment_intent.succeeded', intent.id, { timestamp: Math.floor(nowMs / 1000) - 301 })),
    ];
    for (const r of refused) expect(r.statusCode).toBe(400);
    expect(refused[0]!.json()).toMatchObject({ errorCode: 'BAD_REQUEST' });
    expect(await coins(m.userId)).toBe(0);
    expect(await order(Number(intent.metadata.order_id))).toMatchObject({ status: 'PROCESSING' });
  });

  it('a webhook that arrives before the create call has answered: granted once, and the answer says COMPLETE', async () => {
    const m = await member(t.app);
    let overtaken = 0;
    stripe.beforeCreateAnswer = async (intent) => {
      overtaken = (await webhook(t.app, stripe.event('payment_intent.succeeded', intent.id))).statusCode;
    };
    const { response, item } = await buy(t.app, m.cookie, 'pm_card_visa');
    expect(overtaken).toBe(200);
    expect(response.json()).toMatchObject({ status: 'COMPLETE', balance: item.coin + item.bonus });
    expect(await coins(m.userId)).toBe(item.coin + item.bonus);
  });

  it('reconciliation: a lost webhook is made up by asking Stripe; an unanswered 3-D Secure ends at the time limit, its intent cancelled', async () => {
    const m = await member(t.app);
    const paid = (await buy(t.app, m.cookie, 'pm_card_threeDSecure2Required')).response.json<{ orderId: number }>().orderId;
    const left = (await buy(t.app, m.cookie, 'pm_card_threeDSecure2Required')).response.json<{ orderId: number }>().orderId;
    const { item } = await buy(t.app, m.cookie, 'pm_card_threeDSecure2Required');
    stripe.authenticate(intentOf(paid).id); // the member passed 3-D Secure; Stripe's webhook never arrives

    nowMs += 60_000; // too early: nothing is asked
    await t.app.ops.scheduler.runDue();
    expect(await order(paid)).toMatchObject({ status: 'PROCESSING' });

    nowMs += STRIPE_RECONCILE_AFTER_MS;
    await t.app.ops.scheduler.runDue();
    expect(await order(paid)).toMatchObject({ status: 'COMPLETE' });
    expect(await order(left)).toMatchObject({ status: 'PROCESSING' });
    expect(await coins(m.userId)).toBe(item.coin + item.bonus);

    nowMs += STRIPE_CONFIRMATION_TTL_MS;
    await t.app.ops.scheduler.runDue();
    expect(await order(left)).toMatchObject({ status: 'CANCEL', failure_code: 'PAYMENT_EXPIRED' });
    expect(intentOf(left).status).toBe('canceled');
    expect(await coins(m.userId)).toBe(item.coin + item.bonus);
  });

  it("Stripe's answer to the create call lost: PENDING, then the reconciliation finds the order's intent and grants once", async () => {
    const m = await member(t.app);
    stripe.loseCreateAnswers = true;
    const { response, item } = await buy(t.app, m.cookie, 'pm_card_visa');
    stripe.loseCreateAnswers = false;
    const body = response.json<{ status: string; orderId: number }>();
    expect(body).toEqual({ status: 'PENDING', orderId: body.orderId });
    expect(intentOf(body.orderId).status).toBe('succeeded'); // the money was taken; the store did not hear it
    expect(await coins(m.userId)).toBe(0);
    nowMs += STRIPE_RECONCILE_AFTER_MS;
    await t.app.ops.scheduler.runDue();
    expect(await order(body.orderId)).toMatchObject({ status: 'COMPLETE', provider_ref: intentOf(body.orderId).id });
    expect(await coins(m.userId)).toBe(item.coin + item.bonus);
  });

  it('two app instances on one database receive the same event at once: granted once', async () => {
    const second = await secondInstance(t, { paymentProvider: createStripeProvider(stripe.config), clock: () => new Date(nowMs) });
    try {
      const m = await member(t.app);
      const { response, item } = await buy(t.app, m.cookie, 'pm_card_threeDSecure2Required');
      const intent = intentOf(response.json<{ orderId: number }>().orderId);
      stripe.authenticate(intent.id);
      const event = stripe.event('payment_intent.succeeded', intent.id);
      const answers = await Promise.all([webhook(t.app, event), webhook(second, event), webhook(t.app, event), webhook(second, event)]);
      expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 200]);
      expect(await coins(m.userId)).toBe(item.coin + item.bonus);
      const grants = await t.database.db.selectFrom('wallet_ledger').select('id').where('user_id', '=', m.userId).execute();
      expect(grants.length).toBeGreaterThan(0);
    } finally {
      await second.close();
    }
  });
});

describe('PAYMENT_PROVIDER', () => {
  it('is the sandbox by default; stripe needs its three keys, named (never their values) when missing', () => {
    expect(stripeConfigFromEnv({})).toBeNull();
    expect(stripeConfigFromEnv({ PAYMENT_PROVIDER: 'sandbox', STRIPE_SECRET_KEY: 'sk_test_x' })).toBeNull();
    expect(() => stripeConfigFromEnv({ PAYMENT_PROVIDER: 'paypal' })).toThrow(/sandbox or stripe/);
    const secret = 'sk_live_do_not_print_me';
    let message = '';
    try {
      stripeConfigFromEnv({ PAYMENT_PROVIDER: 'stripe', STRIPE_SECRET_KEY: secret });
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toBe('PAYMENT_PROVIDER=stripe needs STRIPE_PUBLISHABLE_KEY, STRIPE_WEBHOOK_SECRET');
    expect(
      stripeConfigFromEnv({
        PAYMENT_PROVIDER: 'stripe',
        STRIPE_SECRET_KEY: secret,
        STRIPE_PUBLISHABLE_KEY: 'pk',
        STRIPE_WEBHOOK_SECRET: 'whsec',
      }),
    ).toEqual({
      secretKey: secret,
      publishableKey: 'pk',
      webhookSecret: 'whsec',
    });
  });
});
