import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, buildTestApp } from './support/build-test-app';
import { insertBook, insertTitle } from './support/catalog-factories';
import { signUp } from './support/members';
import { memberClient } from './support/review-helpers';

const HOUR = 3_600_000;
const START = Date.UTC(2026, 10, 22, 3);
let now = START;
let t: TestApp;
let alice: ReturnType<typeof memberClient>;
let aliceCookie: string;
let bob: ReturnType<typeof memberClient>;
let guest: ReturnType<typeof memberClient>;
let titleId = 0;
let otherTitleId = 0;
let authorId = 0;

beforeAll(async () => {
  t = await buildTestApp({ clock: () => new Date(now) });
  const { db } = t.database;
  titleId = await insertTitle(db);
  otherTitleId = await insertTitle(db);
  await insertBook(db, titleId, 1);
  await insertBook(db, otherTitleId, 1);
  authorId = (
    await db.insertInto('authors').values({ name: '作者', kana: 'サクシャ', created_at: 0 }).returning('id').executeTakeFirstOrThrow()
  ).id;
  await db
    .insertInto('title_authors')
    .values([titleId, otherTitleId].map((id) => ({ title_id: id, author_id: authorId, role: 'author', sort_order: 0 })))
    .execute();
  aliceCookie = await signUp(t.app);
  alice = memberClient(t.app, aliceCookie);
  bob = memberClient(t.app, await signUp(t.app));
  guest = memberClient(t.app);
});
afterAll(async () => {
  await t?.close();
});

const expectField = (response: { statusCode: number; json(): { errorCode: string; messages: string[] } }, field: string) => {
  expect(response.statusCode).toBe(400);
  expect(response.json().errorCode).toBe('BAD_REQUEST');
  expect(response.json().messages.join(' ')).toContain(`${field}:`);
};

const follow = async (client: ReturnType<typeof memberClient>, type: string, status: number, id = titleId) =>
  client.post(`/api/newly/newly_notices/${id}`, { token: await client.token('/api/newly/newly_notices/create_token'), status, type });

describe('my list (§7 "Wish list")', () => {
  const wish = async (client: ReturnType<typeof memberClient>, action: 'add' | 'delete', id = titleId) =>
    client.post(`/api/wish_title/${action}`, { token: await client.token(`/api/wish_title/${action}/create_token`), title_id: id });

  it('answers 401 without a session', async () => {
    for (const path of [
      '/api/wish_title/add/create_token',
      '/api/wish_title/delete/create_token',
      '/api/wish_title/list?offset=0&limit=10',
    ]) {
      expect((await guest.get(path)).statusCode, path).toBe(401);
    }
    expect((await guest.post('/api/wish_title/add', { token: 'x', title_id: titleId })).statusCode).toBe(401);
    expect((await guest.json('DELETE', '/api/wish_title/titles?token=x', { titleIds: [titleId] })).statusCode).toBe(401);
  });

  it('names title_id and token when missing (§5)', async () => {
    expectField(await alice.post('/api/wish_title/add', { token: await alice.token('/api/wish_title/add/create_token') }), 'title_id');
    expectField(await alice.post('/api/wish_title/add', { title_id: titleId }), 'token');
    expectField(await alice.get('/api/wish_title/list?limit=10'), 'offset');
    expectField(await alice.get('/api/wish_title/list?offset=0'), 'limit');
  });

  it('adds once, counts real wishes on the title, and a replayed token changes nothing', async () => {
    const token = await alice.token('/api/wish_title/add/create_token');
    const first = await alice.post('/api/wish_title/add', { token, title_id: titleId, is_silent: 1 });
    expect(first.json()).toMatchObject({ status: { code: 0 }, result: { titleId, wished: true, wishCount: 1, silent: true } });
    const replay = await alice.post('/api/wish_title/add', { token, title_id: titleId, is_silent: 1 });
    expect(replay.json()).toEqual(first.json());
    expect((await wish(bob, 'add')).json().result.wishCount).toBe(2);
    expect((await wish(bob, 'add')).json().result.wishCount).toBe(2);
    expect((await guest.get(`/api/titles/${titleId}`)).json().wishCount).toBe(2);
    expect((await wish(bob, 'delete')).json().result).toMatchObject({ wished: false, wishCount: 1 });
    expect((await guest.get(`/api/titles/${titleId}`)).json().wishCount).toBe(1);
    expect((await wish(alice, 'add', 999_999)).statusCode).toBe(404);
    // an R18 title is not there for a member who has not confirmed their age (§6)
    const r18 = await insertTitle(t.database.db, { erotic_type: 4 });
    expect((await wish(alice, 'add', r18)).statusCode).toBe(404);
    expect((await follow(alice, 'title', 1, r18)).statusCode).toBe(404);
  });

  it('lists my titles with their newest volume, and bulk-deletes with a token', async () => {
    await wish(alice, 'add', otherTitleId);
    const list = (await alice.get('/api/wish_title/list?offset=0&limit=10')).json();
    expect(list.totalCount).toBe(2);
    expect(list.titles[0]).toMatchObject({ titleId: otherTitleId, newestBook: { vol: 1 } });
    expect((await bob.get('/api/wish_title/list?offset=0&limit=10')).json().totalCount).toBe(0);
    const token = await alice.token('/api/wish_title/delete/create_token');
    expectField(await alice.json('DELETE', `/api/wish_title/titles?token=${token}`, {}), 'deleteWishTitleBody');
    const deleted = await alice.json('DELETE', `/api/wish_title/titles?token=${token}`, { titleIds: [titleId, otherTitleId] });
    expect(deleted.json().result.deletedCount).toBe(2);
    const replay = await alice.json('DELETE', `/api/wish_title/titles?token=${token}`, { titleIds: [titleId, otherTitleId] });
    expect(replay.json().result.deletedCount).toBe(2);
    expect((await alice.get('/api/wish_title/list?offset=0&limit=10')).json().totalCount).toBe(0);
  });
});

describe('new-release notices (§7 "Mission and newly")', () => {
  it('answers 401 without a session', async () => {
    for (const path of [
      `/api/newly/newly_notices/${titleId}`,
      '/api/newly/get_newly_message',
      '/api/newly/books',
      '/api/user/get_notice_count',
      '/api/user/notification_settings/v2',
      '/api/newly/newly_notices/create_token',
    ]) {
      expect((await guest.get(path)).statusCode, path).toBe(401);
    }
    expect((await guest.post(`/api/newly/newly_notices/${titleId}`, { token: 'x', status: 1, type: 'title' })).statusCode).toBe(401);
    for (const path of [
      '/api/newly/get_newly_notice',
      '/api/newly/delete_newly_notice?id=1&token=x',
      '/api/newly/update_newly_notice?book_id=1&status=1',
      '/api/newly/delete_newly_notice/create_token',
    ]) {
      expect((await guest.get(path)).statusCode, path).toBe(401);
    }
    expect((await guest.json('POST', '/api/newly/books/display', { newlyMessageIds: [1] })).statusCode).toBe(401);
    expect((await guest.json('POST', '/api/user/notification_settings/v2', { linePushEnabled: true })).statusCode).toBe(401);
  });

  it('stores title and author follows', async () => {
    expect((await alice.get(`/api/newly/newly_notices/${titleId}`)).json()).toEqual({ titleStatus: 0, authorStatus: 0 });
    expectField(
      await alice.post(`/api/newly/newly_notices/${titleId}`, {
        token: await alice.token('/api/newly/newly_notices/create_token'),
        status: 1,
      }),
      'type',
    );
    expectField(await alice.post(`/api/newly/newly_notices/${titleId}`, { status: 1, type: 'title' }), 'token');
    expect((await follow(alice, 'title', 1)).json()).toEqual({ titleStatus: 1, authorStatus: 0 });
    expect((await follow(bob, 'author', 1, otherTitleId)).json()).toEqual({ titleStatus: 0, authorStatus: 1 });
    expect((await alice.get(`/api/newly/newly_notices/${titleId}`)).json()).toEqual({ titleStatus: 1, authorStatus: 0 });
    expect((await follow(alice, 'title', 1, 999_999)).statusCode).toBe(404);
    const follows = (await alice.get('/api/newly/get_newly_notice')).json();
    expect(follows).toMatchObject({ totalCount: 1, newlyNotices: [{ titleId, titleStatus: 1, authorStatus: 0 }] });
    expect((await bob.get('/api/newly/get_newly_notice?type=title')).json().totalCount).toBe(0);
    const token = await alice.token('/api/newly/newly_notices/create_token');
    const off = await alice.post(`/api/newly/newly_notices/${titleId}`, { token, status: 0, type: 'author' });
    expect((await alice.post(`/api/newly/newly_notices/${titleId}`, { token, status: 0, type: 'author' })).json()).toEqual(off.json());
    const reused = await alice.post(`/api/newly/newly_notices/${titleId}`, { token, status: 1, type: 'author' });
    expect(reused.json().errorCode).toBe('TOKEN_REUSED_WITH_DIFFERENT_REQUEST');
  });

  it("gives followers a newly message once the new volume's release instant passes, once", async () => {
    const { db } = t.database;
    const vol2 = await insertBook(db, titleId, 2, { start_datetime: now + HOUR });
    expect((await alice.get('/api/user/get_notice_count')).json().newlyCount).toBe(0);
    now += HOUR;
    const count = (await alice.get('/api/user/get_notice_count')).json();
    expect(count).toMatchObject({ newlyCount: 1, total: count.reviewNoticeCount + 1 });
    const messages = (await alice.get('/api/newly/get_newly_message')).json();
    expect(messages).toMatchObject({
      totalCount: 1,
      unreadCount: 1,
      newlyMessages: [{ bookId: vol2, titleId, vol: 2, reason: 'TITLE', displayed: false }],
    });
    // bob follows the author through another title: he hears of this volume too
    const bobs = (await bob.get('/api/newly/books')).json();
    expect(bobs.newlyMessages).toMatchObject([{ bookId: vol2, reason: 'AUTHOR' }]);
    // reading again materialises nothing new
    expect((await alice.get('/api/newly/books')).json().totalCount).toBe(1);
    const id = messages.newlyMessages[0].id;
    expect((await alice.json('POST', '/api/newly/books/display', { newlyMessageIds: [id] })).json().updatedCount).toBe(1);
    expect((await alice.get('/api/user/get_notice_count')).json().newlyCount).toBe(0);
    expect((await bob.json('POST', '/api/newly/books/display', { newlyMessageIds: [id] })).json().updatedCount).toBe(0);
    expectField(await alice.json('POST', '/api/newly/books/display', {}), 'newlyMessageIds');

    const foreign = await bob.get(
      `/api/newly/delete_newly_notice?id=${id}&token=${await bob.token('/api/newly/delete_newly_notice/create_token')}`,
    );
    expect(foreign.statusCode).toBe(403);
    const token = await alice.token('/api/newly/delete_newly_notice/create_token');
    expect((await alice.get(`/api/newly/delete_newly_notice?id=${id}&token=${token}`)).json()).toMatchObject({ result: 'OK' });
    expect((await alice.get(`/api/newly/delete_newly_notice?id=${id}&token=${token}`)).json()).toMatchObject({ result: 'OK' });
    expectField(await alice.get(`/api/newly/delete_newly_notice?id=${id}`), 'token');
    expect((await alice.get('/api/newly/books')).json().totalCount).toBe(0);
  });

  it('stops after unfollowing, and volumes from before the follow are not news', async () => {
    const { db } = t.database;
    await follow(alice, 'title', 0);
    await insertBook(db, titleId, 3, { start_datetime: now + HOUR });
    now += 2 * HOUR;
    expect((await alice.get('/api/newly/books')).json().totalCount).toBe(0);
    await follow(alice, 'title', 1);
    expect((await alice.get('/api/newly/books')).json().totalCount).toBe(0);
  });

  it("the viewer's update_newly_notice follows the title of a book", async () => {
    const book = await t.database.db.selectFrom('books').select('id').where('title_id', '=', otherTitleId).executeTakeFirstOrThrow();
    expect((await alice.get(`/api/newly/update_newly_notice?book_id=${book.id}&status=1`)).json()).toMatchObject({
      titleId: otherTitleId,
      titleStatus: 1,
    });
    expectField(await alice.get('/api/newly/update_newly_notice?status=1'), 'book_id');
  });

  it('update_newly_notice is refused when another site sends it, and the setting stays', async () => {
    const book = await t.database.db.selectFrom('books').select('id').where('title_id', '=', otherTitleId).executeTakeFirstOrThrow();
    const url = `/api/newly/update_newly_notice?book_id=${book.id}&status=0`;
    const send = (headers: Record<string, string>) => t.app.inject({ url, headers: { cookie: aliceCookie, ...headers } });
    const foreign: Record<string, string>[] = [
      { 'sec-fetch-site': 'cross-site' },
      { 'sec-fetch-site': 'same-site' },
      { origin: 'https://evil.example' },
      { referer: 'https://evil.example/page' },
    ];
    for (const headers of foreign) {
      const response = await send(headers);
      expect(response.statusCode, JSON.stringify(headers)).toBe(403);
      expect(response.json().errorCode).toBe('FORBIDDEN');
    }
    const status = async () => (await alice.get(`/api/newly/newly_notices/${otherTitleId}`)).json().titleStatus;
    expect(await status()).toBe(1);
    const own = await send({ 'sec-fetch-site': 'same-origin', referer: 'http://localhost:80/viewer' });
    expect(own.statusCode).toBe(200);
    expect(await status()).toBe(0);
    expect((await send({ referer: 'http://localhost:80/viewer' })).statusCode).toBe(200);
  });

  it('keeps notification settings per member', async () => {
    expect((await alice.get('/api/user/notification_settings/v2')).json()).toEqual({
      linePushEnabled: false,
      appPushEnabled: true,
      amebaNotificationEnabled: true,
      mailNotificationEnabled: true,
    });
    const saved = await alice.json('POST', '/api/user/notification_settings/v2', {
      linePushEnabled: true,
      appPushEnabled: false,
      amebaNotificationEnabled: true,
    });
    // A client that does not send the mail switch leaves it as it was.
    expect(saved.json()).toEqual({
      linePushEnabled: true,
      appPushEnabled: false,
      amebaNotificationEnabled: true,
      mailNotificationEnabled: true,
    });
    expect((await alice.get('/api/user/notification_settings/v2')).json().linePushEnabled).toBe(true);
    expect((await bob.get('/api/user/notification_settings/v2')).json().linePushEnabled).toBe(false);
    expectField(await alice.json('POST', '/api/user/notification_settings/v2', { linePushEnabled: true }), 'appPushEnabled');
  });
});
