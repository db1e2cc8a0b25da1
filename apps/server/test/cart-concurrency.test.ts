import { CART_LIMIT } from '@hondana/domain/cart/cart-api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, buildTestApp } from './support/build-test-app';
import { cartClient, giveCoupon, insertCoupon } from './support/cart-factories';
import { insertBook, insertTitle } from './support/catalog-factories';
import { grantTo, ledgerInvariant, member } from './support/wallet-factories';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());
const db = () => t.database.db;

const orders = async (userId: number) =>
  Number(
    (
      await db()
        .selectFrom('orders')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('user_id', '=', userId)
        .executeTakeFirstOrThrow()
    ).n,
  );

async function cartOf(prices: number[], coins: number) {
  const m = await member(t.app);
  const c = cartClient(t.app, m.cookie);
  const title = await insertTitle(db());
  const books = await Promise.all(prices.map((price, i) => insertBook(db(), title, i + 1, { price })));
  await c.addMany(books);
  await grantTo(db(), m.userId, 'COIN', coins);
  const body = { usePoint: 0, salePrice: prices.reduce((s, p) => s + p, 0), bookIds: books, paymentType: 'COIN' };
  return { ...m, c, books, body };
}

describe('concurrent cart orders', () => {
  it('one token replayed 10 times in parallel: one order, one charge, the same answer', async () => {
    const m = await cartOf([300, 200], 1000);
    const token = await m.c.token();
    const responses = await Promise.all(Array.from({ length: 10 }, () => m.c.order(token, m.body)));
    expect(responses.map((r) => r.statusCode)).toEqual(Array(10).fill(200));
    expect(new Set(responses.map((r) => r.body)).size).toBe(1);
    expect(await orders(m.userId)).toBe(1);
    expect((await ledgerInvariant(db(), m.userId, Date.now())).COIN).toBe(500);
  });

  it('the same cart ordered twice at once with coins for one: exactly one order succeeds', async () => {
    const m = await cartOf([300, 200], 600);
    const [a, b] = [await m.c.token(), await m.c.token()];
    const responses = await Promise.all([m.c.order(a, m.body), m.c.order(b, m.body)]);
    expect(responses.map((r) => r.statusCode).sort()).toEqual([200, 403]);
    expect(await orders(m.userId)).toBe(1);
    expect((await ledgerInvariant(db(), m.userId, Date.now())).COIN).toBe(100);
  });

  it('a coupon in two parallel orders is used by one order only', async () => {
    const m = await cartOf([400], 2000);
    const coupon = await insertCoupon(db());
    await giveCoupon(db(), m.userId, coupon);
    await m.c.setCoupon(await m.c.token(), coupon);
    const [a, b] = [await m.c.token(), await m.c.token()];
    const responses = await Promise.all([m.c.order(a, m.body), m.c.order(b, m.body)]);
    const ok = responses.filter((r) => r.statusCode === 200);
    expect(ok).toHaveLength(1);
    expect(ok[0]!.json().results).toMatchObject({ discount: 200, payPrice: 200 });
    expect(await orders(m.userId)).toBe(1);
    const uses = await db().selectFrom('user_coupons').select('status').where('user_id', '=', m.userId).execute();
    expect(uses).toEqual([{ status: 'USED' }]);
    expect((await ledgerInvariant(db(), m.userId, Date.now())).COIN).toBe(1800);
  });

  it('two members ordering at once each pay for their own cart only', async () => {
    const carts = await Promise.all(Array.from({ length: 4 }, () => cartOf([100, 100, 100], 300)));
    const responses = await Promise.all(carts.map(async (m) => m.c.order(await m.c.token(), m.body)));
    expect(responses.map((r) => r.statusCode)).toEqual([200, 200, 200, 200]);
    for (const m of carts) expect((await ledgerInvariant(db(), m.userId, Date.now())).COIN).toBe(0);
  });
});

describe('the cart size limit under concurrent adds', () => {
  async function nearlyFull(free: number) {
    const m = await member(t.app);
    const c = cartClient(t.app, m.cookie);
    const title = await insertTitle(db());
    const books: number[] = [];
    for (let i = 0; i < CART_LIMIT - free + 20; i++) books.push(await insertBook(db(), title, i + 1, { price: 100 }));
    const filled = books.slice(0, CART_LIMIT - free);
    await db()
      .insertInto('cart_items')
      .values(
        filled.map((book_id) => ({ user_id: m.userId, book_id, cart_type: 'BOOK', state: 'ACTIVE', price_at_add: 100, created_at: 0 })),
      )
      .execute();
    return { ...m, c, rest: books.slice(CART_LIMIT - free) };
  }
  const size = async (userId: number) =>
    Number(
      (
        await db()
          .selectFrom('cart_items')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('user_id', '=', userId)
          .executeTakeFirstOrThrow()
      ).n,
    );

  it('one free place and 12 books added at once: one is added, the others are CART_LIST_LIMIT_EXCEEDED', async () => {
    const m = await nearlyFull(1);
    const responses = await Promise.all(m.rest.slice(0, 12).map((book) => m.c.add(book)));
    expect(responses.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(responses.filter((r) => r.statusCode === 403).map((r) => r.json().errorCode)).toEqual(
      Array(11).fill('CART_LIST_LIMIT_EXCEEDED'),
    );
    expect(await size(m.userId)).toBe(CART_LIMIT);
  });

  it('three free places, single and list adds at once never pass the limit', async () => {
    const m = await nearlyFull(3);
    const singles = m.rest.slice(0, 8).map((book) => m.c.add(book));
    const lists = [m.c.addMany(m.rest.slice(8, 14)), m.c.addMany(m.rest.slice(14, 20))];
    await Promise.all([...singles, ...lists]);
    expect(await size(m.userId)).toBe(CART_LIMIT);
  });
});
