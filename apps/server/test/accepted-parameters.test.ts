import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, buildTestApp } from './support/build-test-app';
import { adultViewers, insertBook, insertTitle } from './support/catalog-factories';
import { grantOwnership, userIdOf } from './support/reading-factories';
import { insertSerial } from './support/serial-factories';

/**
 * Issue 40 "Parameters accepted and ignored": each §7 parameter below changes the answer as §7
 * says (every test would fail if the route ignored it). Runs on SQLite and PostgreSQL
 * (TEST_DIALECT).
 */

const DAY = 86_400_000;
const START = Date.UTC(2026, 10, 22, 3);
let t: TestApp;
let adult: string;
let adultId: number;

beforeAll(async () => {
  t = await buildTestApp({ clock: () => new Date(START) });
  ({ adult } = await adultViewers(t.app));
  adultId = await userIdOf(t.app, adult);
});
afterAll(async () => {
  await t?.close();
});

const get = (url: string, cookie = adult) => t.app.inject({ method: 'GET', url, headers: { cookie } });
const expect400 = (r: { statusCode: number; json(): { errorCode: string; messages: string[] } }, field: string) => {
  expect(r.statusCode).toBe(400);
  expect(r.json().errorCode).toBe('BAD_REQUEST');
  expect(r.json().messages.join(' ')).toContain(`${field}:`);
};

describe('ac (§6: R18 only with ac=1 for a verified adult)', () => {
  let normalTitle = 0;
  let r18Title = 0;
  beforeAll(async () => {
    const { db } = t.database;
    normalTitle = await insertTitle(db);
    r18Title = await insertTitle(db, { erotic_type: 4 });
    const normalBook = await insertBook(db, normalTitle, 1);
    const r18Book = await insertBook(db, r18Title, 1);
    await db
      .insertInto('wish_titles')
      .values([
        { user_id: adultId, title_id: normalTitle, created_at: START - 2 },
        { user_id: adultId, title_id: r18Title, created_at: START - 1 },
      ])
      .execute();
    await db
      .insertInto('newly_messages')
      .values([
        {
          user_id: adultId,
          book_id: normalBook,
          title_id: normalTitle,
          reason: 'TITLE',
          released_at: START - 3 * DAY,
          displayed_flg: 0,
          deleted_at: null,
        },
        {
          user_id: adultId,
          book_id: r18Book,
          title_id: r18Title,
          reason: 'TITLE',
          released_at: START - DAY,
          displayed_flg: 0,
          deleted_at: null,
        },
      ])
      .execute();
    const review = (title_id: number) => ({
      title_id,
      book_id: null,
      user_id: adultId,
      star: 4,
      title: 'よかった',
      body: '面白い',
      nickname: 'おとな',
      ameba_flg: 0 as const,
      spoiler_flg: 0 as const,
      comment_reject_flg: 0 as const,
      created_at: START,
      updated_at: START,
      deleted_at: null,
    });
    const [normalReview, r18Review] = await db
      .insertInto('reviews')
      .values([review(normalTitle), review(r18Title)])
      .returning('id')
      .execute();
    // Another member likes and comments on both reviews; the adult comments on both too.
    const other = await userIdOf(t.app, (await adultViewers(t.app)).unconfirmed);
    for (const r of [normalReview!.id, r18Review!.id]) {
      await db
        .insertInto('review_notices')
        .values({ user_id: adultId, review_id: r, actor_user_id: other, type: 'LIKE', comment_id: null, read_flg: 0, created_at: START })
        .execute();
      await db
        .insertInto('review_comments')
        .values({ review_id: r, user_id: adultId, body: 'なるほど', created_at: START, updated_at: START, deleted_at: null })
        .execute();
    }
    await db
      .insertInto('cart_items')
      .values(
        [normalBook, r18Book].map((book_id) => ({
          user_id: adultId,
          book_id,
          cart_type: 'BOOK',
          state: 'LATER',
          price_at_add: 550,
          created_at: START,
        })),
      )
      .execute();
  });

  it('/reviews/notice, /user/comment_list and /cart/me/later_items leave the R18 title out without ac=1', async () => {
    const notices = async (q: string) => (await get(`/api/reviews/notice?offset=0&limit=10${q}`)).json();
    expect((await notices('')).notices.map((n: { titleId: number }) => n.titleId)).toEqual([normalTitle]);
    expect((await notices('')).totalCount).toBe(1);
    expect((await notices('&ac=1')).notices.map((n: { titleId: number }) => n.titleId).sort()).toEqual([normalTitle, r18Title].sort());
    const comments = async (q: string) => (await get(`/api/user/comment_list?offset=0&limit=10${q}`)).json().totalCount;
    expect(await comments('')).toBe(1);
    expect(await comments('&ac=1')).toBe(2);
    const later = async (q: string) =>
      (await get(`/api/cart/me/later_items${q}`))
        .json()
        .items.map((i: { titleId: number }) => i.titleId)
        .sort();
    expect(await later('')).toEqual([normalTitle]);
    expect(await later('&ac=1'.replace('&', '?'))).toEqual([normalTitle, r18Title].sort());
    expect400(await get('/api/cart/me/later_items?ac=yes'), 'ac');
  });

  it('/wish_title/list lists the R18 title only with ac=1', async () => {
    const ids = async (q: string) =>
      (await get(`/api/wish_title/list?offset=0&limit=10${q}`)).json().titles.map((x: { titleId: number }) => x.titleId);
    expect(await ids('')).toEqual([normalTitle]);
    expect(await ids('&ac=0')).toEqual([normalTitle]);
    expect(await ids('&ac=1')).toEqual([r18Title, normalTitle]);
    expect400(await get('/api/wish_title/list?offset=0&limit=10&ac=2'), 'ac');
  });

  it('/newly/get_newly_message and /newly/books list the R18 volume only with ac=1', async () => {
    for (const path of ['/api/newly/get_newly_message', '/api/newly/books']) {
      const without = (await get(`${path}?offset=0&limit=10`)).json();
      expect(
        without.newlyMessages.map((m: { titleId: number }) => m.titleId),
        path,
      ).toEqual([normalTitle]);
      expect(without.totalCount).toBe(1);
      const withAc = (await get(`${path}?offset=0&limit=10&ac=1`)).json();
      expect(
        withAc.newlyMessages.map((m: { titleId: number }) => m.titleId),
        path,
      ).toEqual([r18Title, normalTitle]);
      expect(withAc.totalCount).toBe(2);
    }
  });

  it('/user/review_list lists the review of the R18 title only with ac=1', async () => {
    const titles = async (q: string) =>
      (await get(`/api/user/review_list?offset=0&limit=10${q}`))
        .json()
        .reviews.map((r: { titleId: number }) => r.titleId)
        .sort();
    expect(await titles('')).toEqual([normalTitle]);
    expect(await titles('&ac=1')).toEqual([normalTitle, r18Title].sort());
  });

  it('/mission/v4 checks ac (a mission names no title, so the list is the same either way)', async () => {
    expect400(await get('/api/mission/v4?ac=2'), 'ac');
    const without = await get('/api/mission/v4');
    const withAc = await get('/api/mission/v4?ac=1');
    expect(withAc.statusCode).toBe(without.statusCode);
    expect(withAc.body).toBe(without.body);
  });

  it('an unconfirmed member gets no R18 whatever ac says', async () => {
    const { unconfirmed } = await adultViewers(t.app);
    const uid = await userIdOf(t.app, unconfirmed);
    await t.database.db.insertInto('wish_titles').values({ user_id: uid, title_id: r18Title, created_at: START }).execute();
    expect((await get('/api/wish_title/list?offset=0&limit=10&ac=1', unconfirmed)).json().titles).toEqual([]);
  });

  it('/user/get_notice_count counts since start_datetime (epoch ms or ISO 8601) and checks device_type', async () => {
    const count = async (q: string) => (await get(`/api/user/get_notice_count${q}`)).json().newlyCount;
    expect(await count('')).toBe(2);
    expect(await count(`?start_datetime=${START - 2 * DAY}`)).toBe(1);
    expect(await count(`?start_datetime=${encodeURIComponent(new Date(START - 2 * DAY).toISOString())}&device_type=1`)).toBe(1);
    expect(await count(`?start_datetime=${START}`)).toBe(0);
    expect400(await get('/api/user/get_notice_count?start_datetime=yesterday'), 'start_datetime');
    expect400(await get('/api/user/get_notice_count?device_type=5'), 'device_type');
  });
});

describe('GET /book/sync_page with reading_page and font (§7)', () => {
  it('saves the page as the POST does, and only reads without reading_page', async () => {
    const bookId = await insertBook(t.database.db, await insertTitle(t.database.db), 1, { layout_type: 2 });
    await grantOwnership(t.database.db, adultId, bookId);
    expect((await get(`/api/book/sync_page?book_id=${bookId}`)).json()).toBeNull();
    const saved = await get(`/api/book/sync_page?book_id=${bookId}&reading_page=7&font=large`);
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ page: 7, font: 'large' });
    expect((await get(`/api/book/sync_page?book_id=${bookId}`)).json()).toMatchObject({ page: 7, font: 'large' });
    expect400(await get(`/api/book/sync_page?book_id=${bookId}&reading_page=-1`), 'reading_page');
    expect400(await get(`/api/book/sync_page?book_id=${bookId}&reading_page=3&font=huge`), 'font');
  });
});

describe('serials (§7)', () => {
  it('/user_serial_episodes/me/ takes serial_episode_id: that episode only', async () => {
    const { serialId, episodeIds } = await insertSerial(t.database.db, { now: START });
    const all = (await get(`/api/user_serial_episodes/me/?serial_id=${serialId}`)).json().episodes;
    expect(all.length).toBe(episodeIds.length);
    const one = await get(`/api/user_serial_episodes/me/?serial_episode_id=${episodeIds[2]}`);
    expect(one.statusCode).toBe(200);
    expect(one.json().episodes.map((e: { serialEpisodeId: number }) => e.serialEpisodeId)).toEqual([episodeIds[2]]);
    const other = await insertSerial(t.database.db, { now: START });
    expect((await get(`/api/user_serial_episodes/me/?serial_id=${other.serialId}&serial_episode_id=${episodeIds[2]}`)).statusCode).toBe(
      404,
    );
    expect400(await get('/api/user_serial_episodes/me/'), 'serial_id');
  });

  it('/serials/recommends type: popular, new, same_category', async () => {
    const db = t.database.db;
    // Fresh serials of their own categories: a seinen source, an older shojo one, a newer seinen one.
    const source = await insertSerial(db, { now: START, category: 'seinen_test', releasedAt: START - 30 * DAY });
    const older = await insertSerial(db, { now: START, category: 'shojo_test', releasedAt: START - 20 * DAY });
    const newer = await insertSerial(db, { now: START, category: 'seinen_test', releasedAt: START - 10 * DAY });
    const ids = async (q: string) =>
      (await get(`/api/serials/recommends?serial_id=${source.serialId}${q}`))
        .json()
        .serials.map((s: { id: number }) => s.id)
        .filter((id: number) => id === older.serialId || id === newer.serialId);
    expect(await ids('')).toEqual([older.serialId, newer.serialId]);
    expect(await ids('&type=popular')).toEqual([older.serialId, newer.serialId]);
    expect(await ids('&type=new')).toEqual([newer.serialId, older.serialId]);
    expect(await ids('&type=same_category')).toEqual([newer.serialId, older.serialId]);
    expect400(await get(`/api/serials/recommends?serial_id=${source.serialId}&type=random`), 'type');
  });
});

describe('recommendations: fondness_source_type and exclude_source (§7)', () => {
  it('draw only from the kinds asked for, and exclude_source=0 lets the source title lead', async () => {
    const db = t.database.db;
    const sourceTitle = await insertTitle(db);
    const sameAuthor = await insertTitle(db);
    const source = await insertBook(db, sourceTitle, 1);
    const sourceNext = await insertBook(db, sourceTitle, 2);
    await insertBook(db, sameAuthor, 1);
    const authorId = (
      await db
        .insertInto('authors')
        .values({ name: '同じ作者', kana: 'オナジサクシャ', created_at: 0 })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
    await db
      .insertInto('title_authors')
      .values([sourceTitle, sameAuthor].map((id) => ({ title_id: id, author_id: authorId, role: 'author', sort_order: 0 })))
      .execute();
    const list = async (q: string) =>
      (await get(`/api/recommend/book_to_book?id=${source}&limit=12${q}`)).json().books as {
        titleId: number;
        bookId: number;
        reason: string;
      }[];
    expect((await list('')).map((b) => b.titleId)).toEqual([sameAuthor]);
    expect((await list('&fondness_source_type=author')).map((b) => b.titleId)).toEqual([sameAuthor]);
    expect(await list('&fondness_source_type=genre,together')).toEqual([]);
    const withSource = await list('&exclude_source=0');
    expect(withSource.map((b) => b.bookId)[0]).toBe(sourceNext);
    expect(withSource.map((b) => b.titleId)).toEqual([sourceTitle, sameAuthor]);
    expect((await list('&exclude_source=1')).map((b) => b.titleId)).toEqual([sameAuthor]);
    expect400(await get(`/api/recommend/book_to_book?id=${source}&fondness_source_type=events`), 'fondness_source_type');
  });
});
