import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { openDatabase } from '../src/db/database';
import type { Db } from '../src/db/schema';
import { recordChange } from '../src/ops/store-changes';
import { type TestApp, buildTestApp } from './support/build-test-app';
import { insertBook, insertTitle } from './support/catalog-factories';
import { StatementRecorder } from './support/request-cost';
import { testDialect } from './support/test-database';
import { buyWithMangaCoin, grantTo, ledgerInvariant, member } from './support/wallet-factories';

/**
 * A purchase's running point campaigns, missions and lotteries are kept by each process with the
 * catalog change count they were read at (`ops/kept-until-change.ts`, issue 36); the purchase
 * reads the count in its books statement. Two app instances on one database, each with its own
 * database handle (as two processes), the second one deaf to the change signal: what an operator
 * starts, counted as the console counts it, is seen by the second one's very next purchase.
 */
const HOUR = 3_600_000;
const clock = { now: Date.parse('2026-11-25T03:00:00Z') };
const recorder = new StatementRecorder();
let t: TestApp;
let other: FastifyInstance;
let closeOther: () => Promise<void>;

beforeAll(async () => {
  t = await buildTestApp({ clock: () => new Date(clock.now) });
  const handle = t.database.databaseUrl
    ? openDatabase({ databaseUrl: t.database.databaseUrl, poolSize: 4, log: recorder.log })
    : openDatabase({ sqliteFile: `${t.database.dataDir}/test.db`, log: recorder.log });
  other = await buildApp({
    database: handle,
    authRateLimit: 1000,
    clock: () => new Date(clock.now),
    config: { cookieSecure: false, dataDir: t.database.dataDir, secrets: { mediaUrlKey: 'test-media-key' }, checkResponses: true },
  });
  await other.ready();
  // Deaf to the change signal (no poll, no LISTEN): only the count its purchases read tells it.
  await other.deps.changes.stop();
  closeOther = async () => {
    await other.close();
    await handle.destroy();
  };
});
afterAll(async () => {
  await closeOther?.();
  await t?.close();
});
const db = () => t.database.db;

/** An operator's save: the rows and the catalog change counted in one transaction (`admin/admin-mutation.ts`). */
async function operatorSave(write: (trx: Db) => Promise<unknown>, counted = true) {
  await db()
    .transaction()
    .execute(async (trx) => {
      await write(trx);
      if (counted) await recordChange(trx, 'catalog', clock.now);
    });
}

async function startMission(trx: Db, window: { start: number; end: number }) {
  const { id } = await trx
    .insertInto('missions')
    .values({
      name: '買ってミッション',
      reward_type: 1,
      reward_amount: 10,
      lottery_campaign_id: null,
      start_at: window.start,
      end_at: window.end,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await trx.insertInto('mission_tasks').values({ mission_id: id, task_type: 'BUY_BOOK', target: 5 }).execute();
  return id;
}

async function startLottery(trx: Db, window: { start: number; end: number }) {
  const { id } = await trx
    .insertInto('lottery_campaigns')
    .values({ name: '買ってくじ', start_at: window.start, end_at: window.end, ticket_valid_days: 3 })
    .returning('id')
    .executeTakeFirstOrThrow();
  await trx
    .insertInto('lottery_distribution_events')
    .values({ campaign_id: id, event_type: 'PURCHASE', name: '購入', tickets: 1, link_id: null })
    .execute();
  return id;
}

let titleId = 0;
let vol = 0;
/** A purchase of a new 100-coin volume on the other instance: its answer's results. */
async function buyOnOther(m: { cookie: string; userId: number }) {
  titleId ||= await insertTitle(db());
  const bookId = await insertBook(db(), titleId, ++vol, { price: 100, start_datetime: clock.now - 24 * HOUR });
  await grantTo(db(), m.userId, 'MANGA_COIN', 100, { now: clock.now });
  const response = await buyWithMangaCoin(other, m.cookie, bookId, 100);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ results: { userLotteryTickets: { lotteryCampaignId: number }[] } }>().results;
}

const taskEvents = async (userId: number) =>
  Number(
    (
      await db()
        .selectFrom('mission_task_events')
        .select((eb) => eb.fn.countAll().as('n'))
        .where('user_id', '=', userId)
        .executeTakeFirstOrThrow()
    ).n,
  );

describe(`a purchase's kept campaigns, missions and lotteries (${testDialect})`, () => {
  it('with nothing running a purchase reads no campaign, mission, lottery or invitation row of its own', async () => {
    const m = await member(other);
    await buyOnOther(m); // the first purchase reads and keeps them
    recorder.start();
    await buyOnOther(m);
    const statements = recorder.stop();
    const own = statements.filter((s) =>
      /\b(point_campaigns|missions|mission_tasks|lottery_campaigns|lottery_distribution_events|invitation_grants)\b/.test(s),
    );
    // Only the books statement names them (the catalog change count, the pending invitation as a subquery).
    expect(own.map((s) => s.slice(0, 200))).toHaveLength(1);
    expect(own[0]).toMatch(/store_changes/);
  });

  it("an operator's mission, lottery and point campaign are seen by the other instance's next purchase, without its change signal", async () => {
    const m = await member(other);
    await buyOnOther(m);
    expect(await taskEvents(m.userId)).toBe(0);
    const running = { start: clock.now - HOUR, end: clock.now + 24 * HOUR };
    let lotteryId = 0;
    await operatorSave(async (trx) => {
      await startMission(trx, running);
      lotteryId = await startLottery(trx, running);
      await trx
        .insertInto('point_campaigns')
        .values({
          name: 'シリーズポイント',
          type: 'series',
          rate: 0,
          point: 7,
          expire_days: 90,
          min_books: 0,
          title_id: titleId,
          start_at: running.start,
          end_at: running.end,
        })
        .execute();
    });
    // Each purchase after the first earns the basic 1 % (the migration's campaign): 1 point.
    const points = async () => (await ledgerInvariant(db(), m.userId, clock.now)).POINT;
    const pointsBefore = await points();
    const bought = await buyOnOther(m);
    expect(bought.userLotteryTickets).toEqual([{ lotteryCampaignId: lotteryId }]);
    expect(await taskEvents(m.userId)).toBe(1);
    expect((await points()) - pointsBefore).toBe(1 + 7);

    // The operator ends them: the next purchase earns none of them.
    await operatorSave(async (trx) => {
      await trx.updateTable('missions').set({ end_at: clock.now }).execute();
      await trx.updateTable('lottery_campaigns').set({ end_at: clock.now }).execute();
      await trx.updateTable('point_campaigns').set({ end_at: clock.now }).where('name', '=', 'シリーズポイント').execute();
    });
    const after = await points();
    expect((await buyOnOther(m)).userLotteryTickets).toEqual([]);
    expect(await taskEvents(m.userId)).toBe(1);
    expect((await points()) - after).toBe(1);
  });

  it('kept until the next one starts or a running one ends on the clock; without a counted change the kept value is served', async () => {
    const m = await member(other);
    const start = clock.now + HOUR;
    let lotteryId = 0;
    await operatorSave(async (trx) => {
      await startMission(trx, { start, end: start + HOUR });
      lotteryId = await startLottery(trx, { start, end: start + HOUR });
    });
    expect((await buyOnOther(m)).userLotteryTickets).toEqual([]);
    expect(await taskEvents(m.userId)).toBe(0);
    clock.now = start;
    expect((await buyOnOther(m)).userLotteryTickets).toEqual([{ lotteryCampaignId: lotteryId }]);
    expect(await taskEvents(m.userId)).toBe(1);
    clock.now = start + HOUR;
    expect((await buyOnOther(m)).userLotteryTickets).toEqual([]);
    expect(await taskEvents(m.userId)).toBe(1);

    // A row written without counting the change (no console does that): the kept answer stays, which
    // shows the purchase did not read it; counted, the next purchase sees it.
    const running = { start: clock.now - HOUR, end: clock.now + HOUR };
    let uncounted = 0;
    await operatorSave(async (trx) => (uncounted = await startLottery(trx, running)), false);
    expect((await buyOnOther(m)).userLotteryTickets).toEqual([]);
    await operatorSave(async () => undefined);
    expect((await buyOnOther(m)).userLotteryTickets).toEqual([{ lotteryCampaignId: uncounted }]);
  });
});
