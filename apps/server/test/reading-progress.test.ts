import { DEFAULT_VIEWER_SETTINGS, type ViewerInfo } from '@hondana/domain/reading/reading-api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, buildTestApp } from './support/build-test-app';
import { insertBook, insertTitle } from './support/catalog-factories';
import { signUp } from './support/members';
import { grantOwnership, userIdOf } from './support/reading-factories';

const NOW = Date.parse('2026-11-22T03:00:00Z');
let t: TestApp;
/** A 20-page book the member owns, one they do not, and one with a custom sample. */
let owned: number;
let notOwned: number;
let customSample: number;
let member: string;

async function bookWithPages(overrides: Parameters<typeof insertBook>[3] = {}): Promise<number> {
  const titleId = await insertTitle(t.database.db);
  const id = await insertBook(t.database.db, titleId, 1, { page_count: 20, ...overrides });
  await t.database.db
    .insertInto('book_pages')
    .values(Array.from({ length: 20 }, (_, page) => ({ book_id: id, page_no: page, width: 1080, height: 1536, wide_flg: 0 as const })))
    .execute();
  return id;
}

beforeAll(async () => {
  t = await buildTestApp({ clock: () => new Date(NOW) });
  owned = await bookWithPages();
  notOwned = await bookWithPages();
  customSample = await bookWithPages({ custom_sample_pages: '[0,5]' });
  member = await signUp(t.app);
  await grantOwnership(t.database.db, await userIdOf(t.app, member), owned);
});
afterAll(async () => {
  await t?.close();
});

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = (method: Method, url: string, cookie?: string, payload?: unknown, contentType?: string) =>
  t.app.inject({
    method,
    url,
    headers: { ...(cookie ? { cookie } : {}), ...(contentType ? { 'content-type': contentType } : {}) },
    ...(payload === undefined ? {} : { payload: payload as string }),
  });
const sync = (cookie: string, body: Record<string, unknown>) => call('POST', '/api/book/sync_page', cookie, body);

describe('member calls without a session', () => {
  it('answer 401 UNAUTHORIZED', async () => {
    const calls: [Method, string, unknown?][] = [
      ['GET', `/api/book/sync_page?book_id=${owned}`],
      ['POST', '/api/book/sync_page', { book_id: owned, reading_page: 1 }],
      ['GET', `/api/bookmarks/me?book_id=${owned}`],
      ['POST', '/api/bookmarks/me', { book_id: owned, page: 1 }],
      ['DELETE', `/api/bookmarks/me?book_id=${owned}&page=1`],
      ['GET', '/api/viewer_settings/me'],
      ['PUT', '/api/viewer_settings/me', { fontSize: 'large' }],
      ['POST', '/api/finish_read/register', { book_id: owned }],
    ];
    for (const [method, url, body] of calls) {
      const response = await call(method, url, undefined, body);
      expect(response.statusCode, `${method} ${url}`).toBe(401);
      expect(response.json()).toEqual({ errorCode: 'UNAUTHORIZED' });
    }
  });
});

describe('page sync (§4)', () => {
  it('stores a position and returns it, and the viewer opens there', async () => {
    const cookie = await signUp(t.app);
    expect((await call('GET', `/api/book/sync_page?book_id=${owned}`, cookie)).json()).toBeNull();
    const response = await sync(cookie, { book_id: owned, reading_page: 7, read_at: NOW - 1000, device_id: 'phone' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'accepted', readingPage: { page: 7, font: null, readAt: NOW - 1000 } });
    expect((await call('GET', `/api/book/sync_page?book_id=${owned}`, cookie)).json()).toMatchObject({ page: 7 });
    const info: ViewerInfo = (await call('GET', `/api/browser/bookinfo/v2?bookId=${owned}`, cookie)).json();
    expect(info.readingPage).toMatchObject({ page: 7 });
    expect(info.book_data.startupPage).toBe(7);
  });

  it('answers 409 to a position older than the stored one, and keeps the stored one', async () => {
    const cookie = await signUp(t.app);
    await sync(cookie, { book_id: owned, reading_page: 9, read_at: NOW - 1000, device_id: 'a' });
    const older = await sync(cookie, { book_id: owned, reading_page: 15, read_at: NOW - 2000, device_id: 'a' });
    expect(older.statusCode).toBe(409);
    expect(older.json().errorCode).toBe('SYNC_PAGE_CONFLICT');
    expect((await call('GET', `/api/book/sync_page?book_id=${owned}`, cookie)).json()).toMatchObject({ page: 9 });
  });

  it('keeps another device’s recent further position, and lets one device go back', async () => {
    const cookie = await signUp(t.app);
    await sync(cookie, { book_id: owned, reading_page: 12, read_at: NOW - 5000, device_id: 'desk' });
    const behind = await sync(cookie, { book_id: owned, reading_page: 3, read_at: NOW - 4000, device_id: 'phone' });
    expect(behind.json()).toEqual({ status: 'behind', readingPage: { page: 12, font: null, readAt: NOW - 5000 } });
    const back = await sync(cookie, { book_id: owned, reading_page: 4, read_at: NOW - 3000, device_id: 'desk' });
    expect(back.json()).toMatchObject({ status: 'accepted', readingPage: { page: 4 } });
  });

  it('accepts what sendBeacon sends: JSON as text/plain, or a form', async () => {
    const cookie = await signUp(t.app);
    const text = JSON.stringify({ book_id: owned, reading_page: 2, read_at: NOW - 500 });
    const plain = await call('POST', '/api/book/sync_page', cookie, text, 'text/plain;charset=UTF-8');
    expect(plain.statusCode).toBe(200);
    expect(plain.json()).toMatchObject({ status: 'accepted', readingPage: { page: 2 } });
    const form = `book_id=${owned}&reading_page=5&read_at=${NOW - 100}`;
    const posted = await call('POST', '/api/book/sync_page', cookie, form, 'application/x-www-form-urlencoded');
    expect(posted.json()).toMatchObject({ status: 'accepted', readingPage: { page: 5 } });
    const formAsText = await call('POST', '/api/book/sync_page', cookie, `book_id=${owned}&reading_page=6`, 'text/plain');
    expect(formAsText.json()).toMatchObject({ status: 'accepted', readingPage: { page: 6, readAt: NOW } });
  });

  it('names the bad field', async () => {
    const cases: [unknown, string][] = [
      [{ reading_page: 1 }, 'book_id'],
      [{ book_id: 'x', reading_page: 1 }, 'book_id'],
      [{ book_id: owned }, 'reading_page'],
      [{ book_id: owned, reading_page: 20 }, 'reading_page'],
      [{ book_id: owned, reading_page: 1, font: 'huge' }, 'font'],
      [{ book_id: owned, reading_page: 1, device_id: 'a b' }, 'device_id'],
    ];
    for (const [body, field] of cases) {
      const response = await sync(member, body as Record<string, unknown>);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json().messages[0]).toMatch(new RegExp(`^${field}: `));
    }
    const bad = await call('POST', '/api/book/sync_page', member, '{"book_id":', 'text/plain');
    expect(bad.statusCode).toBe(400);
    expect((await sync(member, { book_id: 999999, reading_page: 1 })).statusCode).toBe(404);
  });

  it('skips an un-owned custom sample', async () => {
    const response = await sync(member, { book_id: customSample, reading_page: 5 });
    expect(response.json()).toEqual({ status: 'skipped', readingPage: null });
    expect((await call('GET', `/api/book/sync_page?book_id=${customSample}`, member)).json()).toBeNull();
  });
});

describe('bookmarks', () => {
  it('adds (once), lists, removes, and shows them in the viewer state', async () => {
    const cookie = await signUp(t.app);
    const add = (page: number) => call('POST', '/api/bookmarks/me', cookie, { book_id: owned, page });
    expect((await add(8)).statusCode).toBe(200);
    await add(3);
    const twice = await add(8);
    expect(twice.json()).toEqual({
      bookId: owned,
      bookmarks: [
        { page: 3, createdAt: NOW },
        { page: 8, createdAt: NOW },
      ],
    });
    const info: ViewerInfo = (await call('GET', `/api/browser/bookinfo/v2?bookId=${owned}`, cookie)).json();
    expect(info.book_data.bookmarks).toEqual([3, 8]);
    const removed = await call('DELETE', `/api/bookmarks/me?book_id=${owned}&page=3`, cookie);
    expect(removed.json().bookmarks.map((b: { page: number }) => b.page)).toEqual([8]);
    expect((await call('DELETE', `/api/bookmarks/me?book_id=${owned}&page=3`, cookie)).statusCode).toBe(200);
    expect((await call('GET', `/api/bookmarks/me?book_id=${owned}`, cookie)).json().bookmarks).toHaveLength(1);
    // Per member: another member sees none.
    expect((await call('GET', `/api/bookmarks/me?book_id=${owned}`, member)).json().bookmarks).toEqual([]);
  });

  it('names the bad field', async () => {
    const outside = await call('POST', '/api/bookmarks/me', member, { book_id: owned, page: 20 });
    expect(outside.statusCode).toBe(400);
    expect(outside.json().messages[0]).toMatch(/^page: /);
    const missing = await call('GET', '/api/bookmarks/me', member);
    expect(missing.json().messages[0]).toMatch(/^book_id: /);
  });
});

describe('viewer settings (§3)', () => {
  it('starts from the defaults and keeps what the member changes', async () => {
    const cookie = await signUp(t.app);
    expect((await call('GET', '/api/viewer_settings/me', cookie)).json()).toEqual(DEFAULT_VIEWER_SETTINGS);
    const put = await call('PUT', '/api/viewer_settings/me', cookie, { fontSize: 'large', spreadShift: true });
    expect(put.json()).toEqual({ ...DEFAULT_VIEWER_SETTINGS, fontSize: 'large', spreadShift: true });
    await call('PUT', '/api/viewer_settings/me', cookie, { direction: 'vertical' });
    expect((await call('GET', '/api/viewer_settings/me', cookie)).json()).toEqual({
      ...DEFAULT_VIEWER_SETTINGS,
      fontSize: 'large',
      spreadShift: true,
      direction: 'vertical',
    });
  });

  it('refuses a bad value or an unknown setting, naming it', async () => {
    const bad = await call('PUT', '/api/viewer_settings/me', member, { fontSize: 'huge' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().messages[0]).toMatch(/^fontSize: /);
    const unknown = await call('PUT', '/api/viewer_settings/me', member, { zoom: 2 });
    expect(unknown.statusCode).toBe(400);
  });
});

describe('POST /api/finish_read/register', () => {
  it('registers the first read-end of an owned book once, and the viewer knows it', async () => {
    const first = await call(
      'POST',
      '/api/finish_read/register',
      member,
      `book_id=${owned}&reading_page=17`,
      'application/x-www-form-urlencoded',
    );
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ bookId: owned, firstTime: true, reachedLastPage: true });
    const again = await call('POST', '/api/finish_read/register', member, { book_id: owned });
    expect(again.json()).toEqual({ bookId: owned, firstTime: false, reachedLastPage: true });
    const reads = await t.database.db
      .selectFrom('catalog_events')
      .select('id')
      .where('kind', '=', 'read')
      .where('book_id', '=', owned)
      .execute();
    expect(reads).toHaveLength(1);
    const info: ViewerInfo = (await call('GET', `/api/browser/bookinfo/v2?bookId=${owned}`, member)).json();
    expect(info.book_data.reachedLastPage).toBe(true);
  });

  it('refuses a book the member does not own, and a page before 90%', async () => {
    const forbidden = await call('POST', '/api/finish_read/register', member, { book_id: notOwned });
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json().errorCode).toBe('FORBIDDEN');
    const early = await call('POST', '/api/finish_read/register', member, { book_id: owned, reading_page: 16 });
    expect(early.statusCode).toBe(400);
    expect(early.json().messages[0]).toMatch(/^reading_page: /);
    const missing = await call('POST', '/api/finish_read/register', member, {});
    expect(missing.json().messages[0]).toMatch(/^book_id: /);
  });
});

describe('member facts in the viewer state', () => {
  it('shows my list, the member’s review and the title’s rating', async () => {
    const cookie = await signUp(t.app);
    const userId = await userIdOf(t.app, cookie);
    const { title_id: titleId } = await t.database.db
      .selectFrom('books')
      .select('title_id')
      .where('id', '=', notOwned)
      .executeTakeFirstOrThrow();
    const state = async (c?: string) =>
      ((await call('GET', `/api/browser/bookinfo/v2?bookId=${notOwned}`, c)).json() as ViewerInfo).book_data;
    expect(await state(cookie)).toMatchObject({ inMyList: false, reviewed: false, rating: 0 });
    await t.database.db.insertInto('wish_titles').values({ user_id: userId, title_id: titleId, created_at: NOW }).execute();
    await t.database.db
      .insertInto('reviews')
      .values({
        title_id: titleId,
        book_id: notOwned,
        user_id: userId,
        star: 4,
        title: 'よかった',
        body: '続きが楽しみ',
        nickname: '読者',
        ameba_flg: 0,
        spoiler_flg: 0,
        comment_reject_flg: 0,
        created_at: NOW,
        updated_at: NOW,
        deleted_at: null,
      })
      .execute();
    expect(await state(cookie)).toMatchObject({ inMyList: true, reviewed: true, rating: 4 });
    expect(await state()).toMatchObject({ inMyList: false, reviewed: false, rating: 4 });
  });
});

describe('moving past the last page (§4 reading progress)', () => {
  const past = (cookie: string | undefined, bookId: number) => call('POST', '/api/reading/past_last_page', cookie, { book_id: bookId });
  const setting = async (cookie: string, titleId: number) =>
    (await call('GET', `/api/newly/newly_notices/${titleId}`, cookie)).json() as { titleStatus: number };

  it('turns the newly notice on for the latest volume held, once, and keeps a choice already made', async () => {
    const db = t.database.db;
    const cookie = await signUp(t.app);
    const userId = await userIdOf(t.app, cookie);
    const titleId = await insertTitle(db);
    const vol1 = await insertBook(db, titleId, 1);
    const vol2 = await insertBook(db, titleId, 2);
    await grantOwnership(db, userId, vol1);
    await grantOwnership(db, userId, vol2);

    // Not the latest volume: nothing.
    expect((await past(cookie, vol1)).json()).toMatchObject({ latestVolume: false, enabled: false });
    expect((await setting(cookie, titleId)).titleStatus).toBe(0);
    // The latest volume held: on, and a second pass changes nothing.
    expect((await past(cookie, vol2)).json()).toMatchObject({ latestVolume: true, owned: true, enabled: true });
    expect((await setting(cookie, titleId)).titleStatus).toBe(1);
    expect((await past(cookie, vol2)).json()).toMatchObject({ enabled: false });
  });

  it('leaves a notice the member switched off, and does nothing for a volume not held', async () => {
    const db = t.database.db;
    const cookie = await signUp(t.app);
    const userId = await userIdOf(t.app, cookie);
    const titleId = await insertTitle(db);
    const held = await insertBook(db, titleId, 1);
    await grantOwnership(db, userId, held);
    await db
      .insertInto('newly_notice_settings')
      .values({
        user_id: userId,
        title_id: titleId,
        title_status: 0,
        author_status: 0,
        title_since: null,
        author_since: null,
        updated_at: NOW,
      })
      .execute();
    expect((await past(cookie, held)).json()).toMatchObject({ enabled: false });
    expect((await setting(cookie, titleId)).titleStatus).toBe(0);

    const other = await insertBook(db, await insertTitle(db), 1);
    expect((await past(cookie, other)).json()).toMatchObject({ owned: false, enabled: false });
  });

  it('concurrent passes make one setting row; guests 401; bad input names the field', async () => {
    const db = t.database.db;
    const cookie = await signUp(t.app);
    const userId = await userIdOf(t.app, cookie);
    const titleId = await insertTitle(db);
    const book = await insertBook(db, titleId, 1);
    await grantOwnership(db, userId, book);
    const answers = await Promise.all([1, 2, 3].map(() => past(cookie, book)));
    expect(answers.filter((a) => a.json().enabled).length).toBe(1);
    expect(await db.selectFrom('newly_notice_settings').select('title_id').where('user_id', '=', userId).execute()).toHaveLength(1);
    expect((await past(undefined, book)).statusCode).toBe(401);
    const bad = await call('POST', '/api/reading/past_last_page', cookie, { book_id: 'x' });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('book_id');
  });
});
