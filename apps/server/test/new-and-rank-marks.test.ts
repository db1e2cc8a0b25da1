import { afterEach, describe, expect, it } from 'vitest';
import { type TestApp, buildTestApp } from './support/build-test-app';
import { addEvents, createTitle, jst } from './support/discovery-factories';

/**
 * Issue 40 item 6: a book's §3 `newTags` and `rank` and a title's `newTags` and `metaList` are
 * computed (from the release dates and the daily ranking), not always empty or null; the tiles
 * of the store's lists carry `newTags` too.
 */
let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

const DAY = 86_400_000;

async function start(at: number) {
  const clock = { now: at };
  t = await buildTestApp({ clock: () => new Date(clock.now) });
  return { db: t.database.db, clock };
}

async function get<T>(url: string): Promise<T> {
  const res = await t!.app.inject({ url });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as T;
}

type Detail = { bookId: number; rank: number | null; newTags: string[] };
type Title = { id: number; newTags: string[]; metaList: { id: number; name: string }[] };

describe('new marks', () => {
  it('a volume is NEW from its release for seven days; its title is NEW while its newest released volume is', async () => {
    const now = jst('2026-11-22T10:00:00');
    const { db, clock } = await start(now);
    const title = await createTitle(db, {
      name: '新刊のある作品',
      complete_flg: 1,
      books: [
        { start_datetime: now - 30 * DAY },
        { start_datetime: now - 2 * DAY },
        { start_datetime: now + 3 * DAY, sales_status: 'IN_RESERVATION' },
      ],
    });
    const [old, fresh, coming] = title.bookIds as [number, number, number];

    expect((await get<Detail>(`/api/books/${old}`)).newTags).toEqual([]);
    expect((await get<Detail>(`/api/books/${fresh}`)).newTags).toEqual(['NEW']);
    // Not new before it is on sale (a pre-order).
    expect((await get<Detail>(`/api/books/${coming}`)).newTags).toEqual([]);
    const t1 = await get<Title>(`/api/titles/${title.titleId}`);
    expect(t1.newTags).toEqual(['NEW']);
    expect(t1.metaList.map((m) => m.name)).toEqual(['完結', '新刊']);

    // Seven days after its release the mark is gone (the kept detail ends with it), and the third
    // volume, released since, is new in its turn.
    clock.now = now - 2 * DAY + 7 * DAY;
    expect((await get<Detail>(`/api/books/${fresh}`)).newTags).toEqual([]);
    expect((await get<Detail>(`/api/books/${coming}`)).newTags).toEqual(['NEW']);
    clock.now = now + 3 * DAY + 7 * DAY;
    const t2 = await get<Title>(`/api/titles/${title.titleId}`);
    expect(t2.newTags).toEqual([]);
    expect(t2.metaList.map((m) => m.name)).toEqual(['完結']);
  });

  it('a title with a free volume says 無料あり; a ranking tile of a new volume carries NEW', async () => {
    const now = jst('2026-11-22T10:00:00');
    const { db } = await start(now);
    const title = await createTitle(db, { name: '無料の作品', books: [{ start_datetime: now - 2 * DAY, free_flg: 1 }] });
    await addEvents(db, title.titleId, [{ kind: 'read', at: jst('2026-11-21T12:00:00'), count: 2 }]);
    const got = await get<Title>(`/api/titles/${title.titleId}`);
    expect(got.metaList.map((m) => m.name)).toEqual(['新刊', '無料あり']);
    const ranking = await get<{ entities: { titleId: number; book: { newTags: string[] } }[] }>('/api/rankings?term=daily');
    expect(ranking.entities.map((e) => [e.titleId, e.book.newTags])).toEqual([[title.titleId, ['NEW']]]);
  });
});

describe('rank marks', () => {
  it("a book's rank is its title's place in the daily ranking the ranking page shows; null outside it", async () => {
    const now = jst('2026-11-22T10:00:00');
    const { db, clock } = await start(now);
    const first = await createTitle(db, { name: '一位' });
    const second = await createTitle(db, { name: '二位' });
    const unranked = await createTitle(db, { name: '圏外' });
    const adult = await createTitle(db, { name: '成人向け', erotic_type: 4 });
    const yesterday = jst('2026-11-21T12:00:00');
    await addEvents(db, first.titleId, [{ kind: 'purchase', at: yesterday, count: 5 }]);
    await addEvents(db, second.titleId, [{ kind: 'purchase', at: yesterday, count: 3 }]);
    // An R18 title with more events than both: it ranks among what an adult sees, not among general titles.
    await addEvents(db, adult.titleId, [{ kind: 'purchase', at: yesterday, count: 9 }]);

    const ranking = await get<{ entities: { rank: number; titleId: number; book: { newTags: string[] } }[] }>('/api/rankings?term=daily');
    expect(ranking.entities.map((e) => [e.titleId, e.rank])).toEqual([
      [first.titleId, 1],
      [second.titleId, 2],
    ]);
    expect((await get<Detail>(`/api/books/${first.bookIds[0]}`)).rank).toBe(1);
    expect((await get<Detail>(`/api/books/${second.bookIds[0]}`)).rank).toBe(2);
    expect((await get<Detail>(`/api/books/${unranked.bookIds[0]}`)).rank).toBeNull();
    const list = await get<{ books: Detail[] }>(`/api/books?book_id=${second.bookIds[0]},${first.bookIds[0]}`);
    expect(list.books.map((d) => d.rank)).toEqual([2, 1]);
    // The ranking's tiles carry their books' newTags (created long ago: none).
    expect(ranking.entities.map((e) => e.book.newTags)).toEqual([[], []]);

    // A new Tokyo day is a new window: yesterday's events are the day before's, and nothing ranks.
    clock.now = jst('2026-11-23T10:00:00');
    expect((await get<Detail>(`/api/books/${first.bookIds[0]}`)).rank).toBeNull();
  });
});
