import type { Insertable, Updateable } from 'kysely';
import type { Database, Db } from '../../db/schema';

/**
 * Queries of the console's features editor. They write the very tables the store's
 * `/serial_osusumes` reads (`serials/serial-discovery.repository`). Every edit is conditional on the
 * feature's version read, and that update comes first in its transaction, so two edits of one
 * feature never interleave.
 */
export type FeatureState = 'running' | 'scheduled' | 'ended';

/** The newest first, filtered by state at `now` when asked. */
export function featureRows(db: Db, state: FeatureState | undefined, now: number) {
  let query = db.selectFrom('serial_osusumes').selectAll().orderBy('start_datetime', 'desc').orderBy('id', 'desc').limit(200);
  if (state === 'running')
    query = query.where('start_datetime', '<=', now).where((eb) => eb.or([eb('end_datetime', 'is', null), eb('end_datetime', '>', now)]));
  if (state === 'scheduled') query = query.where('start_datetime', '>', now);
  if (state === 'ended') query = query.where('end_datetime', '<=', now);
  return query.execute();
}
export const featureRow = (db: Db, id: number) => db.selectFrom('serial_osusumes').selectAll().where('id', '=', id).executeTakeFirst();
export type FeatureRow = NonNullable<Awaited<ReturnType<typeof featureRow>>>;

/** The features' serials in their order, with their names. */
export function itemsOf(db: Db, featureIds: readonly number[]) {
  if (featureIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('serial_osusume_items as i')
    .innerJoin('serials as s', 's.id', 'i.serial_id')
    .select(['i.osusume_id', 'i.serial_id', 's.name'])
    .where('i.osusume_id', 'in', [...featureIds])
    .orderBy('i.osusume_id')
    .orderBy('i.sort_order')
    .execute();
}

/** The ids among `ids` that are serials. */
export async function existingSerials(db: Db, ids: readonly number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .selectFrom('serials')
    .select('id')
    .where('id', 'in', [...ids])
    .execute();
  return new Set(rows.map((r) => r.id));
}

export type FeatureColumns = Omit<Insertable<Database['serial_osusumes']>, 'id' | 'version'>;

export const insertFeature = async (db: Db, row: FeatureColumns): Promise<number> =>
  (await db.insertInto('serial_osusumes').values(row).returning('id').executeTakeFirstOrThrow()).id;

/** Writes the feature only if it is still at `version` (and bumps it); false when another edit came first. */
export async function updateFeatureAt(db: Db, id: number, version: number, row: Updateable<Database['serial_osusumes']>): Promise<boolean> {
  const result = await db
    .updateTable('serial_osusumes')
    .set((eb) => ({ ...row, version: eb('version', '+', 1) }))
    .where('id', '=', id)
    .where('version', '=', version)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** Replaces the feature's serials with these, in this order. */
export async function replaceItems(db: Db, featureId: number, serialIds: readonly number[]): Promise<void> {
  await db.deleteFrom('serial_osusume_items').where('osusume_id', '=', featureId).execute();
  if (serialIds.length === 0) return;
  await db
    .insertInto('serial_osusume_items')
    .values(serialIds.map((serialId, i) => ({ osusume_id: featureId, serial_id: serialId, sort_order: i })))
    .execute();
}

/** The next place in the store's order of lists: after every list there is. */
export async function nextSortOrder(db: Db): Promise<number> {
  const row = await db
    .selectFrom('serial_osusumes')
    .select((eb) => eb.fn.max('sort_order').as('m'))
    .executeTakeFirst();
  return row?.m === null || row?.m === undefined ? 0 : Number(row.m) + 1;
}
