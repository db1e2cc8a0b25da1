import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { STRIPE_CONFIRMATION_TTL_MS, createStripeProvider } from '../src/payments/stripe-provider';
import { STRIPE_CART_RECONCILE_AFTER_MS } from '../src/modules/cart/stripe-cart-payments';
import { type TestApp, buildTestApp, secondInstance } from './support/build-test-app';
import { cartClient, giveCoupon, insertCoupon } from './support/cart-factories';
import { insertBook, insertTitle } from './support/catalog-factories';
import { type StripeStandIn, startStripeStandIn } from './support/stripe-server';
import { testDialect } from './support/test-database';
import { grantTo, ledgerInvariant, member } from './support/wallet-factories';

/**
 * Cart orders (order v3) paid by card through Stripe (issue 39): the order waits PROCESSING, the
 * intent is created after the checkout's transaction with the order id as its idempotency key,
 * and the books are granted only when it succeeded, once — answer, webhook (twice) or the
 * reconciliation, whichever comes first.
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
  stripe.loseCreateAnswers = false;
  stripe.beforeCreateAnswer = null;
});
const db = () => t.database.db;

async function memberWithCart(points = 0) {
  const m = await member(t.app);
  const c = cartClient(t.app, m.cookie);
  const title = await insertTitle(db());
  const books = [await insertBook(db(), title, 1, { price: 500 }), await insertBook(db(), title, 2, { price: 300 })];
  await c.addMany(books);
  if (points > 0) await grantTo(db(), m.userId, 'POINT', points, { now: nowMs });
  return { ...m, c, books };
}

const pay = async (m: Awaited<ReturnType<typeof memberWithCart>>, cardId: string, usePoint = 0) =>
  m.c.order(await m.c.token(), {
    usePoint,
    salePrice: 800,
    bookIds: m.books,
    paymentType: 'creditcard',
    cardId,
    returnUrl: '/cart?ref=payment',
  });
const webhook = (app: FastifyInstance, { payload, signature }: { payload: string; signature: string }) =>
  app.inject({
    method: 'POST',
    url: '/api/payments/stripe/webhook',
    headers: { 'content-type': 'application/json', 'stripe-signature': signature },
    payload,
  });
const order = (orderId: number) => db().selectFrom('orders').selectAll().where('id', '=', orderId).executeTakeFirstOrThrow();
const ordersOf = (userId: number) => db().selectFrom('orders').selectAll().where('user_id', '=', userId).orderBy('id').execute();
const owned = async (userId: number) =>
  (await db().selectFrom('user_books').select('book_id').where('user_id', '=', userId).orderBy('book_id').execute()).map((r) => r.book_id);
const cartBooks = async (userId: number) =>
  (await db().selectFrom('cart_items').select('book_id').where('user_id', '=', userId).orderBy('book_id').execute()).map((r) => r.book_id);
const intentOf = (orderId: number) => [...stripe.intents.values()].find((i) => i.metadata.order_id === String(orderId))!;

describe('the cart paid by card through Stripe', () => {
  it('a card charged at once: the books, once; the order id is the idempotency key; the webhook twice grants nothing more', async () => {
    const m = await memberWithCart(100);
    const r = await pay(m, 'pm_card_visa', 100);
    expect(r.statusCode, r.body).toBe(200);
    const results = r.json().results;
    expect(results).toMatchObject({ bookIds: m.books, totalPrice: 800, usePoint: 100, payPrice: 700, userLotteryTickets: [] });
    const row = await order(results.orderId);
    expect(row).toMatchObject({
      kind: 'BOOK',
      status: 'COMPLETE',
      total_price: 700,
      provider_ref: intentOf(results.orderId).id,
      card_brand: 'VISA',
      card_last4: '4242',
    });
    expect(intentOf(results.orderId)).toMatchObject({ amount: 700, currency: 'jpy' });
    expect(
      stripe.calls.filter((c) => c.path === '/v1/payment_intents' && c.idempotencyKey === `hondana-order-${results.orderId}`),
    ).toHaveLength(1);
    expect(await owned(m.userId)).toEqual(m.books);
    expect(await cartBooks(m.userId)).toEqual([]);
    const points = (await ledgerInvariant(db(), m.userId, nowMs)).POINT;

    const event = stripe.event('payment_intent.succeeded', row.provider_ref!);
    const answers = await Promise.all([webhook(t.app, event), webhook(t.app, event)]);
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200]);
    expect(await owned(m.userId)).toEqual(m.books);
    expect((await ledgerInvariant(db(), m.userId, nowMs)).POINT).toBe(points);
    const items = await db().selectFrom('order_items').select('book_id').where('order_id', '=', results.orderId).execute();
    expect(items).toHaveLength(2);
  });

  it('a declined card: 400 CART_PAYMENT_FAILED with the §8 code, the order PAYMENT_ERROR, the points back, the cart as it was, the intent cancelled', async () => {
    const m = await memberWithCart(200);
    const r = await pay(m, 'pm_card_chargeDeclinedInsufficientFunds', 200);
    expect([r.statusCode, r.json().errorCode]).toEqual([400, 'CART_PAYMENT_FAILED']);
    expect(JSON.stringify(r.json().messages)).toContain('USER_CREDIT_CARD_LIMIT_EXCEEDED');
    const [row] = await ordersOf(m.userId);
    expect(row).toMatchObject({ status: 'PAYMENT_ERROR', failure_code: 'USER_CREDIT_CARD_LIMIT_EXCEEDED' });
    expect(intentOf(row!.id).status).toBe('canceled');
    expect((await ledgerInvariant(db(), m.userId, nowMs)).POINT).toBe(200);
    expect(await owned(m.userId)).toEqual([]);
    expect(await cartBooks(m.userId)).toEqual(m.books);
    // A failure event afterwards changes nothing.
    expect((await webhook(t.app, stripe.event('payment_intent.payment_failed', intentOf(row!.id).id))).statusCode).toBe(200);
    expect(await order(row!.id)).toMatchObject({ status: 'PAYMENT_ERROR' });
    expect((await ledgerInvariant(db(), m.userId, nowMs)).POINT).toBe(200);
  });

  it('3-D Secure: PROCESSING with the client secret; the books come with the webhook, once, even if it comes twice at once', async () => {
    const m = await memberWithCart();
    const r = await pay(m, 'pm_card_threeDSecure2Required');
    expect(r.statusCode, r.body).toBe(200);
    const results = r.json().results;
    const intent = intentOf(results.orderId);
    expect(results).toEqual({
      orderId: results.orderId,
      orderStatus: 'PROCESSING',
      confirmUrl: '/cart?ref=payment',
      bookIds: m.books,
      payPrice: 800,
      clientSecret: intent.client_secret,
    });
    expect(await owned(m.userId)).toEqual([]);
    stripe.authenticate(intent.id);
    const event = stripe.event('payment_intent.succeeded', intent.id);
    const answers = await Promise.all([
      webhook(t.app, event),
      webhook(t.app, event),
      webhook(t.app, stripe.event('payment_intent.succeeded', intent.id)),
    ]);
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200]);
    expect(await order(results.orderId)).toMatchObject({ status: 'COMPLETE' });
    expect(await owned(m.userId)).toEqual(m.books);
    expect(await db().selectFrom('order_items').select('book_id').where('order_id', '=', results.orderId).execute()).toHaveLength(2);
    const status = await m.c.send('GET', `/cart/order/${results.orderId}`);
    expect(status.json()).toMatchObject({ status: 'COMPLETE', bookIds: m.books });
  });

  it("3-D Secure passed and no webhook yet: the page's poll of the order asks Stripe and settles it, once; the late webhook grants nothing more", async () => {
    const m = await memberWithCart();
    const results = (await pay(m, 'pm_card_threeDSecure2Required')).json().results;
    const intent = intentOf(results.orderId);
    // Still waiting on the challenge: the poll says PROCESSING and grants nothing.
    const waiting = await m.c.send('GET', `/cart/order/${results.orderId}`);
    expect(waiting.json()).toMatchObject({ status: 'PROCESSING' });
    expect(await owned(m.userId)).toEqual([]);
    stripe.authenticate(intent.id);
    const polls = await Promise.all([m.c.send('GET', `/cart/order/${results.orderId}`), m.c.send('GET', `/cart/order/${results.orderId}`)]);
    expect(polls.map((p) => p.json().status)).toEqual(['COMPLETE', 'COMPLETE']);
    expect(await owned(m.userId)).toEqual(m.books);
    expect((await webhook(t.app, stripe.event('payment_intent.succeeded', intent.id))).statusCode).toBe(200);
    expect(await db().selectFrom('order_items').select('book_id').where('order_id', '=', results.orderId).execute()).toHaveLength(2);
    // Another member cannot have the order looked at (nor settled) through its id.
    const other = await memberWithCart();
    expect((await other.c.send('GET', `/cart/order/${results.orderId}`)).statusCode).toBe(404);
  });

  it("a webhook that overtakes the create call's answer: granted once, the answer is the completed order", async () => {
    const m = await memberWithCart();
    stripe.beforeCreateAnswer = async (intent) => {
      await webhook(t.app, stripe.event('payment_intent.succeeded', intent.id));
    };
    const r = await pay(m, 'pm_card_visa');
    expect(r.json().results).toMatchObject({ bookIds: m.books, payPrice: 800 });
    expect(await owned(m.userId)).toEqual(m.books);
  });

  it('nothing left to pay after the coupon and points: no PaymentIntent (Stripe refuses 0 yen), no card asked, the order completes at once', async () => {
    const m = await memberWithCart(400);
    const couponId = await insertCoupon(db());
    await giveCoupon(db(), m.userId, couponId);
    expect((await m.c.setCoupon(await m.c.token(), couponId)).statusCode).toBe(200);
    const calls = stripe.calls.length;
    const r = await m.c.order(await m.c.token(), {
      usePoint: 400,
      salePrice: 800,
      bookIds: m.books,
      paymentType: 'creditcard',
      returnUrl: '/cart?ref=payment',
    });
    expect(r.statusCode, r.body).toBe(200);
    const results = r.json().results;
    expect(results).toMatchObject({ bookIds: m.books, totalPrice: 800, discount: 400, usePoint: 400, payPrice: 0 });
    expect(results.orderStatus).toBeUndefined();
    expect(await order(results.orderId)).toMatchObject({
      kind: 'BOOK',
      status: 'COMPLETE',
      total_price: 0,
      payment_type: 'POINT',
      provider_ref: null,
    });
    expect(stripe.calls.slice(calls)).toEqual([]);
    expect(intentOf(results.orderId)).toBeUndefined();
    expect(await owned(m.userId)).toEqual(m.books);
    expect(await cartBooks(m.userId)).toEqual([]);
    const spent = await db()
      .selectFrom('wallet_ledger')
      .select(['currency', 'amount'])
      .where('order_id', '=', results.orderId)
      .where('kind', '=', 'SPEND')
      .execute();
    expect(spent).toEqual([{ currency: 'POINT', amount: -400 }]);
    expect(await db().selectFrom('user_coupons').select('status').where('user_id', '=', m.userId).executeTakeFirstOrThrow()).toEqual({
      status: 'USED',
    });
    // A card the page sent anyway is not charged either.
    const other = await memberWithCart(800);
    const again = await pay(other, 'pm_card_visa', 800);
    expect(again.json().results).toMatchObject({ payPrice: 0, bookIds: other.books });
    expect(stripe.calls.slice(calls)).toEqual([]);
  });

  it.skipIf(testDialect !== 'postgres')(
    'two app instances on one PostgreSQL receive the same event of a cart order at once: the books and points once',
    async () => {
      const second = await secondInstance(t, { paymentProvider: createStripeProvider(stripe.config), clock: () => new Date(nowMs) });
      try {
        const m = await memberWithCart(100);
        const results = (await pay(m, 'pm_card_threeDSecure2Required', 100)).json().results;
        const intent = intentOf(results.orderId);
        stripe.authenticate(intent.id);
        const event = stripe.event('payment_intent.succeeded', intent.id);
        const answers = await Promise.all([webhook(t.app, event), webhook(second, event), webhook(t.app, event), webhook(second, event)]);
        expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 200]);
        expect(await order(results.orderId)).toMatchObject({ status: 'COMPLETE', provider_ref: intent.id });
        expect(await owned(m.userId)).toEqual(m.books);
        expect(await db().selectFrom('order_items').select('book_id').where('order_id', '=', results.orderId).execute()).toHaveLength(2);
        expect(await db().selectFrom('user_books').select('book_id').where('user_id', '=', m.userId).execute()).toHaveLength(2);
        // The points it spent once, the points it earned once (the order's, no more), the receipt once.
        const lines = await db().selectFrom('wallet_ledger').select(['kind', 'amount']).where('order_id', '=', results.orderId).execute();
        expect(lines.filter((l) => l.kind === 'SPEND')).toHaveLength(1);
        const row = await order(results.orderId);
        expect(row.point).toBeGreaterThan(0);
        expect(lines.filter((l) => l.kind === 'GRANT').reduce((sum, l) => sum + l.amount, 0)).toBe(row.point);
        expect(lines.filter((l) => l.kind === 'REFUND')).toHaveLength(0);
        expect(
          await db()
            .selectFrom('mail_outbox')
            .select('id')
            .where('user_id', '=', m.userId)
            .where('kind', '=', 'PURCHASE_RECEIPT')
            .execute(),
        ).toHaveLength(1);
        expect(await cartBooks(m.userId)).toEqual([]);
      } finally {
        await second.close();
      }
    },
  );

  it("Stripe's answer lost: PROCESSING, then the reconciliation finds the intent and grants once; an unanswered 3-D Secure ends at the time limit with the points back", async () => {
    const m = await memberWithCart();
    stripe.loseCreateAnswers = true;
    const r = await pay(m, 'pm_card_visa');
    stripe.loseCreateAnswers = false;
    const orderId = r.json().results.orderId as number;
    expect(r.json().results).toMatchObject({ orderStatus: 'PROCESSING' });
    expect(await owned(m.userId)).toEqual([]);

    const left = await memberWithCart(100);
    const waiting = (await pay(left, 'pm_card_threeDSecure2Required', 100)).json().results.orderId as number;

    nowMs += STRIPE_CART_RECONCILE_AFTER_MS;
    await t.app.ops.scheduler.runDue();
    expect(await order(orderId)).toMatchObject({ status: 'COMPLETE', provider_ref: intentOf(orderId).id });
    expect(await owned(m.userId)).toEqual(m.books);
    expect(await order(waiting)).toMatchObject({ status: 'PROCESSING' });

    nowMs += STRIPE_CONFIRMATION_TTL_MS;
    await t.app.ops.scheduler.runDue();
    expect(await order(waiting)).toMatchObject({ status: 'CANCEL', failure_code: 'PAYMENT_EXPIRED' });
    expect(intentOf(waiting).status).toBe('canceled');
    expect((await ledgerInvariant(db(), left.userId, nowMs)).POINT).toBe(100);
    expect(await cartBooks(left.userId)).toEqual(left.books);
  });
});
