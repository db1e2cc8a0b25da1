import { EroticType } from '@hondana/domain/catalog/catalog';
import type { Expression, Transaction } from 'kysely';
import type { Database, Db } from '../../db/schema';

type Trx = Transaction<Database>;

export async function titleExists(db: Db, titleId: number): Promise<boolean> {
  return (await db.selectFrom('titles').select('id').where('id', '=', titleId).executeTakeFirst()) !== undefined;
}

export async function wishCountOf(db: Db, titleId: number): Promise<number> {
  const row = await db
    .selectFrom('wish_titles')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('title_id', '=', titleId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** True when the title was not on the member's list and now is (the unique pair decides). */
export async function insertWish(trx: Trx, userId: number, titleId: number, now: number): Promise<boolean> {
  const added = await trx
    .insertInto('wish_titles')
    .values({ user_id: userId, title_id: titleId, created_at: now })
    .onConflict((oc) => oc.columns(['user_id', 'title_id']).doNothing())
    .executeTakeFirst();
  return Number(added.numInsertedOrUpdatedRows ?? 0n) > 0;
}

/** Takes titles off the member's list; the number really removed. */
export async function deleteWishes(trx: Trx, userId: number, titleIds: number[]): Promise<number> {
  const removed = await trx.deleteFrom('wish_titles').where('user_id', '=', userId).where('title_id', 'in', titleIds).executeTakeFirst();
  return Number(removed.numDeletedRows);
}

export async function isWished(db: Db, userId: number, titleId: number): Promise<boolean> {
  const row = await wishedTitleQuery(db, userId, titleId).executeTakeFirst();
  return row !== undefined;
}

/** The title's id when it is on the member's list (`userId` may be a column of an outer query), else no row. */
export function wishedTitleQuery(db: Db, userId: number | Expression<number>, titleId: number) {
  return db.selectFrom('wish_titles').select('title_id').where('user_id', '=', userId).where('title_id', '=', titleId);
}

/** A page of the member's list, newest first, with the list's length. */
export async function listWishedTitles(db: Db, userId: number, offset: number, limit: number, includeAdult = true) {
  // §6: an R18 title only for a verified adult who asked (ac=1).
  const base = db
    .selectFrom('wish_titles as w')
    .innerJoin('titles as t', 't.id', 'w.title_id')
    .where('w.user_id', '=', userId)
    .$if(!includeAdult, (q) => q.where('t.erotic_type', '!=', EroticType.R18));
  const [rows, total] = await Promise.all([
    base
      .select(['t.id', 't.name', 'w.created_at'])
      .orderBy('w.created_at', 'desc')
      .orderBy('t.id', 'desc')
      .offset(offset)
      .limit(limit)
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, totalCount: Number(total.n) };
}

/** Released, unstopped volumes of the titles, highest volume first. */
export function releasedVolumesOf(db: Db, titleIds: number[], now: number) {
  return db
    .selectFrom('books')
    .select(['id', 'title_id', 'vol', 'start_datetime', 'media_version'])
    .where('title_id', 'in', titleIds)
    .where('start_datetime', '<=', now)
    .where('sales_status', '!=', 'STOPPED')
    .orderBy('vol', 'desc')
    .execute();
}
