import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ensureDemoCatalog } from '../src/demo/demo-catalog';
import { bookToBook, userToBook } from '../src/modules/catalog/recommendations.service';
import { type TestApp, buildTestApp } from './support/build-test-app';
import { addEvents, createTitle, credit, jst, member } from './support/discovery-factories';

const NOW = jst('2026-11-22T10:00:00');
const DAY = 86_400_000;
let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});
async function start() {
  t = await buildTestApp({ clock: () => new Date(NOW) });
  return { app: t.app, db: t.database.db };
}
type Books = { totalCount: number; books: { bookId: number; titleId: number; reason: string; vol: number; authors: unknown[] }[] };
const getJson = async (url: string, cookie?: string): Promise<Books> => {
  const res = await t!.app.inject({ url, headers: cookie ? { cookie } : {} });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as Books;
};

describe('book to book', () => {
  it('ranks titles read or bought together, then the same author, then the same genre', async () => {
    const { app, db } = await start();
    const source = await createTitle(db, { name: '源', genre_id: null, authors: [{ name: '著者', kana: 'チョシャ' }] });
    const together2 = await createTitle(db, { name: '二人' });
    const together1 = await createTitle(db, { name: '一人' });
    const sameAuthor = await createTitle(db, { name: '同著者' });
    const authorId = (
      await db.selectFrom('title_authors').select('author_id').where('title_id', '=', source.titleId).executeTakeFirstOrThrow()
    ).author_id;
    await credit(db, sameAuthor.titleId, authorId);
    await db.insertInto('genres').values({ id: 3, name: 'ジャンル' }).execute();
    await db.updateTable('titles').set({ genre_id: 3 }).where('id', '=', source.titleId).execute();
    const sameGenre = await createTitle(db, { name: '同ジャンル', genre_id: 3 });
    await createTitle(db, { name: '無関係' });
    const [u1, u2] = [await member(app), await member(app)];
    for (const u of [u1, u2]) {
      await addEvents(db, source.titleId, [{ kind: 'purchase', at: NOW - DAY, userId: u.userId, bookId: source.bookIds[0] }]);
      await addEvents(db, together2.titleId, [{ kind: 'read', at: NOW - DAY, userId: u.userId }]);
    }
    await addEvents(db, together1.titleId, [{ kind: 'purchase', at: NOW - DAY, userId: u1.userId }]);
    // a wish is not "had": it does not make a title read-together
    await addEvents(db, sameGenre.titleId, [{ kind: 'wish', at: NOW - DAY, userId: u2.userId, count: 5 }]);
    // wishCount counts the members who have the title on their list now, not wish events
    await db
      .insertInto('wish_titles')
      .values([u1, u2].map((u) => ({ user_id: u.userId, title_id: sameGenre.titleId, created_at: NOW - DAY })))
      .execute();

    const body = await getJson(`/api/recommend/book_to_book?id=${source.bookIds[0]}`);
    expect(body.books.map((b) => [b.titleId, b.reason])).toEqual([
      [together2.titleId, 'together'],
      [together1.titleId, 'together'],
      [sameAuthor.titleId, 'author'],
      [sameGenre.titleId, 'genre'],
    ]);
    expect(body.books.every((b) => b.vol === 1)).toBe(true);
    const wishful = body.books.find((b) => b.titleId === sameGenre.titleId) as unknown as { wishCount: number };
    expect(wishful.wishCount).toBe(2);
  });

  it('returns at most 12 by default, honours free_flg, and hides R18 from non-adults', async () => {
    const { app, db } = await start();
    await db.insertInto('genres').values({ id: 5, name: 'G' }).execute();
    const source = await createTitle(db, { genre_id: 5 });
    for (let i = 0; i < 14; i++) await createTitle(db, { name: `G${i}`, genre_id: 5 });
    const freeOne = await createTitle(db, { name: '無料', genre_id: 5, books: [{}, { free_flg: 1 }] });
    const r18 = await createTitle(db, { name: '成人', genre_id: 5, erotic_type: 4 });
    const u = await member(app);
    await addEvents(db, source.titleId, [{ kind: 'read', at: NOW - DAY, userId: u.userId }]);
    await addEvents(db, r18.titleId, [{ kind: 'read', at: NOW - DAY, userId: u.userId }]);

    const guest = await getJson(`/api/recommend/book_to_book?id=${source.bookIds[0]}&ac=1`);
    expect(guest.books).toHaveLength(12);
    expect(guest.books.some((b) => b.titleId === r18.titleId)).toBe(false);
    const free = await getJson(`/api/recommend/book_to_book?id=${source.bookIds[0]}&free_flg=1`);
    expect(free.books.map((b) => [b.titleId, b.vol])).toEqual([[freeOne.titleId, 2]]);
    const adult = await member(app, { adult: true });
    const grown = await getJson(`/api/recommend/book_to_book?id=${source.bookIds[0]}&ac=1&limit=3`, adult.cookie);
    expect(grown.books[0]!.titleId).toBe(r18.titleId);
    expect(grown.books).toHaveLength(3);
    // an R18 source is not found for a guest
    expect((await app.inject({ url: `/api/recommend/book_to_book?id=${r18.bookIds[0]}&ac=1` })).statusCode).toBe(404);
    expect((await app.inject({ url: '/api/recommend/book_to_book?id=999999' })).statusCode).toBe(404);
    expect(await bookToBook(db, { bookId: r18.bookIds[0]!, includeAdult: false })).toBeNull();
  });

  it('the demo catalog has book-to-book lists (author and genre fallbacks)', async () => {
    const { db } = await start();
    await ensureDemoCatalog(t!.database, { dataDir: t!.database.dataDir, log: () => {}, images: 'none', now: new Date(NOW) });
    const first = await db.selectFrom('books').select('id').orderBy('id').executeTakeFirstOrThrow();
    const list = await bookToBook(db, { bookId: first.id, includeAdult: false, now: NOW });
    expect(list!.length).toBeGreaterThan(0);
    expect(list!.length).toBeLessThanOrEqual(12);
  });
});

describe('user to book', () => {
  it('needs a member', async () => {
    const { app } = await start();
    const res = await app.inject({ url: '/api/recommend/user_to_book' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ errorCode: 'UNAUTHORIZED' });
  });

  it("recommends from the member's history, never a book they own nor R18 for a non-adult", async () => {
    const { app, db } = await start();
    const mine = await createTitle(db, { name: '既読', books: [{}, {}] });
    const next = await createTitle(db, { name: '次', books: [{}, {}] });
    const r18 = await createTitle(db, { name: '成人', erotic_type: 4 });
    const popular = await createTitle(db, { name: '人気' });
    const me = await member(app);
    const other = await member(app);
    await addEvents(db, mine.titleId, [{ kind: 'purchase', at: NOW - DAY, userId: me.userId, bookId: mine.bookIds[0] }]);
    for (const title of [mine, next, r18]) {
      await addEvents(db, title.titleId, [{ kind: 'purchase', at: NOW - DAY, userId: other.userId, bookId: title.bookIds[0] }]);
    }
    await addEvents(db, popular.titleId, [{ kind: 'purchase', at: NOW - 2 * DAY, count: 9 }]);

    const body = await getJson('/api/recommend/user_to_book?ac=1', me.cookie);
    expect(body.books.map((b) => [b.titleId, b.reason])).toEqual([
      [next.titleId, 'together'],
      [popular.titleId, 'popular'],
    ]);
    const owned = new Set([mine.bookIds[0]]);
    expect(body.books.some((b) => owned.has(b.bookId))).toBe(false);

    const adult = await member(app, { adult: true });
    await addEvents(db, mine.titleId, [{ kind: 'purchase', at: NOW - DAY, userId: adult.userId, bookId: mine.bookIds[0] }]);
    const grown = await getJson('/api/recommend/user_to_book?ac=1', adult.cookie);
    expect(grown.books.map((b) => b.titleId)).toContain(r18.titleId);
    const narrowed = await getJson('/api/recommend/user_to_book?ac=1&exclude_adult_flg=1', adult.cookie);
    expect(narrowed.books.map((b) => b.titleId)).not.toContain(r18.titleId);
  });

  it('a popular title is recommended from its first volume until the member buys from it', async () => {
    const { app, db } = await start();
    const title = await createTitle(db, { name: '続き', books: [{}, {}, {}] });
    const me = await member(app);
    await addEvents(db, title.titleId, [{ kind: 'purchase', at: NOW - DAY, count: 5 }]);
    const before = await userToBook(db, { userId: me.userId, includeAdult: false, now: NOW });
    expect(before.map((b) => b.vol)).toEqual([1]);
    await db
      .insertInto('catalog_events')
      .values({
        kind: 'purchase',
        title_id: title.titleId,
        book_id: title.bookIds[0]!,
        serial_id: null,
        user_id: me.userId,
        created_at: NOW - 40 * DAY,
      })
      .execute();
    // bought (owned, and in the member's history): not recommended again
    expect(await userToBook(db, { userId: me.userId, includeAdult: false, now: NOW })).toEqual([]);
  });
});

describe('bad input', () => {
  let shared: TestApp;
  let cookie: string;
  beforeAll(async () => {
    shared = await buildTestApp();
    cookie = (await member(shared.app)).cookie;
  });
  afterAll(async () => shared.close());
  it.each([
    ['/api/recommend/book_to_book', 'id'],
    ['/api/recommend/book_to_book?id=abc', 'id'],
    ['/api/recommend/book_to_book?id=-1', 'id'],
    ['/api/recommend/book_to_book?id=1&limit=101', 'limit'],
    ['/api/recommend/book_to_book?id=1&genre_ids=a,b', 'genre_ids'],
    ['/api/recommend/book_to_book?id=1&free_flg=maybe', 'free_flg'],
    ['/api/recommend/user_to_book?limit=101', 'limit'],
    ['/api/recommend/user_to_book?shuffle_flg=2', 'shuffle_flg'],
    ['/api/recommend/user_to_book?exclude_adult_flg=x', 'exclude_adult_flg'],
  ])('%s → 400 naming %s', async (url, field) => {
    const res = await shared.app.inject({ url, headers: { cookie } });
    expect(res.statusCode).toBe(400);
    expect((res.json() as { messages: string[] }).messages.join(' ')).toContain(field);
  });
});
