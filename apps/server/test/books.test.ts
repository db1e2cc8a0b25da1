import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, buildTestApp } from './support/build-test-app';
import { adultViewers, insertBook, insertTitle } from './support/catalog-factories';

const DAY = 86_400_000;
const NOW = Date.UTC(2026, 10, 22, 3);

let t: TestApp;
let cookies: Awaited<ReturnType<typeof adultViewers>>;
const ids = {
  title: 0,
  r18Title: 0,
  notPostTitle: 0,
  vol: [0, 0, 0, 0, 0, 0] as [number, number, number, number, number, number],
  r18Book: 0,
  notPostBook: 0,
};

const get = (url: string, cookie?: string) => t.app.inject({ url, headers: cookie ? { cookie } : {} });

beforeAll(async () => {
  t = await buildTestApp({ clock: () => new Date(NOW) });
  const { db } = t.database;
  const publisher = await db
    .insertInto('publishers')
    .values({ name: '試験社', kana: 'シケンシャ' })
    .returning('id')
    .executeTakeFirstOrThrow();
  const author = await db
    .insertInto('authors')
    .values({ name: '新海 遥斗', kana: 'シンカイ ハルト', created_at: 0 })
    .returning('id')
    .executeTakeFirstOrThrow();
  ids.title = await insertTitle(db, { name: '夜明けの図書館', publisher_id: publisher.id });
  await db.insertInto('title_authors').values({ title_id: ids.title, author_id: author.id, role: 'author', sort_order: 0 }).execute();
  ids.vol[1] = await insertBook(db, ids.title, 1, { free_flg: 1, free_start_datetime: NOW - DAY, free_end_datetime: NOW + 3 * DAY });
  ids.vol[2] = await insertBook(db, ids.title, 2, { sale_price: 275, sale_start_datetime: NOW - DAY, sale_end_datetime: NOW + 2 * DAY });
  ids.vol[3] = await insertBook(db, ids.title, 3, { sale_price: 275, sale_start_datetime: NOW + DAY });
  ids.vol[4] = await insertBook(db, ids.title, 4, { start_datetime: NOW + 7 * DAY, sales_status: 'IN_RESERVATION' });
  ids.vol[5] = await insertBook(db, ids.title, 5, { sales_status: 'STOPPED' });
  ids.r18Title = await insertTitle(db, { erotic_type: 4 });
  ids.r18Book = await insertBook(db, ids.r18Title, 1);
  ids.notPostTitle = await insertTitle(db, { erotic_type: 9 });
  ids.notPostBook = await insertBook(db, ids.notPostTitle, 1);
  await db
    .insertInto('catalog_events')
    .values([
      { kind: 'wish', title_id: ids.title, book_id: null, serial_id: null, user_id: null, created_at: NOW - DAY },
      { kind: 'purchase', title_id: ids.title, book_id: ids.vol[2], serial_id: null, user_id: null, created_at: NOW - DAY },
      { kind: 'purchase', title_id: ids.title, book_id: ids.vol[2], serial_id: null, user_id: null, created_at: NOW - DAY },
    ])
    .execute();
  cookies = await adultViewers(t.app);
  // wishCount counts members with the title on their list (wish_titles), not wish events
  const someone = await db.selectFrom('users').select('id').executeTakeFirstOrThrow();
  await db
    .insertInto('wish_titles')
    .values({ user_id: someone.id, title_id: ids.title, created_at: NOW - DAY })
    .execute();
});
afterAll(async () => {
  await t?.close();
});

const expectBadRequest = async (url: string, field: string) => {
  const response = await get(url);
  expect(response.statusCode, url).toBe(400);
  expect(response.json().errorCode).toBe('BAD_REQUEST');
  expect(response.json().messages.join(' '), url).toMatch(new RegExp(`^${field}\\b|\\b${field}:`));
};

describe('GET /books/{book_id} (§3 Book detail)', () => {
  it('a volume on sale costs its sale price and strikes the regular one (§5)', async () => {
    const book = (await get(`/api/books/${ids.vol[2]}`)).json();
    expect(book).toMatchObject({
      bookId: ids.vol[2],
      bookTitle: 'テスト 2',
      titleId: ids.title,
      seriesId: ids.title,
      titleName: '夜明けの図書館',
      vol: 2,
      price: 275,
      beforePrice: 550,
      regularPrice: 550,
      limitedSale: true,
      free: false,
      endDatetime: NOW + 2 * DAY,
      point: 2,
      bought: false,
      bookType: 0,
      salesStatus: 'ON_SALE',
      salable: true,
      reservable: false,
      publisherName: '試験社',
      wishCount: 1,
      buyCount: 2,
      isBulkBuy: true,
      hasSample: true,
      samplePageTotal: 3,
      bundleId: null,
    });
    expect(book.authors).toEqual([{ authorId: expect.any(Number), name: '新海 遥斗', kana: 'シンカイ ハルト', type: 'author' }]);
    expect(book.imageUrl).toMatch(new RegExp(`^/media/covers/${ids.vol[2]}/`));
  });

  it('a regular price has no previous price, even with a sale still ahead', async () => {
    expect((await get(`/api/books/${ids.vol[3]}`)).json()).toMatchObject({
      price: 550,
      beforePrice: null,
      limitedSale: false,
      endDatetime: null,
    });
  });

  it('a free volume costs 0 with its regular price struck and its free period end', async () => {
    expect((await get(`/api/books/${ids.vol[1]}`)).json()).toMatchObject({
      price: 0,
      beforePrice: 550,
      free: true,
      limitedFree: true,
      endDatetime: NOW + 3 * DAY,
      point: 0,
    });
  });

  it('a volume released later is a pre-order; a stopped one is not salable', async () => {
    expect((await get(`/api/books/${ids.vol[4]}`)).json()).toMatchObject({
      salesStatus: 'IN_RESERVATION',
      reservable: true,
      salable: true,
    });
    expect((await get(`/api/books/${ids.vol[4]}?salable=1`)).statusCode).toBe(200);
    expect((await get(`/api/books/${ids.vol[5]}`)).json()).toMatchObject({ salesStatus: 'STOPPED', salable: false });
    expect((await get(`/api/books/${ids.vol[5]}?salable=1`)).statusCode).toBe(404);
  });

  it('an unknown book is 404 NOT_FOUND', async () => {
    const response = await get('/api/books/999999');
    expect(response.statusCode).toBe(404);
    expect(response.json().errorCode).toBe('NOT_FOUND');
  });

  it.each(['abc', '-1', '1.5', '1e3', '2147483648'])('book_id %s is 400 naming book_id', async (bad) => {
    await expectBadRequest(`/api/books/${bad}`, 'book_id');
  });

  it('ac other than 0 or 1 is 400 naming ac', async () => {
    await expectBadRequest(`/api/books/${ids.vol[1]}?ac=2`, 'ac');
  });

  it('an R18 book is served only to a confirmed adult asking with ac=1 (§6)', async () => {
    const url = `/api/books/${ids.r18Book}`;
    expect((await get(`${url}?ac=1`)).statusCode).toBe(404);
    expect((await get(`${url}?ac=1`, cookies.under18)).statusCode).toBe(404);
    expect((await get(`${url}?ac=1`, cookies.unconfirmed)).statusCode).toBe(404);
    expect((await get(`${url}?ac=0`, cookies.adult)).statusCode).toBe(404);
    expect((await get(url, cookies.adult)).statusCode).toBe(404);
    const served = await get(`${url}?ac=1`, cookies.adult);
    expect(served.statusCode).toBe(200);
    expect(served.json().eroticType).toBe(4);
  });

  it('a NOT_POST book is never served', async () => {
    expect((await get(`/api/books/${ids.notPostBook}?ac=1`, cookies.adult)).statusCode).toBe(404);
  });
});

describe('GET /book/detail', () => {
  it('answers the book detail of book_id', async () => {
    expect((await get(`/api/book/detail?book_id=${ids.vol[2]}`)).json()).toMatchObject({ bookId: ids.vol[2], price: 275 });
    expect((await get(`/api/book/detail?book_id=${ids.vol[2]}&book_type=0`)).statusCode).toBe(200);
  });
  it('refuses a bundle type (none exist), a missing or bad book_id, and hides R18', async () => {
    expect((await get(`/api/book/detail?book_id=${ids.vol[2]}&book_type=1`)).statusCode).toBe(404);
    await expectBadRequest('/api/book/detail', 'book_id');
    await expectBadRequest('/api/book/detail?book_id=x', 'book_id');
    await expectBadRequest(`/api/book/detail?book_id=${ids.vol[2]}&book_type=x`, 'book_type');
    expect((await get(`/api/book/detail?book_id=${ids.r18Book}&ac=1`)).statusCode).toBe(404);
  });
});

describe('GET /books', () => {
  it('lists the asked books in order, skipping unknown and hidden ones', async () => {
    const list = (await get(`/api/books?book_id=${ids.vol[3]},${ids.vol[1]},${ids.r18Book},999999,${ids.vol[3]}`)).json();
    expect(list.books.map((b: { bookId: number }) => b.bookId)).toEqual([ids.vol[3], ids.vol[1]]);
    expect(list.totalCount).toBe(2);
    const adult = (await get(`/api/books?ac=1&book_id=${ids.vol[1]},${ids.r18Book}`, cookies.adult)).json();
    expect(adult.books.map((b: { bookId: number }) => b.bookId)).toEqual([ids.vol[1], ids.r18Book]);
  });
  it('salable=1 drops books that cannot be bought', async () => {
    const list = (await get(`/api/books?salable=1&book_id=${ids.vol[4]},${ids.vol[5]}`)).json();
    expect(list.books.map((b: { bookId: number }) => b.bookId)).toEqual([ids.vol[4]]);
  });
  it('book_id is required, digits only, at most 100 ids', async () => {
    await expectBadRequest('/api/books', 'book_id');
    await expectBadRequest('/api/books?book_id=1,-2', 'book_id');
    await expectBadRequest(`/api/books?book_id=${Array.from({ length: 101 }, (_, i) => i + 1).join(',')}`, 'book_id');
    await expectBadRequest('/api/books?book_id=1&salable=maybe', 'salable');
  });
});

describe('GET /books/v3 (§3 Book v3)', () => {
  it('carries the regular price and the discount in effect', async () => {
    const book = (await get(`/api/books/v3/${ids.vol[2]}`)).json();
    expect(book).toMatchObject({
      id: ids.vol[2],
      contentsName: 'テスト 2',
      titleId: ids.title,
      titleName: '夜明けの図書館',
      vol: 2,
      price: 550,
      taxAmount: 50,
      discount: { salePrice: 275, startDatetime: NOW - DAY, endDatetime: NOW + 2 * DAY, type: 'SALE' },
      startDatetime: 0,
      salesStatus: 'ON_SALE',
      eroticType: 0,
      layoutType: 0,
      pageType: 'male',
      genreId: null,
      hasSample: true,
      hasCustomSample: false,
      pub: { id: expect.any(Number), name: '試験社' },
    });
    expect(book.authors[0]).toMatchObject({ name: '新海 遥斗', type: 'author' });
    expect((await get(`/api/books/v3/${ids.vol[3]}`)).json().discount).toBeNull();
    expect((await get(`/api/books/v3/${ids.vol[1]}`)).json().discount).toMatchObject({ salePrice: 0, type: 'FREE' });
  });
  it('sales_status filters, and a book of another status is 404', async () => {
    expect((await get(`/api/books/v3/${ids.vol[3]}?sales_status=ON_SALE`)).statusCode).toBe(200);
    expect((await get(`/api/books/v3/${ids.vol[3]}?sales_status=IN_RESERVATION`)).statusCode).toBe(404);
    expect((await get(`/api/books/v3/${ids.vol[4]}?sales_status=IN_RESERVATION`)).json().salesStatus).toBe('IN_RESERVATION');
    await expectBadRequest(`/api/books/v3/${ids.vol[3]}?sales_status=SOLD`, 'sales_status');
    await expectBadRequest('/api/books/v3/abc', 'book_id');
    expect((await get('/api/books/v3/999999')).statusCode).toBe(404);
    expect((await get(`/api/books/v3/${ids.r18Book}?ac=1`, cookies.under18)).statusCode).toBe(404);
    expect((await get(`/api/books/v3/${ids.r18Book}?ac=1`, cookies.adult)).statusCode).toBe(200);
  });
  it('lists several books of a sales status', async () => {
    const all = `${ids.vol[1]},${ids.vol[4]},${ids.vol[5]},${ids.r18Book}`;
    const list = (await get(`/api/books/v3?book_id=${all}&sales_status=ON_SALE`)).json();
    expect(list.books.map((b: { id: number }) => b.id)).toEqual([ids.vol[1]]);
    const every = (await get(`/api/books/v3?book_id=${all}`)).json();
    expect(every.books.map((b: { id: number }) => b.id)).toEqual([ids.vol[1], ids.vol[4], ids.vol[5]]);
    await expectBadRequest('/api/books/v3', 'book_id');
  });
});

describe('GET /books/by_title/v3', () => {
  const url = (q: string) => `/api/books/by_title/v3?title_id=${ids.title}${q}`;
  const vols = async (q: string, cookie?: string) => (await get(url(q), cookie)).json().books.map((b: { vol: number }) => b.vol);

  it('lists the volumes ascending by default with their total', async () => {
    const page = (await get(url(''))).json();
    expect(page.totalCount).toBe(5);
    expect(page.books.map((b: { vol: number }) => b.vol)).toEqual([1, 2, 3, 4, 5]);
  });
  it('sorts descending with VOL_DESC', async () => {
    expect(await vols('&sort=VOL_DESC')).toEqual([5, 4, 3, 2, 1]);
    expect(await vols('&sort=VOL_ASC')).toEqual([1, 2, 3, 4, 5]);
  });
  it('pages with offset and limit', async () => {
    expect(await vols('&offset=1&limit=2')).toEqual([2, 3]);
    expect(await vols('&offset=4&limit=2')).toEqual([5]);
    expect(await vols('&offset=9')).toEqual([]);
    expect(await vols('&offset=0&limit=2&sort=VOL_DESC')).toEqual([5, 4]);
  });
  it('filters by sales status', async () => {
    expect(await vols('&sales_status=ON_SALE')).toEqual([1, 2, 3]);
    expect(await vols('&sales_status=IN_RESERVATION')).toEqual([4]);
    expect((await get(url('&sales_status=ON_SALE'))).json().totalCount).toBe(3);
  });
  it('refuses a bad sort, limit, offset, sales_status or title_id', async () => {
    await expectBadRequest(url('&sort=TITLE'), 'sort');
    await expectBadRequest(url('&limit=101'), 'limit');
    await expectBadRequest(url('&limit=0'), 'limit');
    await expectBadRequest(url('&offset=-1'), 'offset');
    await expectBadRequest(url('&sales_status=X'), 'sales_status');
    await expectBadRequest('/api/books/by_title/v3', 'title_id');
    await expectBadRequest('/api/books/by_title/v3?title_id=-4', 'title_id');
  });
  it('an unknown title is 404; an R18 title only for a confirmed adult with ac=1', async () => {
    expect((await get('/api/books/by_title/v3?title_id=999999')).statusCode).toBe(404);
    const r18 = `/api/books/by_title/v3?title_id=${ids.r18Title}&ac=1`;
    expect((await get(r18)).statusCode).toBe(404);
    expect((await get(r18, cookies.under18)).statusCode).toBe(404);
    expect((await get(r18.replace('ac=1', 'ac=0'), cookies.adult)).statusCode).toBe(404);
    expect((await get(r18, cookies.adult)).json().totalCount).toBe(1);
  });
  it('the older /books/by_title lists the same volumes with Book detail names', async () => {
    const page = (await get(`/api/books/by_title?title_id=${ids.title}&sort=VOL_DESC&limit=2`)).json();
    expect(page.totalCount).toBe(5);
    expect(page.books.map((b: { bookId: number; vol: number }) => [b.bookId, b.vol])).toEqual([
      [ids.vol[5], 5],
      [ids.vol[4], 4],
    ]);
    await expectBadRequest(`/api/books/by_title?title_id=${ids.title}&sort=up`, 'sort');
  });
});

describe('GET /books/next_book', () => {
  const next = async (bookId: number) => (await get(`/api/books/next_book?book_id=${bookId}`)).json().nextBook;
  it('is the following volume, a pre-order included', async () => {
    expect((await next(ids.vol[1])).id).toBe(ids.vol[2]);
    expect((await next(ids.vol[3])).id).toBe(ids.vol[4]);
    expect((await next(ids.vol[3])).salesStatus).toBe('IN_RESERVATION');
  });
  it('is null after the last volume on sale (a stopped one is skipped)', async () => {
    const response = await get(`/api/books/next_book?book_id=${ids.vol[4]}`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ bookId: ids.vol[4], nextBook: null });
  });
  it('an unknown or hidden book is 404; a bad id is 400', async () => {
    expect((await get('/api/books/next_book?book_id=999999')).statusCode).toBe(404);
    expect((await get(`/api/books/next_book?book_id=${ids.r18Book}&ac=1`)).statusCode).toBe(404);
    await expectBadRequest('/api/books/next_book?book_id=a', 'book_id');
    await expectBadRequest('/api/books/next_book', 'book_id');
  });
});

describe('GET /book_infos', () => {
  it('gives reader facts of the asked books', async () => {
    const list = (await get(`/api/book_infos?book_id=${ids.vol[2]},${ids.r18Book}`)).json();
    expect(list.bookInfos).toEqual([
      expect.objectContaining({ bookId: ids.vol[2], titleId: ids.title, totalPage: 20, direction: 'rtl', layoutType: 0, hasSample: true }),
    ]);
    await expectBadRequest('/api/book_infos', 'book_id');
    await expectBadRequest('/api/book_infos?book_id=1,a', 'book_id');
  });
});

describe('the kept book detail follows the clock', () => {
  it('a sale ends at its end instant and a pre-order goes on sale at its start, without a reload', async () => {
    let now = NOW;
    const app = await buildTestApp({ clock: () => new Date(now) });
    try {
      const titleId = await insertTitle(app.database.db);
      const sale = await insertBook(app.database.db, titleId, 1, { sale_price: 275, sale_end_datetime: NOW + DAY });
      const later = await insertBook(app.database.db, titleId, 2, { start_datetime: NOW + DAY, sales_status: 'IN_RESERVATION' });
      const read = async (id: number) => (await app.app.inject({ url: `/api/books/${id}` })).json();
      expect(await read(sale)).toMatchObject({ price: 275, beforePrice: 550 });
      expect(await read(later)).toMatchObject({ salesStatus: 'IN_RESERVATION', reservable: true });
      now = NOW + DAY;
      expect(await read(sale)).toMatchObject({ price: 550, beforePrice: null, limitedSale: false });
      expect(await read(later)).toMatchObject({ salesStatus: 'ON_SALE', reservable: false });
      now = NOW;
      expect(await read(sale)).toMatchObject({ price: 275 });
    } finally {
      await app.close();
    }
  });
});
