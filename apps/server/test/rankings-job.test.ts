import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../src/app';
import { RANKINGS_EVERY_MS } from '../src/modules/catalog/rankings.service';
import { type TrackingBuffer, createTrackingBuffer } from '../src/modules/tracking/tracking.service';
import { type TestDatabase, createTestDatabase } from './support/test-database';
import { addEvents, createTitle, jst } from './support/discovery-factories';
import { buyWithMangaCoin, grantTo, member } from './support/wallet-factories';

/**
 * Issue 40 item 8: the `rankings` job works the rankings out from what people do (the recorded
 * `/log` calls, the store's completed purchases, the demo's drawn history) once per interval for
 * the whole store, and every process reads its rows.
 */
let database: TestDatabase | undefined;
const apps: FastifyInstance[] = [];
afterEach(async () => {
  await Promise.all(apps.splice(0).map((app) => app.close()));
  await database?.destroy();
  database = undefined;
});

async function store(at: number) {
  database = await createTestDatabase();
  const clock = { now: at };
  // No timed flush: the events reach the table when the test flushes.
  const buffer = createTrackingBuffer(database.db, { intervalMs: 3_600_000, batchSize: 1000 });
  const app = await instance(database, clock, buffer);
  return { app, db: database.db, clock, buffer };
}

async function instance(db: TestDatabase, clock: { now: number }, tracking?: TrackingBuffer) {
  const app = await buildApp({
    database: db,
    authRateLimit: 1000,
    clock: () => new Date(clock.now),
    config: { cookieSecure: false, dataDir: db.dataDir, secrets: { mediaUrlKey: 'test-media-key' }, checkResponses: true },
    ...(tracking ? { tracking } : {}),
  });
  apps.push(app);
  await app.ready();
  return app;
}

const ranking = async (app: FastifyInstance, query: string) => {
  const res = await app.inject({ url: `/api/rankings?${query}` });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { entities: { titleId: number; score: number }[] }).entities.map((e) => e.titleId);
};
const log = async (app: FastifyInstance, path: string, cookie?: string) => {
  const res = await app.inject({ url: `/api/log/${path}`, headers: cookie ? { cookie } : {} });
  expect(res.statusCode).toBe(204);
  return /hondana_gid=[^;]+/.exec(String(res.headers['set-cookie']))?.[0] ?? cookie;
};
const rankingsRun = async (...instances: FastifyInstance[]) =>
  (await Promise.all(instances.map((a) => a.ops.scheduler.runDue()))).flat().filter((r) => r.name === 'rankings');

describe('the rankings job (issue 40 item 8)', () => {
  it('recorded /log calls and purchases move a title up once the job has run; every process reads the job’s rows', async () => {
    const { app, db, clock, buffer } = await store(jst('2026-11-21T12:00:00'));
    const released = { start_datetime: jst('2026-11-01T00:00:00') };
    const watched = await createTitle(db, { name: '読まれる作品', books: [released] });
    const drawn = await createTitle(db, { name: '履歴の作品', books: [released] });
    const replayed = await createTitle(db, { name: '何度も開かれる作品', books: [released] });
    // The demo's drawn history: three reads of `drawn` on the 21st.
    await addEvents(db, drawn.titleId, [{ kind: 'read', at: jst('2026-11-21T09:00:00'), count: 3 }]);

    clock.now = jst('2026-11-22T01:00:00');
    expect((await rankingsRun(app)).map((r) => r.outcome)).toEqual(['ran']);
    expect(await ranking(app, 'term=daily')).toEqual([drawn.titleId]);

    // On the 22nd: four guests open `watched` (one of them four times: counted once), a guest
    // taps it in a search result, a member buys it; one guest opens `replayed` ten times.
    clock.now = jst('2026-11-22T15:00:00');
    for (let guest = 0; guest < 4; guest++) {
      const cookie = await log(app, `read_start?book_id=${watched.bookIds[0]}&title_id=${watched.titleId}&ref=free_ranking_reader`);
      if (guest === 0) for (let again = 0; again < 3; again++) await log(app, `read_start?book_id=${watched.bookIds[0]}`, cookie);
    }
    await log(app, `tap_result?title_id=${watched.titleId}&word=%E8%AA%AD`);
    const once = await log(app, `read_start?book_id=${replayed.bookIds[0]}`);
    for (let again = 0; again < 9; again++) await log(app, `read_start?book_id=${replayed.bookIds[0]}`, once);
    // Kinds that do not count: a page view and a module view name no title's merit.
    await log(app, `page?page=%2F&title_id=${replayed.titleId}&hash=v`);
    const buyer = await member(app);
    await grantTo(db, buyer.userId, 'MANGA_COIN', 1000);
    expect((await buyWithMangaCoin(app, buyer.cookie, watched.bookIds[0]!, 500)).statusCode).toBe(200);
    await buffer.flush();

    // The 22nd's events count from the 23rd on, once the job has run.
    expect(await ranking(app, 'term=daily')).toEqual([drawn.titleId]);
    clock.now = jst('2026-11-23T01:00:00');
    expect((await rankingsRun(app)).map((r) => r.outcome)).toEqual(['ran']);
    // watched: 4 visitors' reads (4) + a purchase (3) + a tap (0.5); replayed: one visitor (1).
    expect(await ranking(app, 'term=daily')).toEqual([watched.titleId, replayed.titleId]);
    expect(await ranking(app, 'term=daily&sort=sales')).toEqual([watched.titleId]);
    expect(await ranking(app, 'term=daily&sort=reads')).toEqual([watched.titleId, replayed.titleId]);
    expect(await ranking(app, 'term=weekly')).toEqual([watched.titleId, drawn.titleId, replayed.titleId]);
    const stored = await db
      .selectFrom('ranking_scores')
      .select(['title_id', 'score'])
      .where('term', '=', 'daily')
      .where('basis', '=', 'popular')
      .orderBy('score', 'desc')
      .execute();
    expect(stored.map((r) => [r.title_id, Number(r.score)])).toEqual([
      [watched.titleId, 7.5],
      [replayed.titleId, 1],
    ]);

    // A late event of the 22nd waits for the job's next run, in a process that has read nothing
    // yet as well: it reads the job's rows instead of counting on its own.
    await addEvents(db, replayed.titleId, [{ kind: 'purchase', at: jst('2026-11-22T20:00:00'), count: 10 }]);
    const other = await instance(database!, clock);
    expect(await ranking(other, 'term=daily')).toEqual([watched.titleId, replayed.titleId]);
    expect(await ranking(app, 'term=daily')).toEqual([watched.titleId, replayed.titleId]);
    clock.now = jst('2026-11-23T01:10:00');
    const runs = await rankingsRun(app, other);
    expect(runs.map((r) => r.outcome).sort()).toEqual(['ran', 'skipped']);
    // The running process hears its own change at once, the other at its next look at the counters.
    await other.deps.changes.check();
    expect(await ranking(app, 'term=daily')).toEqual([replayed.titleId, watched.titleId]);
    expect(await ranking(other, 'term=daily')).toEqual([replayed.titleId, watched.titleId]);
  });

  it('two app instances running the job at once work the rankings out once', async () => {
    const { app, db, clock } = await store(jst('2026-11-22T12:00:00'));
    const title = await createTitle(db, { name: '作品', books: [{ start_datetime: jst('2026-11-01T00:00:00') }] });
    await addEvents(db, title.titleId, [{ kind: 'purchase', at: jst('2026-11-21T09:00:00'), count: 2 }]);
    const second = await instance(database!, clock);
    const runs = await rankingsRun(app, second);
    expect(runs.map((r) => r.outcome).sort()).toEqual(['ran', 'skipped']);
    // daily, weekly and monthly each rank the title by three bases but reads (2 × 3 rows each);
    // trending too (a rise from nothing).
    expect(runs.find((r) => r.outcome === 'ran')!.items).toBe(8);
    const computed = await db.selectFrom('ranking_runs').select(['term', 'computed_at']).orderBy('term').execute();
    expect(computed.map((r) => [r.term, Number(r.computed_at)])).toEqual(
      ['daily', 'monthly', 'trending', 'weekly'].map((term) => [term, clock.now]),
    );
    // Not due again before its interval, whichever process asks.
    clock.now += 60_000;
    expect((await rankingsRun(app, second)).map((r) => r.outcome)).toEqual(['skipped', 'skipped']);
    // Its next run finds the same scores: nothing is written, and nothing announced (an
    // announcement empties every process's rankings and kept pages).
    clock.now += RANKINGS_EVERY_MS;
    const announced = [vi.spyOn(app.deps.changes, 'publish'), vi.spyOn(second.deps.changes, 'publish')];
    const again = await rankingsRun(app, second);
    expect(again.find((r) => r.outcome === 'ran')!.items).toBe(0);
    expect(announced.flatMap((spy) => spy.mock.calls).filter(([topic]) => topic === 'rankings')).toEqual([]);
    // A new purchase changes the scores: written and announced.
    await addEvents(db, title.titleId, [{ kind: 'purchase', at: jst('2026-11-21T10:00:00'), count: 1 }]);
    clock.now += RANKINGS_EVERY_MS;
    expect((await rankingsRun(app, second)).find((r) => r.outcome === 'ran')!.items).toBeGreaterThan(0);
    expect(announced.flatMap((spy) => spy.mock.calls).filter(([topic]) => topic === 'rankings')).toHaveLength(1);
  });
});
