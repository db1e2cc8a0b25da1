import { SandboxTestCard } from '@hondana/domain/wallet/wallet-payments';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { completeCartPayment } from '../src/modules/cart/cart-payment.service';
import { type TestApp, buildTestApp } from './support/build-test-app';
import { cartClient, giveCoupon, insertCoupon } from './support/cart-factories';
import { insertBook, insertTitle } from './support/catalog-factories';
import { grantTo, ledgerInvariant, member, sandboxCardId } from './support/wallet-factories';

let now = Date.UTC(2026, 10, 22, 3);
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ clock: () => new Date(now) });
});
afterAll(() => t.close());
const db = () => t.database.db;
/** The card's id from the sandbox's card fields (the store's API takes nothing else). */
const card = (number: string = SandboxTestCard.SUCCESS) => sandboxCardId(t.app, number, '12/30');

async function memberWithCart(prices = [500, 300], points = 0) {
  const m = await member(t.app);
  const c = cartClient(t.app, m.cookie);
  const title = await insertTitle(db());
  const books = [];
  for (const [i, price] of prices.entries()) books.push(await insertBook(db(), title, i + 1, { price }));
  await c.addMany(books);
  if (points > 0) await grantTo(db(), m.userId, 'POINT', points, { now });
  const salePrice = prices.reduce((s, p) => s + p, 0);
  return { ...m, c, books, salePrice };
}

const owned = async (userId: number) =>
  (await db().selectFrom('user_books').select('book_id').where('user_id', '=', userId).orderBy('book_id').execute()).map((r) => r.book_id);
const cartBooks = async (userId: number) =>
  (await db().selectFrom('cart_items').select('book_id').where('user_id', '=', userId).orderBy('book_id').execute()).map((r) => r.book_id);
const ordersOf = (userId: number) => db().selectFrom('orders').selectAll().where('user_id', '=', userId).orderBy('id').execute();
const earnedLots = async (orderId: number) =>
  Number(
    (
      await db()
        .selectFrom('wallet_lots')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('order_id', '=', orderId)
        .executeTakeFirstOrThrow()
    ).n,
  );
const decide = (confirmUrl: string, action: 'approve' | 'cancel') => t.app.inject({ method: 'POST', url: `${confirmUrl}/${action}` });

describe('paying the cart by card', () => {
  it('a captured card completes the order at once: books owned, cart emptied, no coins used', async () => {
    const m = await memberWithCart();
    const r = await m.c.order(await m.c.token(), {
      usePoint: 0,
      salePrice: m.salePrice,
      bookIds: m.books,
      paymentType: 'creditcard',
      cardId: await card(),
    });
    expect(r.statusCode).toBe(200);
    expect(r.json().results).toMatchObject({ bookIds: m.books, totalPrice: 800, payPrice: 800 });
    const [order] = await ordersOf(m.userId);
    expect(order).toMatchObject({
      status: 'COMPLETE',
      payment_type: 'SIMPLY_PAY_CREDIT_CARD',
      total_price: 800,
      card_last4: '4242',
      card_brand: 'VISA',
    });
    expect(await owned(m.userId)).toEqual(m.books);
    expect(await cartBooks(m.userId)).toEqual([]);
    expect(await earnedLots(order!.id)).toBeGreaterThan(0);
    const status = await m.c.send('GET', `/cart/order/${order!.id}`);
    expect(status.json()).toMatchObject({ orderId: order!.id, status: 'COMPLETE', bookIds: m.books, payPrice: 800 });
  });

  it('a declined card charges nothing and keeps nothing: CART_PAYMENT_FAILED, points and cart as they were', async () => {
    const m = await memberWithCart([500, 300], 200);
    const r = await m.c.order(await m.c.token(), {
      usePoint: 200,
      salePrice: m.salePrice,
      bookIds: m.books,
      paymentType: 'creditcard',
      cardId: await card(SandboxTestCard.DECLINED),
    });
    expect([r.statusCode, r.json().errorCode]).toEqual([400, 'CART_PAYMENT_FAILED']);
    expect(JSON.stringify(r.json().messages)).toContain('DECLINED_CARD');
    expect(await ordersOf(m.userId)).toEqual([]);
    expect(await owned(m.userId)).toEqual([]);
    expect(await cartBooks(m.userId)).toEqual(m.books);
    expect((await ledgerInvariant(db(), m.userId, now)).POINT).toBe(200);
  });

  it('a card payment needs the card (400 naming it)', async () => {
    const m = await memberWithCart();
    const r = await m.c.order(await m.c.token(), { usePoint: 0, salePrice: m.salePrice, bookIds: m.books, paymentType: 'creditcard' });
    expect(r.statusCode).toBe(400);
    expect(JSON.stringify(r.json().messages)).toContain('cardId');
  });

  it('refuses a card number sent to the store (400 naming card): the card goes to the provider, the store takes its id', async () => {
    const m = await memberWithCart();
    const cardData = { number: SandboxTestCard.SUCCESS, expiry: '12/30', cvc: '123' };
    for (const extra of [{ card: cardData }, { card: cardData, cardId: await card() }]) {
      const r = await m.c.order(await m.c.token(), {
        usePoint: 0,
        salePrice: m.salePrice,
        bookIds: m.books,
        paymentType: 'creditcard',
        ...extra,
      });
      expect(r.statusCode).toBe(400);
      expect(r.json()).toMatchObject({ errorCode: 'BAD_REQUEST', messages: [expect.stringMatching(/^card: /)] });
    }
    expect(await ordersOf(m.userId)).toEqual([]);
    expect(await cartBooks(m.userId)).toEqual(m.books);
  });
});

describe('paying the cart by carrier through the sandbox page', () => {
  it('waits PROCESSING with nothing granted; the approval grants the books once and empties the cart', async () => {
    const m = await memberWithCart();
    const r = await m.c.order(await m.c.token(), {
      usePoint: 0,
      salePrice: m.salePrice,
      bookIds: m.books,
      paymentType: 'paypay',
      returnUrl: '/cart?ref=pay',
    });
    expect(r.statusCode).toBe(200);
    const { orderId, orderStatus, confirmUrl } = r.json().results;
    expect(orderStatus).toBe('PROCESSING');
    expect(await owned(m.userId)).toEqual([]);
    expect(await cartBooks(m.userId)).toEqual(m.books);
    const page = await t.app.inject({ url: confirmUrl });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('800円');

    const approved = await decide(confirmUrl, 'approve');
    expect(approved.statusCode).toBe(303);
    expect(approved.headers.location).toBe(`/cart?ref=pay&order_id=${orderId}&result=COMPLETE`);
    expect(await owned(m.userId)).toEqual(m.books);
    expect(await cartBooks(m.userId)).toEqual([]);
    const lots = await earnedLots(orderId);
    expect(lots).toBeGreaterThan(0);
    expect((await ordersOf(m.userId))[0]).toMatchObject({ status: 'COMPLETE', payment_type: 'PAYPAY' });

    // A replayed approval only sends the member back: nothing granted twice.
    const again = await decide(confirmUrl, 'approve');
    expect(again.headers.location).toContain('result=COMPLETE');
    expect(await earnedLots(orderId)).toBe(lots);
    expect(await owned(m.userId)).toEqual(m.books);
    expect(
      await db()
        .transaction()
        .execute((trx) => completeCartPayment(trx, orderId, now)),
    ).toBe(false);
  });

  it('left on the sandbox page (the back button), it ends at the time limit by the scheduler: nothing granted, points and coupon given back', async () => {
    const m = await memberWithCart([600, 400], 100);
    const coupon = await insertCoupon(db());
    await giveCoupon(db(), m.userId, coupon);
    await m.c.setCoupon(await m.c.token(), coupon);
    const r = await m.c.order(await m.c.token(), { usePoint: 100, salePrice: 1000, bookIds: m.books, paymentType: 'docomo' });
    const { orderId, confirmUrl } = r.json().results;
    expect((await ledgerInvariant(db(), m.userId, now)).POINT).toBe(0);
    const saved = now;
    try {
      now = saved + 31 * 60 * 1000;
      await t.app.ops.scheduler.runDue();
      expect((await ordersOf(m.userId))[0]).toMatchObject({ id: orderId, status: 'PAYMENT_ERROR', failure_code: 'PAYMENT_EXPIRED' });
      expect(await owned(m.userId)).toEqual([]);
      expect(await cartBooks(m.userId)).toEqual(m.books);
      expect((await ledgerInvariant(db(), m.userId, now)).POINT).toBe(100);
      expect(await db().selectFrom('user_coupons').select('status').where('user_id', '=', m.userId).executeTakeFirst()).toEqual({
        status: 'UNUSED',
      });
      // The old page's approval afterwards grants nothing.
      expect((await decide(confirmUrl, 'approve')).headers.location).toContain('result=CANCEL');
      expect(await owned(m.userId)).toEqual([]);
    } finally {
      now = saved;
    }
  });

  it('a cancel leaves nothing granted, the cart intact, the points and the coupon given back', async () => {
    const m = await memberWithCart([600, 400], 100);
    const coupon = await insertCoupon(db());
    await giveCoupon(db(), m.userId, coupon);
    await m.c.setCoupon(await m.c.token(), coupon);
    const r = await m.c.order(await m.c.token(), { usePoint: 100, salePrice: 1000, bookIds: m.books, paymentType: 'docomo' });
    expect(r.json().results).toMatchObject({ orderStatus: 'PROCESSING', payPrice: 400 });
    expect((await ledgerInvariant(db(), m.userId, now)).POINT).toBe(0);
    expect(await db().selectFrom('user_coupons').select('status').where('user_id', '=', m.userId).executeTakeFirst()).toEqual({
      status: 'USED',
    });

    const cancelled = await decide(r.json().results.confirmUrl, 'cancel');
    expect(cancelled.headers.location).toContain('result=CANCEL');
    expect((await ordersOf(m.userId))[0]).toMatchObject({ status: 'CANCEL', failure_code: 'CANCELLED_BY_USER' });
    expect(await owned(m.userId)).toEqual([]);
    expect(await cartBooks(m.userId)).toEqual(m.books);
    expect((await ledgerInvariant(db(), m.userId, now)).POINT).toBe(100);
    expect(await db().selectFrom('user_coupons').select('status').where('user_id', '=', m.userId).executeTakeFirst()).toEqual({
      status: 'UNUSED',
    });
    // Approving after the cancel changes nothing.
    await decide(r.json().results.confirmUrl, 'approve');
    expect(await owned(m.userId)).toEqual([]);
    // The cart can be ordered again and paid.
    const retry = await m.c.order(await m.c.token(), {
      usePoint: 0,
      salePrice: 1000,
      bookIds: m.books,
      paymentType: 'creditcard',
      cardId: await card(),
    });
    expect(retry.json().results).toMatchObject({ discount: 500, payPrice: 500 });
    expect(await owned(m.userId)).toEqual(m.books);
  });

  it('a replayed order token answers the same pending payment: one order, one sandbox payment', async () => {
    const m = await memberWithCart();
    const token = await m.c.token();
    const body = { usePoint: 0, salePrice: m.salePrice, bookIds: m.books, paymentType: 'au' };
    const responses = await Promise.all(Array.from({ length: 5 }, () => m.c.order(token, body)));
    expect(responses.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200]);
    expect(new Set(responses.map((r) => r.body)).size).toBe(1);
    const orders = await ordersOf(m.userId);
    expect(orders).toHaveLength(1);
    const payments = await db().selectFrom('sandbox_payments').select('ref').where('order_id', '=', orders[0]!.id).execute();
    expect(payments).toHaveLength(1);
  });

  it('two approvals of one payment at once grant the books once', async () => {
    const m = await memberWithCart([300, 300, 300]);
    const r = await m.c.order(await m.c.token(), { usePoint: 0, salePrice: 900, bookIds: m.books, paymentType: 'softbank' });
    const { orderId, confirmUrl } = r.json().results;
    const decisions = await Promise.all([decide(confirmUrl, 'approve'), decide(confirmUrl, 'approve'), decide(confirmUrl, 'approve')]);
    expect(decisions.map((d) => d.statusCode)).toEqual([303, 303, 303]);
    expect(await owned(m.userId)).toEqual(m.books);
    const items = await db().selectFrom('order_items').select('book_id').where('order_id', '=', orderId).execute();
    expect(items).toHaveLength(3);
    const lines = JSON.parse(
      (await db().selectFrom('cart_payments').select('point_lines').where('order_id', '=', orderId).executeTakeFirstOrThrow()).point_lines,
    ) as unknown[];
    expect(await earnedLots(orderId)).toBe(lines.length);
    await ledgerInvariant(db(), m.userId, now);
  });

  it('two completions of one order racing past the provider (separate transactions) grant once', async () => {
    const m = await memberWithCart([250, 250]);
    const r = await m.c.order(await m.c.token(), { usePoint: 0, salePrice: 500, bookIds: m.books, paymentType: 'linepay' });
    const { orderId } = r.json().results;
    const results = await Promise.all(
      [0, 1, 2].map(() =>
        db()
          .transaction()
          .execute((trx) => completeCartPayment(trx, orderId, now)),
      ),
    );
    expect(results.filter(Boolean)).toHaveLength(1);
    expect(await owned(m.userId)).toEqual(m.books);
    const lines = JSON.parse(
      (await db().selectFrom('cart_payments').select('point_lines').where('order_id', '=', orderId).executeTakeFirstOrThrow()).point_lines,
    ) as unknown[];
    expect(await earnedLots(orderId)).toBe(lines.length);
  });
});
