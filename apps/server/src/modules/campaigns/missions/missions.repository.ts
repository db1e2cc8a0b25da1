import type { Transaction } from 'kysely';
import type { Database, Db } from '../../../db/schema';
import { preparedQuery } from '../../../db/prepared-query';

/** Queries of missions. */

export type MissionRow = Awaited<ReturnType<typeof runningMissions>>[number];

// Read by every paid purchase (its rewards): built once (see preparedQuery).
const runningMissionsQuery = preparedQuery((db, $: { now: number }) =>
  db.selectFrom('missions').selectAll().where('start_at', '<=', $.now).where('end_at', '>', $.now).orderBy('end_at').orderBy('id'),
);

export async function runningMissions(db: Db, now: number) {
  return (await runningMissionsQuery.execute(db, { now })).rows;
}

/** The first instant after `now` at which a mission starts (null: none is planned). */
export async function nextMissionStart(db: Db, now: number): Promise<number | null> {
  const row = await db
    .selectFrom('missions')
    .select((eb) => eb.fn.min('start_at').as('next'))
    .where('start_at', '>', now)
    .executeTakeFirst();
  return row?.next === null || row?.next === undefined ? null : Number(row.next);
}

export function tasksOf(db: Db, missionIds: readonly number[]) {
  if (missionIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('mission_tasks')
    .selectAll()
    .where('mission_id', 'in', [...missionIds])
    .orderBy('sort_order')
    .orderBy('id')
    .execute();
}

/** How many events counted towards each task, for the member. */
export async function progressOf(db: Db, userId: number, taskIds: readonly number[]): Promise<Map<number, number>> {
  if (taskIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('mission_task_events')
    .select(['task_id', (eb) => eb.fn.countAll<number>().as('n')])
    .where('user_id', '=', userId)
    .where('task_id', 'in', [...taskIds])
    .groupBy('task_id')
    .execute();
  return new Map(rows.map((r) => [r.task_id, Number(r.n)]));
}

/** Counts an event towards a task once per key; true when it counted now. */
export async function recordTaskEvent(
  trx: Transaction<Database>,
  e: { userId: number; taskId: number; key: string; now: number },
): Promise<boolean> {
  const result = await trx
    .insertInto('mission_task_events')
    .values({ user_id: e.userId, task_id: e.taskId, event_key: e.key, created_at: e.now })
    .onConflict((oc) => oc.columns(['user_id', 'task_id', 'event_key']).doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0n) === 1;
}

/** Claims the reward once (primary key); true for the one claim that wins. */
export async function claimReward(trx: Transaction<Database>, userId: number, missionId: number, now: number): Promise<boolean> {
  const result = await trx
    .insertInto('mission_rewards')
    .values({ user_id: userId, mission_id: missionId, granted_at: now, noticed_at: null })
    .onConflict((oc) => oc.columns(['user_id', 'mission_id']).doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0n) === 1;
}

export function rewardsOf(db: Db, userId: number, missionIds: readonly number[]) {
  if (missionIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('mission_rewards')
    .selectAll()
    .where('user_id', '=', userId)
    .where('mission_id', 'in', [...missionIds])
    .execute();
}

export async function markNoticed(db: Db, userId: number, missionId: number, now: number): Promise<boolean> {
  const result = await db
    .updateTable('mission_rewards')
    .set({ noticed_at: now })
    .where('user_id', '=', userId)
    .where('mission_id', '=', missionId)
    .where('noticed_at', 'is', null)
    .executeTakeFirst();
  return result.numUpdatedRows === 1n;
}

/** The member's open day, once (primary key); true when this call wrote it. */
export async function insertAppOpenDay(trx: Transaction<Database>, userId: number, day: string, now: number): Promise<boolean> {
  const result = await trx
    .insertInto('app_open_days')
    .values({ user_id: userId, day, created_at: now })
    .onConflict((oc) => oc.columns(['user_id', 'day']).doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0n) === 1;
}

/** What decides whether a book is free to read at an instant; undefined for an unknown book. */
export async function bookPricing(db: Db, bookId: number) {
  return db
    .selectFrom('books')
    .select(['price', 'sale_price', 'sale_start_datetime', 'sale_end_datetime', 'free_flg', 'free_start_datetime', 'free_end_datetime'])
    .where('id', '=', bookId)
    .executeTakeFirst();
}

/** Whether the member has read the episode to its end (the serial's end_reading registered it). */
export async function episodeReadToEnd(db: Db, userId: number, episodeId: number): Promise<boolean> {
  const read = await db
    .selectFrom('user_serial_episodes')
    .select('episode_id')
    .where('user_id', '=', userId)
    .where('episode_id', '=', episodeId)
    .where('read_ended_at', 'is not', null)
    .executeTakeFirst();
  return read !== undefined;
}
