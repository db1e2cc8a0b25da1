import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, buildTestApp } from './support/build-test-app';
import { adultViewers, insertBook, insertTitle } from './support/catalog-factories';
import { grantTo, ledgerInvariant, member } from './support/wallet-factories';
import { recordChange } from '../src/ops/store-changes';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());
const db = () => t.database.db;
const post = (cookie: string, url: string, payload: object) => t.app.inject({ method: 'POST', url, headers: { cookie }, payload });

describe('free book on load (§4)', () => {
  it('buys a free, salable, unbought book once, with a FREE order', async () => {
    const m = await member(t.app);
    const book = await insertBook(db(), await insertTitle(db()), 1, { price: 400, free_flg: 1 });
    const first = (await post(m.cookie, '/api/order/free_book', { book_id: book })).json();
    expect(first).toMatchObject({ bought: true, bookId: book, reason: null });
    const again = (await post(m.cookie, '/api/order/free_book', { book_id: book })).json();
    expect(again).toMatchObject({ bought: false, reason: 'already have this book' });
    const notFree = await insertBook(db(), await insertTitle(db()), 1, { price: 400 });
    expect((await post(m.cookie, '/api/order/free_book', { book_id: notFree })).json()).toMatchObject({
      bought: false,
      reason: 'this book is not free',
    });
    expect(await ledgerInvariant(db(), m.userId, Date.now())).toEqual({ COIN: 0, MANGA_COIN: 0, POINT: 0 });
  });

  it('skips an R18 book while the adult check is none, and buys it once the check is done', async () => {
    const viewers = await adultViewers(t.app);
    const book = await insertBook(db(), await insertTitle(db(), { erotic_type: 4 }), 1, { price: 0, free_flg: 1 });
    expect((await post(viewers.unconfirmed, '/api/order/free_book', { book_id: book, ac: 1 })).json().bought).toBe(false);
    expect((await post(viewers.adult, '/api/order/free_book', { book_id: book, ac: 1 })).json().bought).toBe(true);
  });

  it('the member owns the book afterwards: the viewer info and the bookshelf say so', async () => {
    const m = await member(t.app);
    const titleId = await insertTitle(db());
    const book = await insertBook(db(), titleId, 1, { price: 300, free_flg: 1 });
    const before = (await t.app.inject({ url: `/api/browser/bookinfo/v2?bookId=${book}`, headers: { cookie: m.cookie } })).json();
    expect(before.book_data).toMatchObject({ bought: false, free: true, salable: true });
    expect((await post(m.cookie, '/api/order/free_book', { book_id: book })).json().bought).toBe(true);
    // What the viewer reloads into.
    const after = (await t.app.inject({ url: `/api/browser/bookinfo/v2?bookId=${book}`, headers: { cookie: m.cookie } })).json();
    expect(after.book_data).toMatchObject({ bought: true, possessionStatus: 'OWNED' });
    const shelf = (await t.app.inject({ url: '/api/user_books/me', headers: { cookie: m.cookie } })).json();
    expect(shelf.series).toEqual([expect.objectContaining({ titleId, bookCount: 1 })]);
  });

  it('two loads at once buy the book once (one order, one grant)', async () => {
    const m = await member(t.app);
    const book = await insertBook(db(), await insertTitle(db()), 1, { price: 300, free_flg: 1 });
    const answers = await Promise.all([1, 2, 3].map(() => post(m.cookie, '/api/order/free_book', { book_id: book })));
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200]);
    expect(answers.filter((a) => a.json().bought).length).toBe(1);
    const orders = await db().selectFrom('order_items').select('order_id').where('book_id', '=', book).execute();
    expect(orders.length).toBe(1);
  });

  it('guests get 401', async () => {
    expect((await t.app.inject({ method: 'POST', url: '/api/order/free_book', payload: { book_id: 1 } })).statusCode).toBe(401);
  });
});

describe('free next book (§4, §5)', () => {
  it('buys the next volume when it is free, and says why not otherwise', async () => {
    const m = await member(t.app);
    const title = await insertTitle(db());
    const v1 = await insertBook(db(), title, 1, { free_flg: 1 });
    const v2 = await insertBook(db(), title, 2, { free_flg: 1 });
    const v3 = await insertBook(db(), title, 3);
    expect((await post(m.cookie, '/api/order/free_next_book', { book_id: v1 })).json()).toMatchObject({ bought: true, bookId: v2 });
    expect((await post(m.cookie, '/api/order/free_next_book', { book_id: v2 })).json()).toMatchObject({
      bought: false,
      bookId: v3,
      reason: 'Next book is not free',
    });
    expect((await post(m.cookie, '/api/order/free_next_book', { book_id: v3 })).json()).toMatchObject({
      bought: false,
      bookId: null,
      reason: 'Next book id is null',
    });
  });
});

describe('point campaigns', () => {
  it('book and series campaigns add their lines; the basic campaign is published', async () => {
    const m = await member(t.app);
    const title = await insertTitle(db());
    const book = await insertBook(db(), title, 1, { price: 1000 });
    await db()
      .insertInto('point_campaigns')
      .values([
        { type: 'book', name: '対象作品ポイント', rate: 20, point: 0, expire_days: 30, book_id: book, title_id: null, min_books: 0 },
        { type: 'series', name: 'シリーズポイント', rate: 0, point: 77, expire_days: 30, book_id: null, title_id: title, min_books: 0 },
        { type: 'series', name: '終了済み', rate: 50, point: 0, expire_days: 30, title_id: title, end_at: 1, min_books: 0 },
      ])
      .execute();
    // Counted as the console's save counts it: a buy check's kept campaigns follow the count.
    await recordChange(db(), 'catalog');
    const summary = (
      await t.app.inject({ url: `/api/book_point_campaigns/by_book?book_id=${book}`, headers: { cookie: m.cookie } })
    ).json();
    expect(summary.list.map((l: { type: string; point: number }) => [l.type, l.point])).toEqual([
      ['basic', 10],
      ['first', 100],
      ['book', 200],
      ['series', 77],
    ]);
    expect(summary.totalPoint).toBe(387);
    const guest = (await t.app.inject({ url: `/api/book_point_campaigns/by_book?book_id=${book}` })).json();
    expect(guest.totalPoint).toBe(287);
    const basic = (await t.app.inject({ url: '/api/point_campaign/basic' })).json();
    expect(basic).toMatchObject({ rate: 1, expireDays: 365 });
    await grantTo(db(), m.userId, 'MANGA_COIN', 1000);
    const check = (await post(m.cookie, '/api/order/book/manga_coin/buy_check', { book_id: book, request_price: 1000 })).json();
    expect(check.results.pointCampaign.totalPoint).toBe(387);
  });
});
