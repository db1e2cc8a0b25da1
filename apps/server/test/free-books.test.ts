import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { getFreePage } from '../src/modules/catalog/free-books.service';
import { getFreeRanking } from '../src/modules/catalog/rankings.service';
import { type TestApp, buildTestApp } from './support/build-test-app';
import { addEvents, createTitle, jst, member } from './support/discovery-factories';

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

const getJson = async <T>(url: string, cookie?: string): Promise<T> => {
  const res = await t!.app.inject({ url, headers: cookie ? { cookie } : {} });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as T;
};
type Books = { books: { bookId: number; free: boolean; endDatetime: number | null }[] };

const free = (from: number | null, to: number | null) => ({
  free_flg: 1 as const,
  free_start_datetime: from,
  free_end_datetime: to,
});

describe('free books by page type', () => {
  it('closely lists limited free books ending soonest; newly lists the most recently freed', async () => {
    const { db } = await start();
    const a = await createTitle(db, { name: 'A', books: [free(NOW - 5 * DAY, NOW + 3 * DAY)] });
    const b = await createTitle(db, { name: 'B', books: [free(NOW - 1 * DAY, NOW + 1 * DAY)] });
    const c = await createTitle(db, { name: 'C', books: [free(NOW - 2 * DAY, null)] });
    await createTitle(db, { name: 'ended', books: [free(NOW - 9 * DAY, NOW - 1)] });
    await createTitle(db, { name: 'later', books: [free(NOW + DAY, NOW + 9 * DAY)] });
    await createTitle(db, { name: 'female', page_type: 'female', books: [free(NOW - 3 * DAY, NOW + 2 * DAY)] });
    await createTitle(db, { name: 'paid' });

    const closely = await getJson<Books>('/api/free_books/closely/by_page_type/male');
    expect(closely.books.map((x) => x.bookId)).toEqual([b.bookIds[0], a.bookIds[0]]);
    expect(closely.books.every((x) => x.free && x.endDatetime !== null)).toBe(true);
    const newly = await getJson<Books>('/api/free_books/newly/by_page_type/male');
    expect(newly.books.map((x) => x.bookId)).toEqual([b.bookIds[0], c.bookIds[0], a.bookIds[0]]);
    const all = await getJson<Books>('/api/free_books/closely/by_page_type/all?limit=2');
    expect(all.books).toHaveLength(2);
    const page2 = await getJson<Books>('/api/free_books/newly/by_page_type/all?offset=3&limit=5');
    expect(page2.books).toHaveLength(1);
  });

  it('healthy lists only NORMAL titles, and R18 needs ac=1 and an age-checked member', async () => {
    const { app, db } = await start();
    const erotic = await createTitle(db, { name: 'E', erotic_type: 1, books: [free(null, NOW + DAY)] });
    const r18 = await createTitle(db, { name: 'R', erotic_type: 4, books: [free(null, NOW + 2 * DAY)] });
    const ids = (r: Books) => r.books.map((x) => x.bookId);
    expect(ids(await getJson<Books>('/api/free_books/closely/by_page_type/all'))).toEqual([erotic.bookIds[0]]);
    expect(ids(await getJson<Books>('/api/free_books/closely/by_page_type/all?healthy=true'))).toEqual([]);
    expect(ids(await getJson<Books>('/api/free_books/closely/by_page_type/all?ac=1'))).toEqual([erotic.bookIds[0]]);
    const adult = await member(app, { adult: true });
    expect(ids(await getJson<Books>('/api/free_books/closely/by_page_type/all?ac=1', adult.cookie))).toEqual([
      erotic.bookIds[0],
      r18.bookIds[0],
    ]);
  });
});

describe('free ranking', () => {
  it("ranks titles with a free book by yesterday's reads, 12 asked but only ranks 10 or better", async () => {
    const { db } = await start();
    const titles = [];
    for (let i = 0; i < 13; i++) {
      const title = await createTitle(db, { name: `無料${i}`, books: [free(null, null), {}] });
      await addEvents(db, title.titleId, [{ kind: 'read', at: NOW - DAY, count: 20 - i }]);
      titles.push(title);
    }
    const paid = await createTitle(db, { name: '有料' });
    await addEvents(db, paid.titleId, [{ kind: 'read', at: NOW - DAY, count: 100 }]);
    type Ranks = { entities: { rank: number; titleId: number }[] };
    const ranks = await getJson<Ranks>('/api/free_book_ranks/by_page_type/all');
    expect(ranks.entities.map((e) => e.rank)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(ranks.entities.map((e) => e.titleId)).toEqual(titles.slice(0, 10).map((x) => x.titleId));
    const tail = await getJson<Ranks>('/api/free_book_ranks/by_page_type/all?offset=8');
    expect(tail.entities.map((e) => e.rank)).toEqual([9, 10]);
    expect(await getFreeRanking(t!.database.db, { pageType: 'female', includeAdult: false, now: NOW })).toEqual([]);
    const page = await getFreePage(t!.database.db, { pageType: 'all', includeAdult: false, now: NOW });
    expect(page.ranking).toHaveLength(10);
    expect(page.newly.length).toBeGreaterThan(0);
    expect(page.closely).toEqual([]);
  });

  it('shows each title by a volume free now, never its paid newest volume (issue 34 item 11)', async () => {
    const { db } = await start();
    const series = await createTitle(db, { name: '星降る', books: [{}, free(NOW - DAY, NOW + DAY), free(null, null), {}] });
    await addEvents(db, series.titleId, [{ kind: 'read', at: NOW - DAY, count: 5 }]);
    type Ranks = { entities: { titleId: number; book: { bookId: number; free: boolean; price: number } }[] };
    const ranks = await getJson<Ranks>('/api/free_book_ranks/by_page_type/all');
    expect(ranks.entities.map((e) => e.titleId)).toEqual([series.titleId]);
    expect(ranks.entities[0]!.book).toMatchObject({ bookId: series.bookIds[1], free: true, price: 0 });
    const page = await getFreePage(db, { pageType: 'all', includeAdult: false, now: NOW });
    expect(page.ranking.every((e) => e.book.free)).toBe(true);
  });

  it('healthy (the default) leaves EROTIC titles out; healthy=false lets them in', async () => {
    const { db } = await start();
    const erotic = await createTitle(db, { name: 'E', erotic_type: 1, books: [free(null, null)] });
    await addEvents(db, erotic.titleId, [{ kind: 'read', at: NOW - DAY, count: 3 }]);
    type Ranks = { entities: { titleId: number }[] };
    expect((await getJson<Ranks>('/api/free_book_ranks/by_page_type/all')).entities).toEqual([]);
    const open = await getJson<Ranks>('/api/free_book_ranks/by_page_type/all?healthy=false&sort_type=weekly');
    expect(open.entities.map((e) => e.titleId)).toEqual([erotic.titleId]);
  });
});

describe('free volumes of a title', () => {
  it('lists the volumes free now; 404 for an unknown or hidden R18 title', async () => {
    const { app, db } = await start();
    const title = await createTitle(db, { books: [free(null, null), free(null, NOW + DAY), {}, free(NOW + DAY, null)] });
    const body = await getJson<{ freeBookVols: number[] }>(`/api/free_book_vol/list?title_id=${title.titleId}`);
    expect(body.freeBookVols).toEqual([1, 2]);
    expect((await app.inject({ url: '/api/free_book_vol/list?title_id=99999' })).statusCode).toBe(404);
    const r18 = await createTitle(db, { erotic_type: 4, books: [free(null, null)] });
    const res = await app.inject({ url: `/api/free_book_vol/list?title_id=${r18.titleId}&ac=1` });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ errorCode: 'NOT_FOUND' });
    const adult = await member(app, { adult: true });
    expect(
      (await getJson<{ freeBookVols: number[] }>(`/api/free_book_vol/list?title_id=${r18.titleId}&ac=1`, adult.cookie)).freeBookVols,
    ).toEqual([1]);
  });
});

describe('bad input', () => {
  let shared: TestApp;
  beforeAll(async () => {
    shared = await buildTestApp();
  });
  afterAll(async () => shared.close());
  it.each([
    ['/api/free_books/closely/by_page_type/kids', 'page_type'],
    ['/api/free_books/newly/by_page_type/male?limit=101', 'limit'],
    ['/api/free_books/newly/by_page_type/male?offset=-1', 'offset'],
    ['/api/free_books/closely/by_page_type/male?healthy=maybe', 'healthy'],
    ['/api/free_book_ranks/by_page_type/male?sort_type=price', 'sort_type'],
    ['/api/free_book_ranks/by_page_type/kids', 'page_type'],
    ['/api/free_book_ranks/by_page_type/all?limit=500', 'limit'],
    ['/api/free_book_ranks/by_page_type/all?ac=x', 'ac'],
    ['/api/free_book_vol/list', 'title_id'],
    ['/api/free_book_vol/list?title_id=abc', 'title_id'],
    ['/api/free_book_vol/list?title_id=-3', 'title_id'],
  ])('%s → 400 naming %s', async (url, field) => {
    const res = await shared.app.inject({ url });
    expect(res.statusCode).toBe(400);
    expect((res.json() as { messages: string[] }).messages.join(' ')).toContain(field);
  });
});
