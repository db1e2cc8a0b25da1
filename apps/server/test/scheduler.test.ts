import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { Scheduler } from '../src/ops/scheduler';
import { type TestDatabase, createTestDatabase } from './support/test-database';
import { type TestApp, buildTestApp } from './support/build-test-app';
import { insertBook, insertTitle } from './support/catalog-factories';
import { grantTo, ledgerInvariant, member, tokenFor } from './support/wallet-factories';

const jobRows = (db: TestDatabase['db']) => db.selectFrom('scheduler_jobs').selectAll().orderBy('name').execute();

let database: TestDatabase | undefined;
let t: TestApp | undefined;
const extra: FastifyInstance[] = [];
afterEach(async () => {
  await Promise.all(extra.splice(0).map((app) => app.close()));
  await t?.close();
  t = undefined;
  await database?.destroy();
  database = undefined;
});

const MINUTE = 60_000;

describe('the scheduler (one run per interval across processes, through a lease row)', () => {
  it('of two schedulers on one database, one runs a due job and the other skips it; it is not due again before its interval', async () => {
    database = await createTestDatabase();
    let now = Date.UTC(2026, 10, 25, 3);
    const runs: string[] = [];
    const make = (who: string) => {
      const scheduler = new Scheduler({ db: database!.db, clock: () => now });
      scheduler.register({ name: 'count', everyMs: MINUTE, run: async () => void runs.push(who) });
      return scheduler;
    };
    const [a, b] = [make('a'), make('b')];
    const first = [...(await a.runDue()), ...(await b.runDue())].map((r) => r.outcome).sort();
    expect(first).toEqual(['ran', 'skipped']);
    expect(runs).toHaveLength(1);

    now += MINUTE - 1;
    await Promise.all([a.runDue(), b.runDue()]);
    expect(runs).toHaveLength(1);
    now += 1;
    const third = (await Promise.all([a.runDue(), b.runDue()]))
      .flat()
      .map((r) => r.outcome)
      .sort();
    expect(third).toEqual(['ran', 'skipped']);
    expect(runs).toHaveLength(2);
    const [row] = await jobRows(database.db);
    expect(row).toMatchObject({ name: 'count', runs: 2, lease_owner: null, next_run_at: now + MINUTE, last_error: null });
  });

  it('a run held by a process that died is taken over once its lease has passed', async () => {
    database = await createTestDatabase();
    let now = Date.UTC(2026, 10, 25, 3);
    const stuck = new Scheduler({ db: database.db, clock: () => now });
    let release: () => void = () => {};
    let started: () => void = () => {};
    const running = new Promise<void>((resolve) => (started = resolve));
    stuck.register({
      name: 'slow',
      everyMs: MINUTE,
      leaseMs: 5 * MINUTE,
      run: () =>
        new Promise<void>((resolve) => {
          release = resolve;
          started();
        }),
    });
    const held = stuck.runDue();
    // The stuck process holds the lease once its run has begun (not after some milliseconds: a loaded machine takes longer).
    await running;
    const other = new Scheduler({ db: database.db, clock: () => now });
    let ran = 0;
    other.register({ name: 'slow', everyMs: MINUTE, run: async () => void (ran += 1) });
    now += 2 * MINUTE;
    expect((await other.runDue())[0]!.outcome).toBe('skipped');
    now += 3 * MINUTE;
    expect((await other.runDue())[0]!.outcome).toBe('ran');
    expect(ran).toBe(1);
    // The late finisher no longer holds the lease: its finish changes nothing.
    release();
    await held;
    const [row] = await jobRows(database.db);
    expect(row!.next_run_at).toBe(now + MINUTE);
  });

  it('a failing run is reported and retried at the next interval; stop() waits for a run in flight', async () => {
    database = await createTestDatabase();
    let now = Date.UTC(2026, 10, 25, 3);
    const scheduler = new Scheduler({ db: database.db, clock: () => now });
    let attempts = 0;
    scheduler.register({
      name: 'flaky',
      everyMs: MINUTE,
      run: async () => {
        attempts += 1;
        if (attempts === 1) throw new Error('database said no');
        return 3;
      },
    });
    const failed = await scheduler.runDue();
    expect(failed[0]).toMatchObject({ outcome: 'failed' });
    expect((await jobRows(database.db))[0]!.last_error).toBe('database said no');
    now += MINUTE;
    expect((await scheduler.runDue())[0]).toMatchObject({ outcome: 'ran', items: 3 });

    let finished = false;
    const slow = new Scheduler({ db: database.db, clock: () => now });
    slow.register({
      name: 'slow-stop',
      everyMs: MINUTE,
      run: async ({ signal }) => {
        await new Promise((resolve) => setTimeout(resolve, 100));
        finished = signal.aborted;
      },
    });
    const running = slow.runDue();
    await new Promise((resolve) => setTimeout(resolve, 20));
    await slow.stop();
    expect(finished).toBe(true);
    await running;
    expect((await slow.runDue())[0]!.outcome).toBe('skipped');
  });

  it('a pre-order bonus due at its release is granted once by the schedulers of two app instances', async () => {
    let now = Date.UTC(2026, 10, 25, 3);
    t = await buildTestApp({ clock: () => new Date(now) });
    const second = await buildApp({
      database: t.database,
      clock: () => new Date(now),
      config: { cookieSecure: false, dataDir: t.database.dataDir, secrets: { mediaUrlKey: 'test-media-key' } },
    });
    extra.push(second);
    await second.ready();
    expect(t.app.ops.scheduler.jobNames).toEqual(
      expect.arrayContaining(['pre-order-bonus-settlement', 'rate-limit-sweep', 'expired-session-sweep']),
    );
    const db = t.database.db;
    const m = await member(t.app);
    const release = now + 60 * MINUTE;
    const book = await insertBook(db, await insertTitle(db), 1, { price: 500, start_datetime: release, sales_status: 'IN_RESERVATION' });
    await db
      .insertInto('pre_order_bonuses')
      .values({ name: '予約特典', rate: 0, points: 70, book_id: book, title_id: null, start_at: now - MINUTE, end_at: null })
      .execute();
    await grantTo(db, m.userId, 'MANGA_COIN', 500, { now });
    const token = await tokenFor(t.app, m.cookie, '/api/pre_order/create_token');
    const placed = await t.app.inject({
      method: 'POST',
      url: `/api/pre_order/manga_coin/order/book?token=${token}`,
      headers: { cookie: m.cookie },
      payload: { bookId: book, price: 500 },
    });
    expect(placed.statusCode).toBe(200);
    const points = async () => (await ledgerInvariant(db, m.userId, now)).POINT;
    const before = await points();

    now = release + 1;
    const runs = (await Promise.all([t.app.ops.scheduler.runDue(), second.ops.scheduler.runDue()])).flat();
    const settlement = runs.filter((r) => r.name === 'pre-order-bonus-settlement');
    expect(settlement.map((r) => r.outcome).sort()).toEqual(['ran', 'skipped']);
    expect(settlement.find((r) => r.outcome === 'ran')!.items).toBe(70);
    expect(await points()).toBe(before + 70);
    now += 2 * MINUTE;
    await Promise.all([t.app.ops.scheduler.runDue(), second.ops.scheduler.runDue()]);
    expect(await points()).toBe(before + 70);
    const grants = await db.selectFrom('pre_order_bonus_grants').select(['status', 'lot_id']).execute();
    expect(grants).toEqual([{ status: 'GRANTED', lot_id: expect.any(Number) }]);
  });

  it('the sweeps delete rate-limit counters past their window and expired sessions', async () => {
    let now = Date.UTC(2026, 10, 25, 3);
    t = await buildTestApp({ clock: () => new Date(now), authRateLimit: 10 });
    const db = t.database.db;
    await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'a@example.jp', password: 'wrong-password' } });
    await db
      .insertInto('sessions')
      .values({ id_hash: 'old', user_id: (await member(t.app)).userId, created_at: 0, expires_at: now - 1 })
      .execute();
    // The failed login and the signup, each on its address and its account.
    expect((await db.selectFrom('rate_limit_hits').select('id').execute()).length).toBe(4);
    // The longest window the sweep keeps is the mailed-link limits' quarter-hour.
    now += 16 * MINUTE;
    await t.app.ops.scheduler.runDue();
    expect(await db.selectFrom('rate_limit_hits').select('id').execute()).toEqual([]);
    expect(await db.selectFrom('sessions').select('id_hash').where('id_hash', '=', 'old').execute()).toEqual([]);
  });
});
