import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, buildTestApp } from './support/build-test-app';
import { insertBook, insertTitle } from './support/catalog-factories';
import { buyWithMangaCoin, grantTo, ledgerInvariant, member, tokenFor } from './support/wallet-factories';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const db = () => t.database.db;
const post = (cookie: string, url: string, payload: object) => t.app.inject({ method: 'POST', url, headers: { cookie }, payload });

describe('manga coin flow', () => {
  it('checks, takes a token and buys: coins spent, book owned, basic and first-purchase points earned', async () => {
    const m = await member(t.app);
    const book = await insertBook(db(), await insertTitle(db()), 1, { price: 500 });
    await grantTo(db(), m.userId, 'MANGA_COIN', 800);
    const check = await post(m.cookie, '/api/order/book/manga_coin/buy_check', { book_id: book, request_price: 500 });
    expect(check.json()).toMatchObject({ status: { code: 0 }, results: { status: 'NORMAL', checkedPrice: 500, mangaCoin: 800 } });
    const bought = await buyWithMangaCoin(t.app, m.cookie, book, 500);
    expect(bought.statusCode).toBe(200);
    expect(bought.json()).toMatchObject({ status: { code: 0 }, results: { price: 500, userLotteryTickets: [] } });
    const owned = (await t.app.inject({ url: `/api/user_books/me/by_book?book_id=${book}`, headers: { cookie: m.cookie } })).json();
    expect(owned.userBooks[0]).toEqual({ bookId: book, bought: true, coupons: [], possessionStatus: 'OWNED', isInCart: false });
    const detail = async (cookie?: string) => (await t.app.inject({ url: `/api/books/${book}`, headers: cookie ? { cookie } : {} })).json();
    expect(await detail(m.cookie)).toMatchObject({ bookId: book, bought: true });
    expect(await detail((await member(t.app)).cookie)).toMatchObject({ bought: false });
    expect(await detail()).toMatchObject({ bought: false });
    // basic 1% (5) + first purchase 10% (50)
    expect(await ledgerInvariant(db(), m.userId, Date.now())).toEqual({ COIN: 0, MANGA_COIN: 300, POINT: 55 });
  });

  it('a price changed between check and buy is DIFF_PRICE_REQUEST and spends nothing', async () => {
    const m = await member(t.app);
    const book = await insertBook(db(), await insertTitle(db()), 1, { price: 500, sale_price: 300 });
    await grantTo(db(), m.userId, 'MANGA_COIN', 800);
    const stale = await post(m.cookie, '/api/order/book/manga_coin/buy_check', { book_id: book, request_price: 500 });
    expect(stale.statusCode).toBe(403);
    expect(stale.json().errorCode).toBe('DIFF_PRICE_REQUEST');
    const buy = await buyWithMangaCoin(t.app, m.cookie, book, 500);
    expect(buy.json().errorCode).toBe('DIFF_PRICE_REQUEST');
    expect((await ledgerInvariant(db(), m.userId, Date.now())).MANGA_COIN).toBe(800);
    expect((await buyWithMangaCoin(t.app, m.cookie, book, 300)).statusCode).toBe(200);
  });

  it('short of coins is CART_NOT_ENOUGH_MANGA_COIN; owned is ALREADY_BUY; neither spends', async () => {
    const m = await member(t.app);
    const title = await insertTitle(db());
    const [a, b] = [await insertBook(db(), title, 1, { price: 400 }), await insertBook(db(), title, 2, { price: 400 })];
    await grantTo(db(), m.userId, 'MANGA_COIN', 500);
    expect((await buyWithMangaCoin(t.app, m.cookie, a, 400)).statusCode).toBe(200);
    const short = await buyWithMangaCoin(t.app, m.cookie, b, 400);
    expect([short.statusCode, short.json().errorCode]).toEqual([403, 'CART_NOT_ENOUGH_MANGA_COIN']);
    const again = await post(m.cookie, '/api/order/book/manga_coin/buy_check', { book_id: a, request_price: 400 });
    expect(again.json()).toMatchObject({ errorCode: 'ALREADY_BUY', messages: ['already have this book'] });
    expect((await ledgerInvariant(db(), m.userId, Date.now())).MANGA_COIN).toBe(100);
  });

  it('spends bonus coins expiring first, then paid ones', async () => {
    const m = await member(t.app);
    const now = Date.now();
    const paid = await grantTo(db(), m.userId, 'MANGA_COIN', 300, { paid: true, yenValue: 300, expiresAt: now + 9e9 });
    const bonus = await grantTo(db(), m.userId, 'MANGA_COIN', 100, { expiresAt: now + 9e9 });
    const soon = await grantTo(db(), m.userId, 'MANGA_COIN', 50, { paid: true, yenValue: 50, expiresAt: now + 1e9 });
    const book = await insertBook(db(), await insertTitle(db()), 1, { price: 200 });
    expect((await buyWithMangaCoin(t.app, m.cookie, book, 200)).statusCode).toBe(200);
    const lots = await db().selectFrom('wallet_lots').select(['id', 'remaining']).where('user_id', '=', m.userId).execute();
    const left = Object.fromEntries(lots.map((l) => [l.id, l.remaining]));
    expect([left[soon], left[bonus], left[paid]]).toEqual([0, 0, 250]);
    await ledgerInvariant(db(), m.userId, Date.now());
  });

  it('answers 401 without a session and 400 naming a missing field', async () => {
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/order/book/manga_coin/buy_check', payload: { book_id: 1, request_price: 1 } }))
        .statusCode,
    ).toBe(401);
    const m = await member(t.app);
    const missing = await post(m.cookie, '/api/order/book/manga_coin/buy_check', { book_id: 1 });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().messages[0]).toContain('request_price');
    const noToken = await post(m.cookie, '/api/order/book/manga_coin/buy', { book_id: 1, checked_price: 1 });
    expect(noToken.json().messages[0]).toContain('token');
  });
});

describe('coin flow (buy check v2, token, buy v2)', () => {
  it('buys several books with coins and points, earning bulk-buy points', async () => {
    const m = await member(t.app);
    const title = await insertTitle(db());
    const ids = [
      await insertBook(db(), title, 1, { price: 300 }),
      await insertBook(db(), title, 2, { price: 300 }),
      await insertBook(db(), title, 3, { price: 400 }),
    ];
    await grantTo(db(), m.userId, 'COIN', 1000);
    await grantTo(db(), m.userId, 'POINT', 100);
    const form = { book_ids: ids.join(','), book_type: '0', use_point: '100', buy_free_flag: '0' };
    const check = await post(m.cookie, '/api/order/buy_check/v2', form);
    expect(check.json().results).toMatchObject({
      status: 0,
      totalPrice: 1000,
      usePoint: 100,
      payPrice: 900,
      coin: 1000,
      point: 100,
      isFirstPaying: true,
    });
    const types = check.json().results.pointCampaign.list.map((l: { type: string }) => l.type);
    expect(types).toEqual(['basic', 'first', 'bulkBuy']);
    const token = await tokenFor(t.app, m.cookie, '/api/order/create_token');
    const buy = await post(m.cookie, '/api/order/buy/v2', {
      book_ids: ids.join(','),
      book_type: '0',
      use_point: '100',
      buy_type: 'one_click',
      token,
    });
    expect(buy.json().results).toMatchObject({ totalPrice: 1000, usePoint: 100 });
    const earned = check.json().results.pointCampaign.totalPoint;
    expect(await ledgerInvariant(db(), m.userId, Date.now())).toEqual({ COIN: 100, MANGA_COIN: 0, POINT: earned });
    const recent = (
      await t.app.inject({ url: `/api/user/recently_bought/v3?transactionId=${buy.json().results.orderId}`, headers: { cookie: m.cookie } })
    ).json();
    expect(recent).toMatchObject({ totalCount: 3, totalPrice: 1000, bookIds: ids, isFirstPaying: true });
  });

  it('refuses points over the price, more points than held, and too few coins', async () => {
    const m = await member(t.app);
    const book = await insertBook(db(), await insertTitle(db()), 1, { price: 300 });
    await grantTo(db(), m.userId, 'COIN', 100);
    await grantTo(db(), m.userId, 'POINT', 50);
    const check = (use: number) =>
      post(m.cookie, '/api/order/buy_check/v2', { book_ids: String(book), book_type: 0, use_point: use, buy_free_flag: 0 });
    expect((await check(400)).json().errorCode).toBe('CART_NOT_USE_POINT_OVER_PRICE');
    expect((await check(60)).json().errorCode).toBe('CART_NOT_ENOUGH_POINT');
    expect((await check(0)).json().errorCode).toBe('CART_NOT_ENOUGH_AMEBA_COIN');
  });

  it('a free purchase (buy_free_flag) needs a free book, and a replayed token returns the first order', async () => {
    const m = await member(t.app);
    const title = await insertTitle(db());
    const free = await insertBook(db(), title, 1, { price: 500, free_flg: 1 });
    const paid = await insertBook(db(), title, 2, { price: 500 });
    const notFree = await post(m.cookie, '/api/order/buy_check/v2', {
      book_ids: String(paid),
      book_type: 0,
      use_point: 0,
      buy_free_flag: 1,
    });
    expect(notFree.json()).toMatchObject({ errorCode: 'DIFF_PRICE_REQUEST', messages: ['this book is not free'] });
    expect(
      (await post(m.cookie, '/api/order/buy_check/v2', { book_ids: String(free), book_type: 0, use_point: 0, buy_free_flag: 1 }))
        .statusCode,
    ).toBe(200);
    const token = await tokenFor(t.app, m.cookie, '/api/order/create_token');
    const payload = { book_ids: String(free), book_type: 0, use_point: 0, buy_type: 'one_click', token };
    const first = await post(m.cookie, '/api/order/buy/v2', payload);
    const replay = await post(m.cookie, '/api/order/buy/v2', payload);
    expect(replay.json()).toEqual(first.json());
    const other = await post(m.cookie, '/api/order/buy/v2', { ...payload, book_ids: String(paid) });
    expect(other.json().errorCode).toBe('TOKEN_REUSED_WITH_DIFFERENT_REQUEST');
    const payments = (await t.app.inject({ url: '/api/order/payments?offset=0&limit=10', headers: { cookie: m.cookie } })).json();
    expect(payments.payments.map((p: { paymentType: string; paymentTypeCode: number }) => [p.paymentType, p.paymentTypeCode])).toEqual([
      ['FREE', -2],
    ]);
  });

  it('an R18 book needs the adult check', async () => {
    const m = await member(t.app);
    const book = await insertBook(db(), await insertTitle(db(), { erotic_type: 4 }), 1, { price: 0, free_flg: 1 });
    const check = await post(m.cookie, '/api/order/buy_check/v2', {
      book_ids: String(book),
      book_type: 0,
      use_point: 0,
      buy_free_flag: 1,
      ac: 1,
    });
    expect([check.statusCode, check.json().errorCode]).toEqual([403, 'ADULT_CHECK_REQUIRED']);
  });

  it('a guest gets an empty user-books list', async () => {
    const guest = await t.app.inject({ url: '/api/user_books/me/by_book?book_id=1' });
    expect(guest.json()).toEqual({ userBooks: [] });
  });
});
