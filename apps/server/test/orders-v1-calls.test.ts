import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, buildTestApp } from './support/build-test-app';
import { insertBook, insertTitle } from './support/catalog-factories';
import { buyWithMangaCoin, grantTo, ledgerInvariant, member, tokenFor } from './support/wallet-factories';

/** §7 "Orders" v1 calls (one book per call), recently-bought by purchase token, and user books v2. */
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const db = () => t.database.db;
const post = (url: string, payload: object, cookie?: string) =>
  t.app.inject({ method: 'POST', url, headers: cookie ? { cookie } : {}, payload });
const get = (url: string, cookie?: string) => t.app.inject({ url, headers: cookie ? { cookie } : {} });

describe('POST /order/buy_check and /order/buy (v1)', () => {
  it('checks, buys once per token through the coin path, and the buy is found again by its token', async () => {
    const m = await member(t.app);
    const book = await insertBook(db(), await insertTitle(db()), 1, { price: 400 });
    await grantTo(db(), m.userId, 'COIN', 1000);
    const check = await post('/api/order/buy_check', { book_id: book, book_type: 0, use_point: 0, buy_free_flag: 0 }, m.cookie);
    expect(check.statusCode, check.body).toBe(200);
    expect(check.json()).toMatchObject({
      status: { code: 0 },
      results: { status: 0, bookIds: [book], totalPrice: 400, payPrice: 400, coin: 1000 },
    });

    const token = await tokenFor(t.app, m.cookie, '/api/order/create_token');
    const buy = await post('/api/order/buy', { book_id: book, book_type: 0, use_point: 0, token }, m.cookie);
    expect(buy.statusCode, buy.body).toBe(200);
    const orderId = buy.json().results.orderId as number;
    expect(buy.json()).toMatchObject({ status: { code: 0 }, results: { totalPrice: 400, usePoint: 0, userLotteryTickets: [] } });
    // A replay of the same token changes nothing and answers the same order.
    const replay = await post('/api/order/buy', { book_id: book, book_type: 0, use_point: 0, token }, m.cookie);
    expect(replay.json().results.orderId).toBe(orderId);
    expect((await ledgerInvariant(db(), m.userId, Date.now())).COIN).toBe(600);

    const recent = await get(`/api/user/recently_bought/v2?purchaseToken=${encodeURIComponent(token)}`, m.cookie);
    expect(recent.statusCode, recent.body).toBe(200);
    expect(recent.json()).toMatchObject({
      orderId,
      totalCount: 1,
      totalPrice: 400,
      totalPriceIncTax: 400,
      bookIds: [book],
      isFirstPaying: true,
    });
    expect(recent.json().items[0]).toMatchObject({ bookId: book, price: 400, vol: 1 });

    const again = await post('/api/order/buy_check', { book_id: book, book_type: 0, use_point: 0, buy_free_flag: 0 }, m.cookie);
    expect([again.statusCode, again.json().errorCode]).toEqual([403, 'ALREADY_BUY']);
  });

  it('refuses a coin shortage, points over the price and a free flag on a priced book, spending nothing', async () => {
    const m = await member(t.app);
    const book = await insertBook(db(), await insertTitle(db()), 1, { price: 500 });
    await grantTo(db(), m.userId, 'COIN', 100);
    const body = { book_id: book, book_type: 0, use_point: 0, buy_free_flag: 0 };
    const short = await post('/api/order/buy_check', body, m.cookie);
    expect([short.statusCode, short.json().errorCode]).toEqual([403, 'CART_NOT_ENOUGH_AMEBA_COIN']);
    const token = await tokenFor(t.app, m.cookie, '/api/order/create_token');
    const buy = await post('/api/order/buy', { ...body, token }, m.cookie);
    expect([buy.statusCode, buy.json().errorCode]).toEqual([403, 'CART_NOT_ENOUGH_AMEBA_COIN']);
    const points = await post('/api/order/buy_check', { ...body, use_point: 900 }, m.cookie);
    expect(points.statusCode).toBe(403);
    expect(['CART_NOT_ENOUGH_POINT', 'CART_NOT_USE_POINT_OVER_PRICE']).toContain(points.json().errorCode);
    const free = await post('/api/order/buy_check', { ...body, buy_free_flag: 1 }, m.cookie);
    expect([free.statusCode, free.json().errorCode]).toEqual([403, 'DIFF_PRICE_REQUEST']);
    expect((await ledgerInvariant(db(), m.userId, Date.now())).COIN).toBe(100);
    // A buy that failed made no order: its token finds nothing.
    expect((await get(`/api/user/recently_bought/v2?purchaseToken=${encodeURIComponent(token)}`, m.cookie)).statusCode).toBe(404);
  });

  it('answers a guest 401, bad input 400 naming the field, an unknown book 404', async () => {
    expect((await post('/api/order/buy_check', { book_id: 1, book_type: 0, use_point: 0, buy_free_flag: 0 })).statusCode).toBe(401);
    expect((await post('/api/order/buy', { book_id: 1, book_type: 0, use_point: 0, token: 'x' })).statusCode).toBe(401);
    const m = await member(t.app);
    const cases: [string, object, string][] = [
      ['/api/order/buy_check', { book_type: 0, use_point: 0, buy_free_flag: 0 }, 'book_id'],
      ['/api/order/buy_check', { book_id: 1, use_point: 0, buy_free_flag: 0 }, 'book_type'],
      ['/api/order/buy_check', { book_id: 1, book_type: 0, buy_free_flag: 0 }, 'use_point'],
      ['/api/order/buy_check', { book_id: 1, book_type: 0, use_point: 0, buy_free_flag: 2 }, 'buy_free_flag'],
      ['/api/order/buy', { book_id: 1, book_type: 0, use_point: 0 }, 'token'],
      ['/api/order/buy', { book_id: 'x', book_type: 0, use_point: 0, token: 't' }, 'book_id'],
    ];
    for (const [url, payload, field] of cases) {
      const response = await post(url, payload, m.cookie);
      expect(response.statusCode, `${url} ${field}: ${response.body}`).toBe(400);
      expect(response.json().errorCode).toBe('BAD_REQUEST');
      expect(response.json().messages.join(' ')).toContain(field);
    }
    const unknown = await post('/api/order/buy_check', { book_id: 424242, book_type: 0, use_point: 0, buy_free_flag: 0 }, m.cookie);
    expect(unknown.statusCode).toBe(404);
  });
});

describe('GET /user/recently_bought/v2', () => {
  it('needs login and purchaseToken; a token of another member or never used is 404', async () => {
    expect((await get('/api/user/recently_bought/v2?purchaseToken=abc')).statusCode).toBe(401);
    const m = await member(t.app);
    const missing = await get('/api/user/recently_bought/v2', m.cookie);
    expect([missing.statusCode, missing.json().errorCode]).toEqual([400, 'BAD_REQUEST']);
    expect(missing.json().messages.join(' ')).toContain('purchaseToken');
    expect((await get('/api/user/recently_bought/v2?purchaseToken=nope', m.cookie)).statusCode).toBe(404);

    const book = await insertBook(db(), await insertTitle(db()), 1, { price: 300 });
    await grantTo(db(), m.userId, 'MANGA_COIN', 300);
    const token = await tokenFor(t.app, m.cookie, '/api/order/book/manga_coin/create_token');
    const bought = await post('/api/order/book/manga_coin/buy', { token, book_id: book, checked_price: 300 }, m.cookie);
    expect(bought.statusCode).toBe(200);
    const mine = await get(`/api/user/recently_bought/v2?purchaseToken=${encodeURIComponent(token)}`, m.cookie);
    expect(mine.json()).toMatchObject({ orderId: bought.json().results.orderId, bookIds: [book] });
    const other = await member(t.app);
    expect((await get(`/api/user/recently_bought/v2?purchaseToken=${encodeURIComponent(token)}`, other.cookie)).statusCode).toBe(404);
    const unused = await tokenFor(t.app, m.cookie, '/api/order/create_token');
    expect((await get(`/api/user/recently_bought/v2?purchaseToken=${encodeURIComponent(unused)}`, m.cookie)).statusCode).toBe(404);
  });
});

describe('GET /user_books/me/by_book/v2', () => {
  it('gives a guest an empty list, a member possession and whether each book is in the cart', async () => {
    const title = await insertTitle(db());
    const [a, b, c] = [
      await insertBook(db(), title, 1, { price: 200 }),
      await insertBook(db(), title, 2),
      await insertBook(db(), title, 3),
    ];
    const guest = await get(`/api/user_books/me/by_book/v2?book_id=${a},${b}`);
    expect(guest.json()).toEqual({ userBooks: [] });
    const m = await member(t.app);
    await grantTo(db(), m.userId, 'MANGA_COIN', 200);
    expect((await buyWithMangaCoin(t.app, m.cookie, a, 200)).statusCode).toBe(200);
    expect((await post('/api/cart/book', { book_id: b }, m.cookie)).statusCode).toBe(200);
    const mine = await get(`/api/user_books/me/by_book/v2?book_id=${a},${b},${c}`, m.cookie);
    expect(mine.json()).toEqual({
      userBooks: [
        { bookId: a, bought: true, coupons: [], possessionStatus: 'OWNED', isInCart: false },
        { bookId: b, bought: false, coupons: [], possessionStatus: 'NONE', isInCart: true },
        { bookId: c, bought: false, coupons: [], possessionStatus: 'NONE', isInCart: false },
      ],
    });
    const bad = await get('/api/user_books/me/by_book/v2', m.cookie);
    expect([bad.statusCode, bad.json().errorCode]).toEqual([400, 'BAD_REQUEST']);
    expect(bad.json().messages.join(' ')).toContain('book_id');
  });
});
