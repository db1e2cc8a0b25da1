import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, buildTestApp } from './support/build-test-app';
import { adultViewers, insertBook, insertTitle } from './support/catalog-factories';

const DAY = 86_400_000;
const NOW = Date.UTC(2026, 10, 22, 3);

let t: TestApp;
let cookies: Awaited<ReturnType<typeof adultViewers>>;
const ids = { title: 0, other: 0, r18Title: 0, books: [] as number[], r18Book: 0 };
const get = (url: string, cookie?: string) => t.app.inject({ url, headers: cookie ? { cookie } : {} });

beforeAll(async () => {
  t = await buildTestApp({ clock: () => new Date(NOW) });
  const { db } = t.database;
  ids.title = await insertTitle(db);
  // vol 1 free (0), vol 2 on sale (300), vol 3 regular (550), vol 4 a pre-order, vol 5 stopped.
  ids.books.push(await insertBook(db, ids.title, 1, { free_flg: 1 }));
  ids.books.push(await insertBook(db, ids.title, 2, { sale_price: 300, sale_end_datetime: NOW + DAY }));
  ids.books.push(await insertBook(db, ids.title, 3));
  ids.books.push(await insertBook(db, ids.title, 4, { start_datetime: NOW + DAY, sales_status: 'IN_RESERVATION' }));
  ids.books.push(await insertBook(db, ids.title, 5, { sales_status: 'STOPPED' }));
  ids.other = await insertTitle(db);
  await insertBook(db, ids.other, 1, { price: 660 });
  await insertBook(db, ids.other, 2, { price: 660, sale_price: 330, sale_start_datetime: NOW + DAY });
  ids.r18Title = await insertTitle(db, { erotic_type: 4 });
  ids.r18Book = await insertBook(db, ids.r18Title, 1, { price: 1100 });
  cookies = await adultViewers(t.app);
});
afterAll(async () => {
  await t?.close();
});

const expectBadRequest = async (url: string, field: string) => {
  const response = await get(url);
  expect(response.statusCode, url).toBe(400);
  expect(response.json().errorCode).toBe('BAD_REQUEST');
  expect(response.json().messages.join(' '), url).toContain(`${field}:`);
};

describe('GET /guest/books (§3 Guest book)', () => {
  it('gives the asked books by id with their prices in effect, and no coupon yet', async () => {
    const body = (await get(`/api/guest/books?book_id=${ids.books[1]},${ids.books[2]},999999`)).json();
    expect(Object.keys(body.byId).sort()).toEqual([String(ids.books[1]), String(ids.books[2])].sort());
    expect(body.byId[ids.books[1]!]).toMatchObject({ bookId: ids.books[1], price: 300, beforePrice: 550, limitedSale: true });
    expect(body.byId[ids.books[2]!]).toMatchObject({ price: 550, beforePrice: null });
    expect(body.coupon).toBeNull();
  });
  it('never includes R18 for a guest or an under-18 member, whatever ac says', async () => {
    const url = `/api/guest/books?ac=1&book_id=${ids.r18Book}`;
    expect((await get(url)).json().byId).toEqual({});
    expect((await get(url, cookies.under18)).json().byId).toEqual({});
    expect((await get(url, cookies.unconfirmed)).json().byId).toEqual({});
    expect((await get(url.replace('ac=1', 'ac=0'), cookies.adult)).json().byId).toEqual({});
    expect(Object.keys((await get(url, cookies.adult)).json().byId)).toEqual([String(ids.r18Book)]);
  });
  it('refuses a missing or bad book_id and a bad ac', async () => {
    await expectBadRequest('/api/guest/books', 'book_id');
    await expectBadRequest('/api/guest/books?book_id=-1', 'book_id');
    await expectBadRequest('/api/guest/books?book_id=1&ac=9', 'ac');
  });
});

describe('GET /guest/titles/total_price', () => {
  it('sums the prices in effect of the volumes on sale now', async () => {
    expect((await get(`/api/guest/titles/total_price?title_id=${ids.title}`)).json()).toEqual({
      titleId: ids.title,
      totalPrice: 0 + 300 + 550,
      bookCount: 3,
    });
  });
  it('limit_per_title counts only the first volumes', async () => {
    expect((await get(`/api/guest/titles/total_price?title_id=${ids.title}&limit_per_title=2`)).json()).toMatchObject({
      totalPrice: 300,
      bookCount: 2,
    });
  });
  it('a sale not started yet does not count', async () => {
    expect((await get(`/api/guest/titles/total_price?title_id=${ids.other}`)).json().totalPrice).toBe(1320);
  });
  it('an unknown or hidden title is 404; bad input is 400 naming the field', async () => {
    expect((await get('/api/guest/titles/total_price?title_id=999999')).statusCode).toBe(404);
    expect((await get(`/api/guest/titles/total_price?ac=1&title_id=${ids.r18Title}`)).statusCode).toBe(404);
    expect((await get(`/api/guest/titles/total_price?ac=1&title_id=${ids.r18Title}`, cookies.under18)).statusCode).toBe(404);
    expect((await get(`/api/guest/titles/total_price?ac=1&title_id=${ids.r18Title}`, cookies.adult)).json().totalPrice).toBe(1100);
    await expectBadRequest('/api/guest/titles/total_price', 'title_id');
    await expectBadRequest('/api/guest/titles/total_price?title_id=1,2', 'title_id');
    await expectBadRequest(`/api/guest/titles/total_price?title_id=${ids.title}&limit_per_title=0`, 'limit_per_title');
    await expectBadRequest(`/api/guest/titles/total_price?title_id=${ids.title}&limit_per_title=x`, 'limit_per_title');
  });
});

describe('GET /guest/titles/total_prices', () => {
  it('gives one total per visible title in the order asked', async () => {
    const body = (await get(`/api/guest/titles/total_prices?title_id=${ids.other},${ids.r18Title},${ids.title},999999`)).json();
    expect(body.totalPrices).toEqual([
      { titleId: ids.other, totalPrice: 1320, bookCount: 2 },
      { titleId: ids.title, totalPrice: 850, bookCount: 3 },
    ]);
    const limited = (await get(`/api/guest/titles/total_prices?title_id=${ids.other},${ids.title}&limit_per_title=1`)).json();
    expect(limited.totalPrices.map((p: { totalPrice: number }) => p.totalPrice)).toEqual([660, 0]);
    await expectBadRequest('/api/guest/titles/total_prices', 'title_id');
    await expectBadRequest('/api/guest/titles/total_prices?title_id=a,b', 'title_id');
  });
});
