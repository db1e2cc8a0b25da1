import { LOG_KINDS } from '@hondana/domain/tracking/log-kinds';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { EventBuffer } from '../src/modules/tracking/event-buffer';
import { GUEST_ID_COOKIE } from '../src/modules/tracking/guest-id';
import { titleCounts, visitors } from '../src/modules/tracking/tracking-reads';
import { type TrackingBuffer, createTrackingBuffer } from '../src/modules/tracking/tracking.service';
import { type TestDatabase, createTestDatabase } from './support/test-database';
import { member } from './support/wallet-factories';

/** §7 Tracking: twelve GET calls answered at once, buffered, written in batches into `events`. */
let app: FastifyInstance;
let database: TestDatabase;
let buffer: TrackingBuffer;
const now = Date.parse('2026-11-25T03:00:00Z');

async function start(tracking: TrackingBuffer, db: TestDatabase) {
  const started = await buildApp({
    database: db,
    config: { cookieSecure: false, dataDir: db.dataDir, secrets: { mediaUrlKey: 'k' }, metricsToken: 'scrape' },
    authRateLimit: 1000,
    clock: () => new Date(now),
    tracking,
  });
  await started.ready();
  return started;
}
beforeAll(async () => {
  database = await createTestDatabase();
  // No timed flush during a test: rows appear only when the test flushes.
  buffer = createTrackingBuffer(database.db, { intervalMs: 3_600_000, batchSize: 1000 });
  app = await start(buffer, database);
});
afterAll(async () => {
  await app.close();
  await database.destroy();
});
const db = () => database.db;
const log = (path: string, cookie?: string) => app.inject({ url: `/api/log/${path}`, headers: cookie ? { cookie } : {} });
const gidOf = (setCookie: string | string[] | undefined) => /hondana_gid=([^;]+)/.exec(String(setCookie))?.[1];
const rows = () => db().selectFrom('events').selectAll().orderBy('id').execute();

describe('tracking calls', () => {
  it('each of the twelve calls answers 204 without writing; the flush writes one row per call with its kind', async () => {
    await db().deleteFrom('events').execute();
    for (const kind of LOG_KINDS) {
      const answer = await log(`${kind}?title_id=7&ref=free_ranking_reader&hash=v1&sakuyomiFlg=0`);
      expect(answer.statusCode, kind).toBe(204);
      expect(answer.body).toBe('');
    }
    expect(await rows()).toEqual([]);
    expect(buffer.stats().buffered).toBe(12);
    await buffer.flush();
    const written = await rows();
    expect(written.map((r) => r.kind)).toEqual([...LOG_KINDS]);
    expect(written.every((r) => r.title_id === 7 && r.ref === 'free_ranking_reader' && Number(r.occurred_at) === now)).toBe(true);
  });

  it('read_start keeps the viewer parameters; wish list calls keep title_id, hash and ref', async () => {
    await db().deleteFrom('events').execute();
    const m = await member(app);
    await log(
      'read_start?book_id=11&title_id=3&blogGenreId=g1&themeId=t2&tagIds=1,2,3&algorithmId=a9&did=d-5&put_log=1&ref=book_to_book_reader',
      m.cookie,
    );
    await log('add_wish_list?title_id=3&hash=abc&ref=invitation', m.cookie);
    await log('delete_wish_list?title_id=3&hash=abc&ref=invitation', m.cookie);
    await log('read_end?book_id=11&title_id=3&ref=free_ranking_reader&hash=h&sakuyomiFlg=1', m.cookie);
    await buffer.flush();
    const [read, add, del, end] = await rows();
    // read_end: ref, hash and sakuyomiFlg (§5), the flag kept with the event's parameters.
    expect(end).toMatchObject({ kind: 'read_end', book_id: 11, title_id: 3, ref: 'free_ranking_reader' });
    expect(JSON.parse(end!.data)).toEqual({ hash: 'h', sakuyomiFlg: '1' });
    expect(read).toMatchObject({ kind: 'read_start', user_id: m.userId, book_id: 11, title_id: 3, ref: 'book_to_book_reader' });
    expect(JSON.parse(read!.data)).toEqual({
      blogGenreId: 'g1',
      themeId: 't2',
      tagIds: '1,2,3',
      algorithmId: 'a9',
      did: 'd-5',
      putLog: '1',
    });
    expect([add, del].map((r) => [r!.kind, r!.title_id, r!.ref, JSON.parse(r!.data).hash])).toEqual([
      ['add_wish_list', 3, 'invitation', 'abc'],
      ['delete_wish_list', 3, 'invitation', 'abc'],
    ]);
  });

  it('guests are counted by a first-party random id cookie: given once, kept after', async () => {
    await db().deleteFrom('events').execute();
    const first = await log('page?page=/&hash=v1');
    const gid = gidOf(first.headers['set-cookie']);
    expect(gid).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(String(first.headers['set-cookie'])).toMatch(/HttpOnly/i);
    expect(String(first.headers['set-cookie'])).toMatch(/SameSite=Lax/i);
    const again = await log('page?page=/ranking&hash=v2', `${GUEST_ID_COOKIE}=${gid}`);
    expect(again.headers['set-cookie']).toBeUndefined();
    expect((await log('module_view', `a=1; ${GUEST_ID_COOKIE}=${gid}; b=2`)).headers['set-cookie']).toBeUndefined();
    expect(gidOf((await log('module_view', `x${GUEST_ID_COOKIE}=${gid}`)).headers['set-cookie'])).not.toBe(gid);
    await buffer.flush();
    await db().deleteFrom('events').where('kind', '=', 'module_view').execute();
    const other = await log('page?page=/&hash=v1'); // another guest
    const forged = await log('page?page=/&hash=v3', `${GUEST_ID_COOKIE}=not-an-id`); // a bad value gets a new id
    expect(gidOf(forged.headers['set-cookie'])).toMatch(/^[A-Za-z0-9_-]{22}$/);
    await buffer.flush();
    const written = await rows();
    expect(written.map((r) => r.user_id)).toEqual([null, null, null, null]);
    expect(written[0]!.guest_id).toBe(gid);
    expect(written[1]!.guest_id).toBe(gid);
    expect(JSON.parse(written[1]!.data)).toEqual({ page: '/ranking', hash: 'v2' });
    expect(await visitors(db(), { kind: 'page', since: now, until: now + 1 })).toBe(3);
    expect(gidOf(other.headers['set-cookie'])).not.toBe(gid);
  });

  it('rankings and recommendations can read counts per title', async () => {
    await db().deleteFrom('events').execute();
    for (const titleId of [5, 5, 5, 9, 9, 4]) await log(`read_end?title_id=${titleId}&book_id=1&ref=&hash=v&sakuyomiFlg=1`);
    await log('page?title_id=4&hash=v');
    await buffer.flush();
    expect(await titleCounts(db(), { kind: 'read_end', since: now, until: now + 1, limit: 2 })).toEqual([
      { titleId: 5, count: 3 },
      { titleId: 9, count: 2 },
    ]);
  });

  it('a batch of any size is written whole and in order (statements of 100, 10 and 1 rows)', async () => {
    await db().deleteFrom('events').execute();
    for (let i = 0; i < 237; i += 1) buffer.push({ kind: 'module_view', at: now + i, userId: null, guestId: null, query: { position: i } });
    await buffer.flush();
    const written = await rows();
    expect(written.map((r) => JSON.parse(r.data).position)).toEqual(Array.from({ length: 237 }, (_, i) => i));
    expect(written.map((r) => Number(r.occurred_at))).toEqual(Array.from({ length: 237 }, (_, i) => now + i));
  });

  it('bad input is 400 naming the field, and nothing is buffered', async () => {
    const before = buffer.stats().buffered;
    for (const [query, field] of [
      ['title_id=abc', 'title_id'],
      [`ref=${'x'.repeat(201)}`, 'ref'],
      ['book_id=-1', 'book_id'],
      ['sakuyomiFlg=2', 'sakuyomiFlg'],
    ] as const) {
      const answer = await log(`page?hash=v&${query}`);
      expect(answer.statusCode).toBe(400);
      expect(answer.json().errorCode).toBe('BAD_REQUEST');
      expect(answer.body).toContain(field);
    }
    // §8: the page log needs hash; the read-end log needs ref, hash and sakuyomiFlg (ref may be empty).
    for (const [path, field] of [
      ['page?page=/', 'hash'],
      ['page?page=/&hash=', 'hash'],
      ['read_end?book_id=1&ref=&sakuyomiFlg=0', 'hash'],
      ['read_end?book_id=1&hash=v&sakuyomiFlg=0', 'ref'],
      ['read_end?book_id=1&hash=v&ref=', 'sakuyomiFlg'],
    ] as const) {
      const answer = await log(path);
      expect(answer.statusCode, path).toBe(400);
      expect(answer.json(), path).toMatchObject({ errorCode: 'BAD_REQUEST', messages: [expect.stringContaining(field)] });
    }
    expect(buffer.stats().buffered).toBe(before);
    expect((await log('read_end?book_id=1&ref=&hash=v&sakuyomiFlg=0')).statusCode).toBe(204);
    expect((await log('nothing')).statusCode).toBe(404);
  });
});

describe('the buffer', () => {
  it('is bounded: past its capacity events are dropped and counted, and /metrics shows the count', async () => {
    const own = await createTestDatabase();
    const small = createTrackingBuffer(own.db, { capacity: 3, intervalMs: 3_600_000, batchSize: 1000 });
    const store = await start(small, own);
    try {
      const answers = await Promise.all(Array.from({ length: 5 }, () => store.inject({ url: '/api/log/page?page=/&hash=v' })));
      expect(answers.map((a) => a.statusCode)).toEqual([204, 204, 204, 204, 204]);
      expect(small.stats()).toMatchObject({ buffered: 3, dropped: { full: 2 } });
      const scrape = (await store.inject({ url: '/metrics', headers: { authorization: 'Bearer scrape' } })).body;
      expect(scrape).toContain('hondana_tracking_events_dropped_total{reason="full"} 2');
      expect(scrape).toContain('hondana_tracking_events_buffered 3');
      await small.flush();
      const after = (await store.inject({ url: '/metrics', headers: { authorization: 'Bearer scrape' } })).body;
      expect(after).toContain('hondana_tracking_events_written_total 3');
      expect(after).toContain('hondana_tracking_events_dropped_total{reason="full"} 2');
    } finally {
      await store.close();
      await own.destroy();
    }
  });

  it('writes what waits when the app closes (shutdown), and refuses events after', async () => {
    const own = await createTestDatabase();
    const closing = createTrackingBuffer(own.db, { intervalMs: 3_600_000, batchSize: 1000 });
    const store = await start(closing, own);
    for (let i = 0; i < 4; i += 1) await store.inject({ url: `/api/log/search?word=${i}` });
    expect(await own.db.selectFrom('events').select('id').execute()).toEqual([]);
    await store.close();
    const written = await own.db.selectFrom('events').select(['kind', 'data']).orderBy('id').execute();
    expect(written.map((r) => JSON.parse(r.data).word)).toEqual(['0', '1', '2', '3']);
    expect(closing.push({ kind: 'page', at: now, userId: null, guestId: null, query: {} })).toBe(false);
    expect(closing.stats().dropped.closed).toBe(1);
    await own.destroy();
  });

  it('writes a batch as soon as batchSize events wait, on the timer otherwise, never more than batchSize at once', async () => {
    const batches: number[][] = [];
    const sized = new EventBuffer<number>({ batchSize: 3, intervalMs: 3_600_000, write: async (b) => void batches.push(b) });
    for (let i = 1; i <= 7; i += 1) sized.push(i);
    await new Promise((resolve) => setImmediate(resolve));
    await sized.flush();
    expect(batches).toEqual([[1, 2, 3], [4, 5, 6], [7]]);
    await sized.close();

    const timed = new EventBuffer<number>({ batchSize: 100, intervalMs: 20, write: async (b) => void batches.push(b) });
    timed.push(8);
    await new Promise((resolve) => setTimeout(resolve, 80));
    expect(batches.at(-1)).toEqual([8]);
    await timed.close();
  });

  it('a failed batch write drops that batch with a count and the buffer carries on', async () => {
    let fail = true;
    const written: number[] = [];
    const errors: number[] = [];
    const flaky = new EventBuffer<number>({
      intervalMs: 3_600_000,
      write: async (b) => {
        if (fail) throw new Error('database down');
        written.push(...b);
      },
      onError: (_e, n) => errors.push(n),
    });
    flaky.push(1);
    flaky.push(2);
    await flaky.flush();
    fail = false;
    flaky.push(3);
    await flaky.close();
    expect(written).toEqual([3]);
    expect(errors).toEqual([2]);
    expect(flaky.stats()).toMatchObject({ written: 1, dropped: { write_failed: 2, full: 0 } });
  });
});
