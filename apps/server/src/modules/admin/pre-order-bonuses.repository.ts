import type { Insertable, Updateable } from 'kysely';
import type { Database, Db } from '../../db/schema';

/**
 * Queries of the console's pre-order bonus editor. They write the table the store's pre-order
 * bonus calls read (`cart/pre-order-bonus.repository`). Every edit is conditional on the bonus's
 * version read, and that update comes first in its transaction, so two edits never interleave.
 */
type BonusState = 'running' | 'scheduled' | 'ended';

/** The newest first, filtered by state at `now` when asked. */
export function bonusRows(db: Db, state: BonusState | undefined, now: number) {
  let query = db.selectFrom('pre_order_bonuses').selectAll().orderBy('start_at', 'desc').orderBy('id', 'desc').limit(200);
  if (state === 'running')
    query = query.where('start_at', '<=', now).where((eb) => eb.or([eb('end_at', 'is', null), eb('end_at', '>', now)]));
  if (state === 'scheduled') query = query.where('start_at', '>', now);
  if (state === 'ended') query = query.where('end_at', '<=', now);
  return query.execute();
}
export const bonusRow = (db: Db, id: number) => db.selectFrom('pre_order_bonuses').selectAll().where('id', '=', id).executeTakeFirst();
export type BonusRow = NonNullable<Awaited<ReturnType<typeof bonusRow>>>;

/** The volumes with their titles' names. */
export function booksOf(db: Db, bookIds: readonly number[]) {
  if (bookIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('books as b')
    .innerJoin('titles as t', 't.id', 'b.title_id')
    .select(['b.id', 'b.title_id', 'b.vol', 'b.start_datetime', 't.name as title_name'])
    .where('b.id', 'in', [...bookIds])
    .execute();
}
export const bookOf = async (db: Db, bookId: number) => (await booksOf(db, [bookId]))[0];

/** Pre-orders given (or waiting for) each bonus. */
export async function grantCounts(db: Db, bonusIds: readonly number[]): Promise<Map<number, number>> {
  if (bonusIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('pre_order_bonus_grants')
    .select(['bonus_id', (eb) => eb.fn.countAll<number>().as('n')])
    .where('bonus_id', 'in', [...bonusIds])
    .groupBy('bonus_id')
    .execute();
  return new Map(rows.map((r) => [r.bonus_id, Number(r.n)]));
}

export type BonusColumns = Omit<Insertable<Database['pre_order_bonuses']>, 'id' | 'version'>;

export const insertBonus = async (db: Db, row: BonusColumns): Promise<number> =>
  (await db.insertInto('pre_order_bonuses').values(row).returning('id').executeTakeFirstOrThrow()).id;

/** Writes the bonus only if it is still at `version` (and bumps it); false when another edit came first. */
export async function updateBonusAt(db: Db, id: number, version: number, row: Updateable<Database['pre_order_bonuses']>): Promise<boolean> {
  const result = await db
    .updateTable('pre_order_bonuses')
    .set((eb) => ({ ...row, version: eb('version', '+', 1) }))
    .where('id', '=', id)
    .where('version', '=', version)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}
