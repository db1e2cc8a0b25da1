import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, buildTestApp } from './support/build-test-app';
import { cartClient, giveCoupon, insertCoupon } from './support/cart-factories';
import { insertBook, insertTitle } from './support/catalog-factories';
import { grantTo, ledgerInvariant, member } from './support/wallet-factories';

const DAY = 24 * 60 * 60 * 1000;
let now = Date.UTC(2026, 10, 22, 3);
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ clock: () => new Date(now) });
});
afterAll(() => t.close());
const db = () => t.database.db;

async function memberWithCart(prices: number[], coins: number, points = 0, start = 0) {
  const m = await member(t.app);
  const c = cartClient(t.app, m.cookie);
  const title = await insertTitle(db());
  const books = await Promise.all(prices.map((price, i) => insertBook(db(), title, i + 1, { price, start_datetime: start })));
  await c.addMany(books);
  if (coins > 0) await grantTo(db(), m.userId, 'COIN', coins, { now });
  if (points > 0) await grantTo(db(), m.userId, 'POINT', points, { now });
  return { ...m, c, books, title };
}

const owned = async (userId: number) =>
  await db().selectFrom('user_books').select(['book_id', 'possession_status']).where('user_id', '=', userId).orderBy('book_id').execute();

describe('order v3', () => {
  it('buys the cart with a 50% coupon and points: one order, coupon USED, cart emptied, ledger = balance', async () => {
    const m = await memberWithCart([500, 301], 1000, 100);
    const coupon = await insertCoupon(db(), { expire_at: now + DAY });
    await giveCoupon(db(), m.userId, coupon);
    await m.c.setCoupon(await m.c.token(), coupon);
    const preview = (await m.c.view('?use_point=100')).json();
    expect(preview).toMatchObject({
      salePrice: 801,
      totalDiscount: 400,
      usePoint: 100,
      maxUsePoint: 100,
      totalAmount: 301,
      cartCoupon: { id: coupon },
    });
    const r = await m.c.order(await m.c.token(), { usePoint: 100, salePrice: 801, bookIds: m.books, paymentType: 'COIN' });
    expect(r.statusCode).toBe(200);
    expect(r.json().results).toMatchObject({ totalPrice: 801, discount: 400, usePoint: 100, payPrice: 301 });
    expect((await owned(m.userId)).map((b) => b.book_id)).toEqual([...m.books].sort((a, b) => a - b));
    const balances = await ledgerInvariant(db(), m.userId, now);
    expect(balances.COIN).toBe(699);
    expect(balances.POINT).toBe(r.json().results.pointCampaign.totalPoint);
    const used = await db()
      .selectFrom('user_coupons')
      .select(['status', 'order_id'])
      .where('user_id', '=', m.userId)
      .executeTakeFirstOrThrow();
    expect(used).toEqual({ status: 'USED', order_id: r.json().results.orderId });
    expect((await m.c.view()).json()).toMatchObject({ cartStatus: 'CART_EMPTY', cartCoupon: null });
  });

  it('another cart or another price than the member saw: DIFF_* and nothing charged', async () => {
    const m = await memberWithCart([500, 300], 1000);
    const diffItems = await m.c.order(await m.c.token(), { usePoint: 0, salePrice: 500, bookIds: [m.books[0]], paymentType: 'COIN' });
    expect([diffItems.statusCode, diffItems.json().errorCode]).toEqual([403, 'DIFF_CART_ITEMS_REQUEST']);
    await db().updateTable('books').set({ price: 600 }).where('id', '=', m.books[0]!).execute();
    const diffPrice = await m.c.order(await m.c.token(), { usePoint: 0, salePrice: 800, bookIds: m.books, paymentType: 'COIN' });
    expect([diffPrice.statusCode, diffPrice.json().errorCode]).toEqual([403, 'DIFF_PRICE_REQUEST']);
    expect((await m.c.view()).json()).toMatchObject({ salePrice: 900 });
    expect(await owned(m.userId)).toEqual([]);
    expect((await ledgerInvariant(db(), m.userId, now)).COIN).toBe(1000);
  });

  it('refusals: too few coins, points over the price, points not held, points with manga coins, an empty cart, bad bodies', async () => {
    const m = await memberWithCart([500], 499, 50);
    const body = { usePoint: 0, salePrice: 500, bookIds: m.books, paymentType: 'COIN' };
    const cases: [object, number, string][] = [
      [body, 403, 'CART_NOT_ENOUGH_AMEBA_COIN'],
      [{ ...body, usePoint: 501 }, 403, 'CART_NOT_USE_POINT_OVER_PRICE'],
      [{ ...body, usePoint: 51 }, 403, 'CART_NOT_ENOUGH_POINT'],
      [{ ...body, usePoint: 1, paymentType: 'MANGA_COIN' }, 403, 'CART_INVALID_PAYMENT_TYPE'],
      [{ ...body, paymentType: 'CARD' }, 400, 'BAD_REQUEST'],
      [{ ...body, usePoint: -1 }, 400, 'BAD_REQUEST'],
    ];
    for (const [payload, status, code] of cases) {
      const r = await m.c.order(await m.c.token(), payload);
      expect([r.statusCode, r.json().errorCode]).toEqual([status, code]);
    }
    expect((await m.c.send('POST', '/cart/order/v3', body)).statusCode).toBe(400);
    expect((await m.c.view('?use_point=51')).json().errorCode).toBe('CART_NOT_ENOUGH_POINT');
    expect(await ledgerInvariant(db(), m.userId, now)).toMatchObject({ COIN: 499, POINT: 50 });
    const empty = await member(t.app);
    const e = cartClient(t.app, empty.cookie);
    expect((await e.order(await e.token(), body)).json().errorCode).toBe('CART_EMPTY');
  });

  it('a coupon that no longer applies at order time refuses the order (COUPON_INVALID), nothing charged', async () => {
    const m = await memberWithCart([500], 1000);
    const coupon = await insertCoupon(db(), { expire_at: now + 1000 });
    await giveCoupon(db(), m.userId, coupon);
    await m.c.setCoupon(await m.c.token(), coupon);
    now += 2000;
    const r = await m.c.order(await m.c.token(), { usePoint: 0, salePrice: 500, bookIds: m.books, paymentType: 'COIN' });
    expect([r.statusCode, r.json().errorCode]).toEqual([403, 'COUPON_INVALID']);
    expect((await ledgerInvariant(db(), m.userId, now)).COIN).toBe(1000);
  });
});

describe('pre-orders are not carted (one pre-order path)', () => {
  it('a volume not yet released is not added to the cart, so the cart order cannot buy it', async () => {
    const m = await memberWithCart([400], 400, 0, now + DAY);
    expect((await m.c.view()).json()).toMatchObject({ cartStatus: 'CART_EMPTY' });
    expect((await m.c.add(m.books[0]!)).json().errorCode).toBe('NOT_ON_RELEASE');
    expect((await ledgerInvariant(db(), m.userId, now)).COIN).toBe(400);
  });
});
