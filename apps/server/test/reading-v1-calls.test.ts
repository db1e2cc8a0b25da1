import type { SokuyomiImage, ViewerInfo } from '@hondana/domain/reading/reading-api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, buildTestApp } from './support/build-test-app';
import { adultViewers, insertBook, insertTitle } from './support/catalog-factories';
import { signUp } from './support/members';
import { grantOwnership, userIdOf } from './support/reading-factories';

/** §7 Books: `/browser/bookinfo/v1.1` (the viewer info by cid) and `/browser/sokuyomi_image`. */
let t: TestApp;
let owner: string;
let stranger: string;
let bookId: number;
let adultBook: number;
let noPages: number;

beforeAll(async () => {
  t = await buildTestApp();
  const db = t.database.db;
  bookId = await insertBook(db, await insertTitle(db), 1, { page_count: 4, sample_page_total: 1 });
  noPages = await insertBook(db, await insertTitle(db), 1, { page_count: 0 });
  adultBook = await insertBook(db, await insertTitle(db, { erotic_type: 4 }), 1, { page_count: 2, sample_page_total: 1 });
  for (const id of [bookId, adultBook]) {
    const count = id === bookId ? 4 : 2;
    await db
      .insertInto('book_pages')
      .values(Array.from({ length: count }, (_, page) => ({ book_id: id, page_no: page, width: 1080, height: 1536, wide_flg: 0 })))
      .execute();
  }
  owner = await signUp(t.app);
  stranger = await signUp(t.app);
  await grantOwnership(db, await userIdOf(t.app, owner), bookId);
});
afterAll(() => t.close());

const get = (url: string, cookie?: string) => t.app.inject({ url, headers: cookie ? { cookie } : {} });
const v11 = (id: number, extra = '') => `/api/browser/bookinfo/v1.1?cid=${id}&booktype=0&free=0&bought=0${extra}`;

describe('GET /browser/bookinfo/v1.1', () => {
  it('answers the same viewer info as v2: sample pages for a guest, every page for the owner', async () => {
    const guest = await get(v11(bookId, '&blogGenreId=1&did=abc&lastUrl=%2Fbooks%2F1&source_module=top'));
    expect(guest.statusCode, guest.body).toBe(200);
    expect(guest.headers['cache-control']).toBe('private, no-store');
    const g = guest.json<ViewerInfo>();
    expect(g.book_data).toMatchObject({ id: bookId, bought: false, possessionStatus: 'NONE' });
    expect(g.pages_data.pages.map((p) => p.accessible)).toEqual([true, false, false, false]);
    const v2 = (await get(`/api/browser/bookinfo/v2?bookId=${bookId}`)).json<ViewerInfo>();
    expect({ ...g.book_data }).toEqual({ ...v2.book_data });

    // The client's free/bought claims give nothing: access is the server's own finding.
    const claimed = (await get(`/api/browser/bookinfo/v1.1?cid=${bookId}&booktype=0&free=1&bought=1`, stranger)).json<ViewerInfo>();
    expect(claimed.book_data.bought).toBe(false);
    expect(claimed.pages_data.pages.filter((p) => p.accessible)).toHaveLength(1);

    const mine = (await get(v11(bookId), owner)).json<ViewerInfo>();
    expect(mine.book_data).toMatchObject({ bought: true, possessionStatus: 'OWNED' });
    expect(mine.pages_data.pages.every((p) => p.accessible && p.images.length > 0)).toBe(true);
  });

  it('needs cid, booktype, free and bought (400 naming each); unknown book 404; R18 403 ADULT_CHECK_REQUIRED without the check', async () => {
    const all = { cid: String(bookId), booktype: '0', free: '0', bought: '0' };
    for (const field of Object.keys(all)) {
      const query = new URLSearchParams(Object.entries(all).filter(([k]) => k !== field)).toString();
      const response = await get(`/api/browser/bookinfo/v1.1?${query}`);
      expect(response.statusCode, field).toBe(400);
      expect(response.json().errorCode).toBe('BAD_REQUEST');
      expect(response.json().messages.join(' ')).toContain(field);
    }
    expect((await get(`/api/browser/bookinfo/v1.1?cid=${bookId}&booktype=0&free=2&bought=0`)).json().messages.join(' ')).toContain('free');
    expect((await get(v11(999999))).statusCode).toBe(404);
    const viewers = await adultViewers(t.app);
    expect((await get(v11(adultBook))).statusCode).toBe(404);
    const unchecked = await get(v11(adultBook, '&ac=1'), viewers.unconfirmed);
    expect([unchecked.statusCode, unchecked.json().errorCode]).toEqual([403, 'ADULT_CHECK_REQUIRED']);
    expect((await get(v11(adultBook, '&ac=1'), viewers.adult)).statusCode).toBe(200);
  });
});

describe('GET /browser/sokuyomi_image', () => {
  it('gives the first page signed for the requester', async () => {
    const response = await get(`/api/browser/sokuyomi_image?book_id=${bookId}`);
    expect(response.statusCode, response.body).toBe(200);
    const image = response.json<SokuyomiImage>();
    expect(image).toMatchObject({ bookId, totalPage: 4, page: { page: 0, accessible: true, sample: true } });
    expect(image.page.images.length).toBeGreaterThan(0);
    expect(image.urlExpiresAt).toBeGreaterThan(Date.now());
    const served = await get(image.page.images[0]!.webp);
    expect(served.statusCode).not.toBe(403);
  });

  it('needs book_id; unknown book or one without pages is 404; R18 needs the adult check', async () => {
    const missing = await get('/api/browser/sokuyomi_image');
    expect([missing.statusCode, missing.json().errorCode]).toEqual([400, 'BAD_REQUEST']);
    expect(missing.json().messages.join(' ')).toContain('book_id');
    expect((await get('/api/browser/sokuyomi_image?book_id=999999')).statusCode).toBe(404);
    expect((await get(`/api/browser/sokuyomi_image?book_id=${noPages}`)).statusCode).toBe(404);
    const viewers = await adultViewers(t.app);
    const unchecked = await get(`/api/browser/sokuyomi_image?book_id=${adultBook}&ac=1`, viewers.unconfirmed);
    expect([unchecked.statusCode, unchecked.json().errorCode]).toEqual([403, 'ADULT_CHECK_REQUIRED']);
  });
});
