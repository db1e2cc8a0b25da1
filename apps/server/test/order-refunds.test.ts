import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { createStripeProvider } from '../src/payments/stripe-provider';
import { staffMember } from './support/admin-factories';
import { type TestApp, buildTestApp } from './support/build-test-app';
import { cartClient } from './support/cart-factories';
import { insertBook, insertTitle } from './support/catalog-factories';
import { type StripeStandIn, startStripeStandIn } from './support/stripe-server';
import { buyWithMangaCoin, ledgerInvariant, member, sandboxCardId, tokenFor } from './support/wallet-factories';

/**
 * Issue 39: an operator's cancellation of a paid order (console) gives the money back through
 * the provider and takes back the order's unspent coins in the ledger, once — a second cancel,
 * two at once on two app instances, a failed or lost provider answer and the operator's retry.
 */
type Item = { id: number; coin: number; bonus: number; bonusPoint: number; taxIncludedPrice: number; limit: number | null };

async function pack(app: FastifyInstance): Promise<Item> {
  const items = (await app.inject({ url: '/api/manga_coin/items/v3?payment_type=creditcard&display_scenes=shop' })).json<{
    items: Item[];
  }>().items;
  return items.find((i) => i.coin === 1000 && i.limit === null)!;
}

async function buyPack(app: FastifyInstance, cookie: string, cardId: string) {
  const item = await pack(app);
  const token = await tokenFor(app, cookie, '/api/manga_coin/purchase/create_token');
  const response = await app.inject({
    method: 'POST',
    url: `/api/manga_coin/purchase?token=${token}`,
    headers: { cookie },
    payload: { itemId: item.id, paymentType: 'creditcard', cardId },
  });
  if (response.statusCode !== 200) throw new Error(`coin pack: ${response.body}`);
  return { item, orderId: response.json<{ orderId: number }>().orderId };
}

function setup(t: () => TestApp) {
  const db = () => t().database.db;
  const order = (orderId: number) => db().selectFrom('orders').selectAll().where('id', '=', orderId).executeTakeFirstOrThrow();
  const refundRow = (orderId: number) => db().selectFrom('order_refunds').selectAll().where('order_id', '=', orderId).executeTakeFirst();
  const held = async (userId: number) => ledgerInvariant(db(), userId, t().app.deps.clock().getTime());
  const detailOrder = async (op: Awaited<ReturnType<typeof staffMember>>, userId: number, orderId: number) =>
    (await op.get(`/members/${userId}`))
      .json<{ orders: { id: number; refundableYen: number | null; refund: unknown }[] }>()
      .orders.find((o) => o.id === orderId)!;
  return { db, order, refundRow, held, detailOrder };
}

describe('refunds with the sandbox provider', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());
  const { db, order, refundRow, held, detailOrder } = setup(() => t);

  it('a coin pack by card: the console shows the refund, the cancel gives it back once and takes the coins back in the ledger', async () => {
    const op = await staffMember(t.app, db(), 'operator');
    const m = await member(t.app);
    const { item, orderId } = await buyPack(t.app, m.cookie, await sandboxCardId(t.app));
    expect(await held(m.userId)).toMatchObject({ MANGA_COIN: item.coin + item.bonus });
    expect(await detailOrder(op, m.userId, orderId)).toMatchObject({ refundableYen: item.taxIncludedPrice, refund: null });

    const cancel = await op.change('POST', `/members/${m.userId}/orders/${orderId}/cancel`, {
      reason: '誤購入',
      refundYen: item.taxIncludedPrice,
    });
    expect(cancel.statusCode, cancel.body).toBe(200);
    expect(cancel.json()).toEqual({
      orderId,
      status: 'CANCEL',
      refund: { amountYen: item.taxIncludedPrice, status: 'SUCCEEDED', failure: null },
    });
    expect(await order(orderId)).toMatchObject({ status: 'CANCEL', failure_code: 'CANCELLED_BY_SUPPORT' });
    const recorded = await db().selectFrom('sandbox_refunds').selectAll().where('order_id', '=', orderId).execute();
    expect(recorded).toEqual([
      expect.objectContaining({ amount_yen: item.taxIncludedPrice, payment_ref: (await order(orderId)).provider_ref }),
    ]);
    expect(await refundRow(orderId)).toMatchObject({ status: 'SUCCEEDED', refund_ref: recorded[0]!.ref, attempts: 1 });
    // Coins and bonus points taken back, with the Japanese line of the ledger.
    expect(await held(m.userId)).toMatchObject({ MANGA_COIN: 0, POINT: 0 });
    const lines = await db()
      .selectFrom('wallet_ledger')
      .select(['reason', 'amount'])
      .where('order_id', '=', orderId)
      .where('kind', '=', 'ADJUST')
      .execute();
    expect(lines.length).toBeGreaterThan(0);
    for (const l of lines) expect(l.reason).toBe(`注文${orderId} 取り消しによる回収`);

    // A second cancel is refused; nothing more is refunded. The audit names the amount.
    const again = await op.change('POST', `/members/${m.userId}/orders/${orderId}/cancel`, { reason: '誤購入' });
    expect([again.statusCode, again.json().messages]).toEqual([400, ['order: CANCEL cannot be cancelled']]);
    const retry = await op.change('POST', `/members/${m.userId}/orders/${orderId}/refund`, { reason: 'もう一度' });
    expect([retry.statusCode, retry.json().messages]).toEqual([400, ['refund: SUCCEEDED']]);
    expect(await db().selectFrom('sandbox_refunds').selectAll().where('order_id', '=', orderId).execute()).toHaveLength(1);
    expect(await detailOrder(op, m.userId, orderId)).toMatchObject({
      refundableYen: null,
      refund: { status: 'SUCCEEDED', amountYen: item.taxIncludedPrice },
    });
    const audit = await db().selectFrom('admin_audit_log').selectAll().where('subject', '=', `order:${orderId}`).execute();
    expect(audit).toEqual([expect.objectContaining({ action: 'order.cancel', reason: '誤購入' })]);
  });

  it('some coins spent: the unspent paid coins’ share of the yen, rounded down; the amount the operator saw must still hold; all spent is refused', async () => {
    const op = await staffMember(t.app, db(), 'operator');
    const m = await member(t.app);
    const { item, orderId } = await buyPack(t.app, m.cookie, await sandboxCardId(t.app));
    const title = await insertTitle(db());
    // Bonus coins are spent first (earlier expiry); the rest comes from the paid lot.
    const price = item.bonus + 300;
    const book = await insertBook(db(), title, 1, { price });
    expect((await buyWithMangaCoin(t.app, m.cookie, book, price)).statusCode).toBe(200);
    const expected = Math.floor((item.taxIncludedPrice * (item.coin - 300)) / item.coin);
    expect(await detailOrder(op, m.userId, orderId)).toMatchObject({ refundableYen: expected });

    const stale = await op.change('POST', `/members/${m.userId}/orders/${orderId}/cancel`, {
      reason: '誤購入',
      refundYen: item.taxIncludedPrice,
    });
    expect([stale.statusCode, stale.json().messages]).toEqual([400, [`refundYen: is now ${expected}`]]);
    expect(await order(orderId)).toMatchObject({ status: 'COMPLETE' });

    const cancel = await op.change('POST', `/members/${m.userId}/orders/${orderId}/cancel`, { reason: '誤購入', refundYen: expected });
    expect(cancel.json()).toMatchObject({ refund: { amountYen: expected, status: 'SUCCEEDED' } });
    expect(await held(m.userId)).toMatchObject({ MANGA_COIN: 0 });
    // The book bought with the coins stays the member's.
    expect(await db().selectFrom('user_books').select('book_id').where('user_id', '=', m.userId).execute()).toEqual([{ book_id: book }]);

    const spent = await member(t.app);
    const second = await buyPack(t.app, spent.cookie, await sandboxCardId(t.app));
    const all = await insertBook(db(), title, 2, { price: item.coin + item.bonus });
    expect((await buyWithMangaCoin(t.app, spent.cookie, all, item.coin + item.bonus)).statusCode).toBe(200);
    expect(await detailOrder(op, spent.userId, second.orderId)).toMatchObject({ refundableYen: 0 });
    const refused = await op.change('POST', `/members/${spent.userId}/orders/${second.orderId}/cancel`, { reason: '誤購入' });
    expect([refused.statusCode, refused.json().messages]).toEqual([
      400,
      ['order: every paid coin of it was spent; there is no money to give back'],
    ]);
    expect(await order(second.orderId)).toMatchObject({ status: 'COMPLETE' });
  });

  it('a cart paid by card: all of it back, the books leave the shelf, the points spent come back', async () => {
    const op = await staffMember(t.app, db(), 'operator');
    const m = await member(t.app);
    const c = cartClient(t.app, m.cookie);
    const title = await insertTitle(db());
    const books = [await insertBook(db(), title, 1, { price: 500 }), await insertBook(db(), title, 2, { price: 300 })];
    await c.addMany(books);
    const paid = await c.order(await c.token(), {
      usePoint: 0,
      salePrice: 800,
      bookIds: books,
      paymentType: 'creditcard',
      cardId: await sandboxCardId(t.app),
    });
    expect(paid.statusCode, paid.body).toBe(200);
    const orderId = paid.json().results.orderId as number;
    expect(await detailOrder(op, m.userId, orderId)).toMatchObject({ refundableYen: 800 });
    const cancel = await op.change('POST', `/members/${m.userId}/orders/${orderId}/cancel`, { reason: '重複注文' });
    expect(cancel.json()).toEqual({ orderId, status: 'CANCEL', refund: { amountYen: 800, status: 'SUCCEEDED', failure: null } });
    expect(await db().selectFrom('user_books').select('book_id').where('user_id', '=', m.userId).execute()).toEqual([]);
    expect(await held(m.userId)).toMatchObject({ POINT: 0 });
  });

  it('a cart taken by the carrier but never granted (GRANT_ERROR: the member bought a book meanwhile): the operator refunds all of it', async () => {
    const op = await staffMember(t.app, db(), 'operator');
    const m = await member(t.app);
    const c = cartClient(t.app, m.cookie);
    const title = await insertTitle(db());
    const books = [await insertBook(db(), title, 1, { price: 500 })];
    await c.addMany(books);
    const started = await c.order(await c.token(), {
      usePoint: 0,
      salePrice: 500,
      bookIds: books,
      paymentType: 'paypay',
      returnUrl: '/cart',
    });
    const { orderId, confirmUrl } = started.json().results as { orderId: number; confirmUrl: string };
    // The same book by manga coins before approving on the carrier's page.
    const coinPack = await buyPack(t.app, m.cookie, await sandboxCardId(t.app));
    expect(coinPack.orderId).toBeGreaterThan(0);
    expect((await buyWithMangaCoin(t.app, m.cookie, books[0]!, 500)).statusCode).toBe(200);
    await t.app.inject({ method: 'POST', url: `${confirmUrl}/approve` });
    expect(await order(orderId)).toMatchObject({ status: 'GRANT_ERROR' });
    expect(await detailOrder(op, m.userId, orderId)).toMatchObject({ refundableYen: 500 });
    const cancel = await op.change('POST', `/members/${m.userId}/orders/${orderId}/cancel`, { reason: '付与失敗の返金', refundYen: 500 });
    expect(cancel.json()).toMatchObject({ status: 'CANCEL', refund: { amountYen: 500, status: 'SUCCEEDED' } });
    // The book bought with coins is still the member's.
    expect(await db().selectFrom('user_books').select('book_id').where('user_id', '=', m.userId).execute()).toEqual([
      { book_id: books[0] },
    ]);
  });
});

describe('refunds with Stripe', () => {
  let stripe: StripeStandIn;
  let t: TestApp;
  beforeAll(async () => {
    stripe = await startStripeStandIn();
    t = await buildTestApp({ paymentProvider: createStripeProvider(stripe.config) });
  });
  afterAll(async () => {
    await t.close();
    await stripe.close();
  });
  const { db, order, refundRow, held } = setup(() => t);
  const refundsOf = (intentId: string) => [...stripe.refunds.values()].filter((r) => r.payment_intent === intentId);

  it('refunds.create with the payment intent, the amount and an idempotency key of the order; the refund id is kept', async () => {
    const op = await staffMember(t.app, db(), 'operator');
    const m = await member(t.app);
    const { item, orderId } = await buyPack(t.app, m.cookie, 'pm_card_visa');
    const intentId = (await order(orderId)).provider_ref!;
    const cancel = await op.change('POST', `/members/${m.userId}/orders/${orderId}/cancel`, {
      reason: '誤購入',
      refundYen: item.taxIncludedPrice,
    });
    expect(cancel.json()).toMatchObject({ status: 'CANCEL', refund: { amountYen: item.taxIncludedPrice, status: 'SUCCEEDED' } });
    const made = refundsOf(intentId);
    expect(made).toEqual([
      expect.objectContaining({
        amount: item.taxIncludedPrice,
        status: 'succeeded',
        metadata: { order_id: String(orderId) },
        reason: 'requested_by_customer',
      }),
    ]);
    expect(stripe.calls.filter((c) => c.path === '/v1/refunds').map((c) => c.idempotencyKey)).toContain(`hondana-refund-${orderId}-1`);
    expect(await refundRow(orderId)).toMatchObject({ status: 'SUCCEEDED', refund_ref: made[0]!.id });
    expect(await held(m.userId)).toMatchObject({ MANGA_COIN: 0 });
  });

  it('Stripe failing: the order stays cancelled, the refund FAILED for the operator to try again, which refunds once', async () => {
    const op = await staffMember(t.app, db(), 'operator');
    const m = await member(t.app);
    const { item, orderId } = await buyPack(t.app, m.cookie, 'pm_card_visa');
    const intentId = (await order(orderId)).provider_ref!;
    stripe.refundFailure = 'api_error';
    const cancel = await op.change('POST', `/members/${m.userId}/orders/${orderId}/cancel`, { reason: '誤購入' });
    stripe.refundFailure = null;
    expect(cancel.json()).toMatchObject({
      status: 'CANCEL',
      refund: { status: 'FAILED', failure: expect.stringContaining('StripeAPIError') },
    });
    expect(await order(orderId)).toMatchObject({ status: 'CANCEL' });
    expect(refundsOf(intentId)).toEqual([]);
    const retry = await op.change('POST', `/members/${m.userId}/orders/${orderId}/refund`, { reason: '再試行' });
    expect(retry.json()).toEqual({ orderId, refund: { amountYen: item.taxIncludedPrice, status: 'SUCCEEDED', failure: null } });
    expect(refundsOf(intentId)).toHaveLength(1);
    const audit = await db()
      .selectFrom('admin_audit_log')
      .select('action')
      .where('subject', '=', `order:${orderId}`)
      .orderBy('id')
      .execute();
    expect(audit.map((a) => a.action)).toEqual(['order.cancel', 'order.refund_retry']);
  });

  it('a refund Stripe took and later reports failed (charge.refund.updated): recorded for the console, the coins taken back given back once, in Japanese', async () => {
    const op = await staffMember(t.app, db(), 'operator');
    const m = await member(t.app);
    const { item, orderId } = await buyPack(t.app, m.cookie, 'pm_card_visa');
    const intentId = (await order(orderId)).provider_ref!;
    const before = await held(m.userId);
    expect(before.MANGA_COIN).toBe(item.coin + item.bonus);
    const cancel = await op.change('POST', `/members/${m.userId}/orders/${orderId}/cancel`, {
      reason: '誤購入',
      refundYen: item.taxIncludedPrice,
    });
    expect(cancel.json()).toMatchObject({ refund: { status: 'SUCCEEDED' } });
    expect(await held(m.userId)).toMatchObject({ MANGA_COIN: 0 });
    const [refund] = refundsOf(intentId);

    // The card was closed: the network refuses the refund days later; Stripe says so, twice at once and once more.
    stripe.failRefund(refund!.id);
    const event = stripe.event('charge.refund.updated', refund!.id);
    const webhook = (e: { payload: string; signature: string }) =>
      t.app.inject({
        method: 'POST',
        url: '/api/payments/stripe/webhook',
        headers: { 'content-type': 'application/json', 'stripe-signature': e.signature },
        payload: e.payload,
      });
    const answers = await Promise.all([webhook(event), webhook(event), webhook(stripe.event('refund.failed', refund!.id))]);
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200]);

    expect(await refundRow(orderId)).toMatchObject({
      status: 'REVERSED',
      refund_ref: refund!.id,
      failure: expect.stringContaining('expired_or_canceled_card'),
    });
    // Everything the cancellation took back (the coins, the bonus points) is the member's again.
    expect(await held(m.userId)).toEqual(before);
    const returned = await db()
      .selectFrom('wallet_ledger')
      .select(['reason', 'amount', 'kind', 'currency'])
      .where('order_id', '=', orderId)
      .where('reason', 'like', '%返金失敗%')
      .execute();
    expect(returned.filter((l) => l.currency === 'MANGA_COIN').reduce((sum, l) => sum + l.amount, 0)).toBe(before.MANGA_COIN);
    expect(returned.every((l) => l.reason === `注文${orderId} 返金失敗による返還` && l.kind === 'ADJUST')).toBe(true);
    expect(await order(orderId)).toMatchObject({ status: 'CANCEL' });

    // The console shows it failed, with no retry (the coins are back with the member).
    const detail = (await op.get(`/members/${m.userId}`))
      .json<{ orders: { id: number; refund: { status: string } | null }[] }>()
      .orders.find((o) => o.id === orderId)!;
    expect(detail.refund).toMatchObject({ status: 'REVERSED', amountYen: item.taxIncludedPrice });
    const retry = await op.change('POST', `/members/${m.userId}/orders/${orderId}/refund`, { reason: '再試行' });
    expect(retry.statusCode).toBe(400);
    expect(refundsOf(intentId)).toHaveLength(1);
    // The same failure reported again changes nothing more.
    expect((await webhook(stripe.event('charge.refund.updated', refund!.id))).statusCode).toBe(200);
    expect(await held(m.userId)).toEqual(before);
  });

  it("Stripe's answer lost after the refund was made: the retry finds that refund instead of making another", async () => {
    const op = await staffMember(t.app, db(), 'operator');
    const m = await member(t.app);
    const { orderId } = await buyPack(t.app, m.cookie, 'pm_card_visa');
    const intentId = (await order(orderId)).provider_ref!;
    stripe.refundFailure = 'lost';
    const cancel = await op.change('POST', `/members/${m.userId}/orders/${orderId}/cancel`, { reason: '誤購入' });
    stripe.refundFailure = null;
    expect(cancel.json()).toMatchObject({ refund: { status: 'FAILED' } });
    expect(refundsOf(intentId)).toHaveLength(1); // the money went back; the store did not hear it
    const retry = await op.change('POST', `/members/${m.userId}/orders/${orderId}/refund`, { reason: '再試行' });
    expect(retry.json()).toMatchObject({ refund: { status: 'SUCCEEDED' } });
    expect(refundsOf(intentId)).toHaveLength(1);
    expect(await refundRow(orderId)).toMatchObject({ refund_ref: refundsOf(intentId)[0]!.id, attempts: 2 });
  });

  it('two operators on two app instances cancel the same order at once: one cancel, one refund', async () => {
    const second = await buildApp({
      database: t.database,
      authRateLimit: 1000,
      paymentProvider: createStripeProvider(stripe.config),
      config: { cookieSecure: false, dataDir: t.database.dataDir, secrets: { mediaUrlKey: 'test-media-key' }, checkResponses: true },
    });
    await second.ready();
    try {
      const [a, b] = [await staffMember(t.app, db(), 'operator'), await staffMember(second, db(), 'operator')];
      const m = await member(t.app);
      const { item, orderId } = await buyPack(t.app, m.cookie, 'pm_card_visa');
      const intentId = (await order(orderId)).provider_ref!;
      const [ta, tb] = await Promise.all([a.token(), b.token()]);
      const answers = await Promise.all([
        a.send('POST', `/members/${m.userId}/orders/${orderId}/cancel`, { token: ta, reason: '誤購入' }),
        b.send('POST', `/members/${m.userId}/orders/${orderId}/cancel`, { token: tb, reason: '誤購入' }),
      ]);
      expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 400]);
      expect(refundsOf(intentId)).toEqual([expect.objectContaining({ amount: item.taxIncludedPrice })]);
      expect(await refundRow(orderId)).toMatchObject({ status: 'SUCCEEDED', attempts: 1 });
      expect(await held(m.userId)).toMatchObject({ MANGA_COIN: 0 });
    } finally {
      await second.close();
    }
  });
});
