import type { Insertable, Updateable } from 'kysely';
import type { Database, Db } from '../../db/schema';

/**
 * Queries of the console's missions editor. They write the very tables the store's mission calls
 * read (`campaigns/missions/missions.repository`), uncached. Every edit is conditional on the
 * mission's version read, and that update comes first in its transaction, so two edits of one
 * mission never interleave.
 */
export type MissionState = 'running' | 'scheduled' | 'ended';

/** The newest first, filtered by state at `now` when asked. */
export function missionRows(db: Db, state: MissionState | undefined, now: number) {
  let query = db.selectFrom('missions').selectAll().orderBy('start_at', 'desc').orderBy('id', 'desc').limit(200);
  if (state === 'running') query = query.where('start_at', '<=', now).where('end_at', '>', now);
  if (state === 'scheduled') query = query.where('start_at', '>', now);
  if (state === 'ended') query = query.where('end_at', '<=', now);
  return query.execute();
}
export const missionRow = (db: Db, id: number) => db.selectFrom('missions').selectAll().where('id', '=', id).executeTakeFirst();
export type MissionRow = NonNullable<Awaited<ReturnType<typeof missionRow>>>;

/** The missions' tasks, each with the number of members who have progress on it. */
export function tasksOf(db: Db, missionIds: readonly number[]) {
  if (missionIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('mission_tasks as t')
    .selectAll('t')
    .select((eb) =>
      eb
        .selectFrom('mission_task_events as e')
        .select((e) => e.fn.count<number>('e.user_id').distinct().as('n'))
        .whereRef('e.task_id', '=', 't.id')
        .as('members'),
    )
    .where('t.mission_id', 'in', [...missionIds])
    .orderBy('t.sort_order')
    .orderBy('t.id')
    .execute();
}

/** Members given each mission's bonus. */
export async function rewardedCounts(db: Db, missionIds: readonly number[]): Promise<Map<number, number>> {
  if (missionIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('mission_rewards')
    .select(['mission_id', (eb) => eb.fn.countAll<number>().as('n')])
    .where('mission_id', 'in', [...missionIds])
    .groupBy('mission_id')
    .execute();
  return new Map(rows.map((r) => [r.mission_id, Number(r.n)]));
}

export type MissionColumns = Omit<Insertable<Database['missions']>, 'id' | 'version'>;

export const insertMission = async (db: Db, row: MissionColumns): Promise<number> =>
  (await db.insertInto('missions').values(row).returning('id').executeTakeFirstOrThrow()).id;

/** Writes the mission only if it is still at `version` (and bumps it); false when another edit came first. */
export async function updateMissionAt(db: Db, id: number, version: number, row: Updateable<Database['missions']>): Promise<boolean> {
  const result = await db
    .updateTable('missions')
    .set((eb) => ({ ...row, version: eb('version', '+', 1) }))
    .where('id', '=', id)
    .where('version', '=', version)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

export const insertTask = (db: Db, row: Insertable<Database['mission_tasks']>) => db.insertInto('mission_tasks').values(row).execute();
export const updateTask = (db: Db, id: number, row: Updateable<Database['mission_tasks']>) =>
  db.updateTable('mission_tasks').set(row).where('id', '=', id).execute();

/** Removes a task no member has progress on; false when one has (since it was read, too). */
export async function deleteUntouchedTask(db: Db, id: number): Promise<boolean> {
  const result = await db
    .deleteFrom('mission_tasks')
    .where('id', '=', id)
    .where((eb) =>
      eb.not(
        eb.exists(eb.selectFrom('mission_task_events').select('task_id').whereRef('mission_task_events.task_id', '=', 'mission_tasks.id')),
      ),
    )
    .executeTakeFirst();
  return result.numDeletedRows > 0n;
}

export const lotteryCampaignExists = async (db: Db, id: number) =>
  (await db.selectFrom('lottery_campaigns').select('id').where('id', '=', id).executeTakeFirst()) !== undefined;
