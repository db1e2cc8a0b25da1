import type { Insertable, Updateable } from 'kysely';
import type { Database, Db } from '../../db/schema';

/**
 * Queries of the console's non-login appeal editor. They write the very table the store's
 * `/non_login_appeal` reads (`invitations/banners.repository` activeNonLoginAppeal), uncached.
 * Every edit is conditional on the appeal's version read.
 */
export type AppealState = 'running' | 'scheduled' | 'ended';
type Appeals = Database['non_login_appeals'];

/** The newest first, filtered by state at `now` when asked. */
export function appealRows(db: Db, state: AppealState | undefined, now: number) {
  let query = db.selectFrom('non_login_appeals').selectAll().orderBy('start_at', 'desc').orderBy('id', 'desc').limit(200);
  if (state === 'running') query = query.where('start_at', '<=', now).where('end_at', '>', now);
  if (state === 'scheduled') query = query.where('start_at', '>', now);
  if (state === 'ended') query = query.where('end_at', '<=', now);
  return query.execute();
}
export const appealRow = (db: Db, id: number) => db.selectFrom('non_login_appeals').selectAll().where('id', '=', id).executeTakeFirst();
export type AppealRow = NonNullable<Awaited<ReturnType<typeof appealRow>>>;
export type AppealColumns = Omit<Insertable<Appeals>, 'id' | 'version'>;

export const insertAppeal = async (db: Db, row: AppealColumns): Promise<number> =>
  (await db.insertInto('non_login_appeals').values(row).returning('id').executeTakeFirstOrThrow()).id;

/** Writes the appeal only if it is still at `version` (and bumps it); false when another edit came first. */
export async function updateAppealAt(db: Db, id: number, version: number, row: Updateable<Appeals>): Promise<boolean> {
  const result = await db
    .updateTable('non_login_appeals')
    .set((eb) => ({ ...row, version: eb('version', '+', 1) }))
    .where('id', '=', id)
    .where('version', '=', version)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}
