import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, buildTestApp } from './support/build-test-app';
import { insertBook, insertTitle } from './support/catalog-factories';
import { memberClient } from './support/review-helpers';
import { member, tokenFor } from './support/wallet-factories';

/**
 * Issue 43: the reviews, bookshelf, serials, notices and reading routes declare their input in
 * their own schema (`schema: { params, querystring, body }`). A bad path id, query parameter or
 * body field of each is a 400 BAD_REQUEST naming the field; a guest is answered 401 before its
 * input is judged; the form calls whose older clients put a field in the query (`config.queryOrBody`)
 * take it from either. Runs on SQLite and PostgreSQL (TEST_DIALECT).
 */
let t: TestApp;
let cookie: string;
beforeAll(async () => {
  t = await buildTestApp();
  cookie = (await member(t.app)).cookie;
});
afterAll(() => t?.close());

type Answer = { statusCode: number; json(): { errorCode: string; messages: string[] } };
const expectField = (response: Answer, field: string, label: string) => {
  expect(response.statusCode, `${label}: ${JSON.stringify(response.json())}`).toBe(400);
  expect(response.json().errorCode, label).toBe('BAD_REQUEST');
  expect(response.json().messages.join(' '), label).toMatch(new RegExp(`(^| )${field.replace('.', '\\.')}: `));
};
const call = (method: string, url: string, payload?: object, who = cookie) =>
  t.app.inject({ method: method as 'GET', url, headers: who ? { cookie: who } : {}, ...(payload ? { payload } : {}) });

describe('a bad path id names the field', () => {
  it.each([
    ['GET', '/api/serials/abc', 'serial_id'],
    ['GET', '/api/serials/0/read_ranks', 'serial_id'],
    ['GET', '/api/serials/by_title/abc', 'title_id'],
    ['GET', '/api/serial_osusumes/2147483648', 'osusume_id'],
    ['GET', '/api/serial_episodes/abc', 'serial_episode_id'],
    ['GET', '/api/serial_episodes/abc/suggestions/v2?serial_episode_id=1', 'serial_id'],
    ['GET', '/api/serial_episodes/abc/order_only_free/me', 'serial_id'],
    ['GET', '/api/serial_episode_browsers/x', 'serial_episode_id'],
    ['GET', '/api/user_serials/me/abc', 'serial_id'],
    ['GET', '/api/user_serial_episodes/me/-1', 'serial_episode_id'],
    ['POST', '/api/user_serials/me/abc/notification/token', 'serial_id'],
    ['POST', '/api/user_serials/me/abc/notification?token=x', 'serial_id'],
    ['DELETE', '/api/user_serials/me/abc/notification?token=x', 'serial_id'],
    ['POST', '/api/user_serial_episodes/abc/start_reading/token', 'serial_episode_id'],
    ['POST', '/api/user_serial_episodes/abc/end_reading?token=x', 'id'],
    ['POST', '/api/user_serial_episodes/abc/rental?token=x', 'id'],
  ])('%s %s → %s', async (method, url, field) => {
    expectField(await call(method, url, method === 'GET' ? undefined : { price: 0 }), field, `${method} ${url}`);
  });
});

describe('a bad query parameter names the field', () => {
  it.each([
    ['GET', '/api/reviews/notice?limit=10', 'offset'],
    ['GET', '/api/user/review_list?offset=0&limit=101', 'limit'],
    ['GET', '/api/user/comment_list?offset=0&limit=10&ac=2', 'ac'],
    ['GET', '/api/user_reviews/me/by_review', 'review_id'],
    ['GET', '/api/user_books/me/by_title', 'title_id'],
    ['GET', '/api/user_books/me/continue?limit=21', 'limit'],
    ['GET', '/api/user_titles/get_max_book_finish_read?title_id=x', 'title_id'],
    ['GET', '/api/user_titles/get_reservable_books', 'title_id'],
    ['GET', '/api/user_titles/me/by_title?title_id=1&ac=yes', 'ac'],
    ['GET', '/api/serials?serial_id=1,x', 'serial_id'],
    ['GET', '/api/serials/recents?limit=0', 'limit'],
    ['GET', '/api/serial_read_ranks?offset=-1', 'offset'],
    ['GET', '/api/serials/by_title', 'title_id'],
    ['GET', '/api/serials/by_meta', 'meta_id'],
    ['GET', '/api/serial_osusumes?limit=x', 'limit'],
    ['GET', '/api/serial_osusumes/1?offset=x', 'offset'],
    ['GET', '/api/serial_episodes/1/suggestions/me', 'serial_episode_id'],
    ['GET', '/api/user_serials/me/', 'serial_id'],
    ['GET', '/api/serials/user_histories/me?limit=1000', 'limit'],
    ['GET', '/api/serials/user_continuable_reading/me?offset=x', 'offset'],
    ['GET', '/api/serials/user_continuable_reading/notice?limit=0', 'limit'],
    ['GET', '/api/serials/user_charge_histories/me?limit=x', 'limit'],
    ['DELETE', '/api/serials/user_histories/me?serial_id=1', 'token'],
    ['POST', '/api/user_serial_ad_reward/me/use?token=x', 'serial_id'],
    ['POST', '/api/user_serials/me/1/notification', 'token'],
    ['POST', '/api/user_serial_episodes/1/start_reading', 'token'],
    ['GET', '/api/wish_title/list?offset=0', 'limit'],
    ['DELETE', '/api/wish_title/titles', 'token'],
    ['GET', '/api/newly/get_newly_notice?type=series', 'type'],
    ['GET', '/api/newly/update_newly_notice?status=1', 'book_id'],
    ['GET', '/api/newly/delete_newly_notice?token=x', 'id'],
    ['POST', '/api/book/sync_page?ac=2', 'ac'],
  ])('%s %s → %s', async (method, url, field) => {
    const body = method === 'GET' ? undefined : url.includes('sync_page') ? { book_id: 1, reading_page: 1 } : { titleIds: [1] };
    expectField(await call(method, url, body), field, `${method} ${url}`);
  });
});

describe('a bad body field names the field', () => {
  it.each([
    ['POST', '/api/review/add_comment', { token: 'x', review_id: 1 }, 'body'],
    ['POST', '/api/review/mod_review', { token: 'x', review_id: 1, title_id: 1, star: 6, comment: 'a', nickname: 'b', spoiler: 0 }, 'star'],
    ['POST', '/api/review/add_review_warning', { token: 'x', review_id: 1, warning_code: 'RUDE' }, 'warning_code'],
    ['POST', '/api/user_books/me/unhide', { token: 'x' }, 'book_ids'],
    ['POST', '/api/wish_title/delete', { token: 'x', title_id: 'abc' }, 'title_id'],
    ['POST', '/api/newly/newly_notices/1', { token: 'x', type: 'title' }, 'status'],
    ['POST', '/api/newly/books/display', { newlyMessageIds: [] }, 'newlyMessageIds'],
    [
      'POST',
      '/api/user/notification_settings/v2',
      { linePushEnabled: 'yes', appPushEnabled: true, amebaNotificationEnabled: true },
      'linePushEnabled',
    ],
    ['DELETE', '/api/wish_title/titles?token=x', { deleteWishTitleBody: { titleIds: 'all' } }, 'deleteWishTitleBody.titleIds'],
    ['POST', '/api/user_serial_episodes/1/rental?token=x', { price: 0, payment_type: 5 }, 'payment_type'],
    ['POST', '/api/bookmarks/me', { book_id: 1 }, 'page'],
    ['POST', '/api/finish_read/register', { book_id: 'one' }, 'book_id'],
    ['POST', '/api/reading/past_last_page', {}, 'book_id'],
    ['PUT', '/api/viewer_settings/me', { direction: 'up' }, 'direction'],
  ] as const)('%s %s %j → %s', async (method, url, payload, field) => {
    expectField(await call(method, url, payload), field, `${method} ${url}`);
  });

  it('a beacon whose text is not JSON names the body', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/book/sync_page',
      headers: { cookie, 'content-type': 'text/plain' },
      payload: '{"book_id":',
    });
    expectField(response, 'body', 'text/plain');
  });
});

describe('a guest is answered 401 whatever input it sends', () => {
  it.each([
    ['GET', '/api/reviews/notice'],
    ['GET', '/api/user_reviews/me/by_review'],
    ['GET', '/api/user_books/me/offline'],
    ['GET', '/api/user_titles/me/by_title'],
    ['GET', '/api/user_serials/me/abc'],
    ['GET', '/api/serial_episodes/abc/suggestions/me'],
    ['GET', '/api/wish_title/list'],
    ['GET', '/api/newly/delete_newly_notice'],
    ['POST', '/api/review/del_comment'],
    ['POST', '/api/user_books/me/hide'],
    ['POST', '/api/user_serial_episodes/abc/rental'],
    ['POST', '/api/user_serial_ad_reward/me/use'],
    ['DELETE', '/api/wish_title/titles'],
    ['POST', '/api/newly/books/display'],
    ['POST', '/api/book/sync_page'],
    ['PUT', '/api/viewer_settings/me'],
  ])('%s %s', async (method, url) => {
    const response = await call(method, url, method === 'GET' ? undefined : { book_id: 'x' }, '');
    expect(response.statusCode, `${method} ${url} ${response.body}`).toBe(401);
    expect(response.json()).toEqual({ errorCode: 'UNAUTHORIZED' });
  });
});

describe('form calls take a field from the query or the form (config.queryOrBody)', () => {
  it('a wish add with its token in the query, and title_id in the form winning over the query', async () => {
    const titleId = await insertTitle(t.database.db);
    const client = memberClient(t.app, cookie);
    const token = await tokenFor(t.app, cookie, '/api/wish_title/add/create_token');
    const response = await client.post(`/api/wish_title/add?token=${token}&title_id=abc`, { title_id: titleId });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ status: { code: 0 } });
    const listed = (await client.get('/api/wish_title/list?offset=0&limit=10')).json();
    expect(listed.titles.map((x: { titleId: number }) => x.titleId)).toContain(titleId);
  });

  it('a hide as the store page sends it: the token in the query, book_ids in the form', async () => {
    const bookId = await insertBook(t.database.db, await insertTitle(t.database.db), 1);
    const client = memberClient(t.app, cookie);
    const token = await tokenFor(t.app, cookie, '/api/user_books/me/hide/create_token');
    const response = await client.post(`/api/user_books/me/hide?token=${token}`, { book_ids: String(bookId) });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ status: { code: 0 }, result: { hidden: true } });
    expectField(await client.post('/api/user_books/me/hide?book_ids=1', {}), 'token', 'hide without a token');
  });

  it('a review call with every field in the query names the one missing', async () => {
    expectField(await call('POST', '/api/review/add_like?review_id=1'), 'token', 'add_like');
    expectField(await call('POST', '/api/review/del_review?token=x'), 'review_id', 'del_review');
  });
});
