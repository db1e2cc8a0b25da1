import type { MaxBookFinishRead, ReservableBooks, UserTitle } from '@hondana/domain/bookshelf/bookshelf-api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, buildTestApp } from './support/build-test-app';
import { adultViewers, insertBook, insertTitle } from './support/catalog-factories';
import { grantOwnership } from './support/reading-factories';
import { member, tokenFor } from './support/wallet-factories';

/** §7 Titles: `/title_infos`, `/title/infos`, and the member's `/user_titles/*` calls. */
const NOW = Date.parse('2026-11-25T03:00:00Z');
const DAY = 86_400_000;
let t: TestApp;
let titleId: number;
let r18Title: number;
let vols: number[];
let coming: number;
let later: number;

beforeAll(async () => {
  t = await buildTestApp({ clock: () => new Date(NOW) });
  const db = t.database.db;
  titleId = await insertTitle(db);
  vols = [await insertBook(db, titleId, 1), await insertBook(db, titleId, 2), await insertBook(db, titleId, 3)];
  coming = await insertBook(db, titleId, 4, { price: 700, start_datetime: NOW + 7 * DAY, sales_status: 'IN_RESERVATION' });
  later = await insertBook(db, titleId, 5, { price: 700, start_datetime: NOW + 30 * DAY, sales_status: 'IN_RESERVATION' });
  r18Title = await insertTitle(db, { erotic_type: 4 });
  await insertBook(db, r18Title, 1);
});
afterAll(() => t.close());

const get = (url: string, cookie?: string) => t.app.inject({ url, headers: cookie ? { cookie } : {} });
const post = (url: string, payload: object, cookie: string) => t.app.inject({ method: 'POST', url, headers: { cookie }, payload });

describe('GET /title_infos and /title/infos', () => {
  it('list the infos of the asked titles, leaving out unknown and hidden ones', async () => {
    for (const path of ['/api/title_infos', '/api/title/infos']) {
      const response = await get(`${path}?title_id=${titleId},999999,${r18Title}`);
      expect(response.statusCode, response.body).toBe(200);
      const body = response.json();
      expect(body.totalCount).toBe(1);
      const single = (await get(`/api/title_infos/${titleId}`)).json();
      expect(body.titleInfos).toEqual([single]);
      const bad = await get(path);
      expect([bad.statusCode, bad.json().errorCode]).toEqual([400, 'BAD_REQUEST']);
      expect(bad.json().messages.join(' ')).toContain('title_id');
    }
    const viewers = await adultViewers(t.app);
    expect((await get(`/api/title_infos?title_id=${r18Title}&ac=1`, viewers.adult)).json().totalCount).toBe(1);
    expect((await get(`/api/title_infos?title_id=${r18Title}&ac=1`, viewers.under18)).json().totalCount).toBe(0);
  });
});

describe('/user_titles', () => {
  it('answer a guest 401, bad title_id 400 naming it, an unknown or hidden title 404', async () => {
    const m = await member(t.app);
    for (const path of [
      '/api/user_titles/get_max_book_finish_read',
      '/api/user_titles/get_reservable_books',
      '/api/user_titles/me/by_title',
    ]) {
      expect((await get(`${path}?title_id=${titleId}`)).statusCode, path).toBe(401);
      for (const query of ['', '?title_id=x']) {
        const bad = await get(`${path}${query}`, m.cookie);
        expect([bad.statusCode, bad.json().errorCode], path).toEqual([400, 'BAD_REQUEST']);
        expect(bad.json().messages.join(' ')).toContain('title_id');
      }
      expect((await get(`${path}?title_id=999999`, m.cookie)).statusCode).toBe(404);
      expect((await get(`${path}?title_id=${r18Title}`, m.cookie)).statusCode).toBe(404);
    }
  });

  it('follow what the member owns, pre-ordered, read to the end and wished', async () => {
    const m = await member(t.app);
    const db = t.database.db;
    const max = async () =>
      (await get(`/api/user_titles/get_max_book_finish_read?title_id=${titleId}`, m.cookie)).json<MaxBookFinishRead>();
    expect(await max()).toEqual({ titleId, bookId: null, vol: null });

    await grantOwnership(db, m.userId, vols[0]!);
    await grantOwnership(db, m.userId, vols[1]!);
    await grantOwnership(db, m.userId, coming);
    for (const book of [vols[1]!, vols[0]!]) {
      const end = await post('/api/finish_read/register', { book_id: book, reading_page: 19 }, m.cookie);
      expect(end.statusCode, end.body).toBe(200);
    }
    expect(await max()).toEqual({ titleId, bookId: vols[1], vol: 2 });

    const reservable = (await get(`/api/user_titles/get_reservable_books?title_id=${titleId}`, m.cookie)).json<ReservableBooks>();
    expect(reservable).toEqual({
      titleId,
      books: [
        { bookId: coming, vol: 4, name: 'テスト 4', price: 700, startDatetime: NOW + 7 * DAY, reserved: true },
        { bookId: later, vol: 5, name: 'テスト 5', price: 700, startDatetime: NOW + 30 * DAY, reserved: false },
      ],
    });

    const token = await tokenFor(t.app, m.cookie, '/api/wish_title/add/create_token');
    expect((await post('/api/wish_title/add', { token, title_id: titleId }, m.cookie)).statusCode).toBe(200);
    const mine = (await get(`/api/user_titles/me/by_title?title_id=${titleId}`, m.cookie)).json<UserTitle>();
    expect(mine).toEqual({
      titleId,
      wished: true,
      boughtBookIds: [vols[0], vols[1]],
      reservedBookIds: [coming],
      salableCount: 5,
      maxFinishReadBookId: vols[1],
    });
    const other = (await get(`/api/user_titles/me/by_title?title_id=${titleId}`, (await member(t.app)).cookie)).json<UserTitle>();
    expect(other).toMatchObject({ wished: false, boughtBookIds: [], reservedBookIds: [], maxFinishReadBookId: null });
  });
});
