import { BonusGrantStatus } from '@hondana/domain/orders/pre-orders';
import type { Insertable, Selectable, Transaction } from 'kysely';
import type { PreOrderBonusesTable } from '../../db/pre-order-schema';
import type { Database, Db } from '../../db/schema';

type Trx = Transaction<Database>;
export type BonusRow = Selectable<PreOrderBonusesTable>;

/** Bonuses started by `now` and not ended that may cover the books: their own, their titles', or every pre-order's. */
export function bonusesCovering(db: Db, q: { bookIds: number[]; titleIds: number[]; now: number }): Promise<BonusRow[]> {
  return db
    .selectFrom('pre_order_bonuses')
    .selectAll()
    .where('start_at', '<=', q.now)
    .where((eb) => eb.or([eb('end_at', 'is', null), eb('end_at', '>', q.now)]))
    .where((eb) =>
      eb.or([
        eb('book_id', 'in', q.bookIds),
        eb.and([eb('book_id', 'is', null), eb.or([eb('title_id', 'is', null), eb('title_id', 'in', q.titleIds)])]),
      ]),
    )
    .orderBy('id')
    .execute();
}

/** Every bonus not ended by `now` (running or yet to start), for the volume page's kept list. */
export function bonusesNotEnded(db: Db, now: number): Promise<BonusRow[]> {
  return db
    .selectFrom('pre_order_bonuses')
    .selectAll()
    .where((eb) => eb.or([eb('end_at', 'is', null), eb('end_at', '>', now)]))
    .orderBy('id')
    .execute();
}

export async function insertBonusGrants(trx: Trx, rows: Insertable<Database['pre_order_bonus_grants']>[]): Promise<void> {
  if (rows.length > 0) await trx.insertInto('pre_order_bonus_grants').values(rows).execute();
}

export async function cancelPendingGrantsOf(db: Db, orderId: number): Promise<void> {
  await db
    .updateTable('pre_order_bonus_grants')
    .set({ status: BonusGrantStatus.CANCELED })
    .where('order_id', '=', orderId)
    .where('status', '=', BonusGrantStatus.PENDING)
    .execute();
}

/** PENDING grants whose volume is released by `now` (of one member, or of everyone), oldest first, with what their ledger line names. */
export function dueGrants(db: Db, q: { userId?: number; now: number; limit: number }) {
  let query = db
    .selectFrom('pre_order_bonus_grants as g')
    .innerJoin('books', 'books.id', 'g.book_id')
    .innerJoin('titles', 'titles.id', 'books.title_id')
    .innerJoin('orders', 'orders.id', 'g.order_id')
    .innerJoin('pre_order_bonuses as b', 'b.id', 'g.bonus_id')
    .select([
      'g.id',
      'g.user_id',
      'g.order_id',
      'g.point',
      'orders.status as order_status',
      'b.name',
      'b.expire_days',
      'books.start_datetime',
      'books.vol',
      'titles.name as title_name',
    ])
    .where('g.status', '=', BonusGrantStatus.PENDING)
    .where('books.start_datetime', '<=', q.now)
    .orderBy('g.id')
    .limit(q.limit);
  if (q.userId !== undefined) query = query.where('g.user_id', '=', q.userId);
  return query.execute();
}

/** PENDING → GRANTED (or CANCELED) if still PENDING; false when another pass settled it first. */
export async function settleGrant(trx: Trx, grantId: number, outcome: { cancelled: boolean; now: number }): Promise<boolean> {
  const won = await trx
    .updateTable('pre_order_bonus_grants')
    .set(outcome.cancelled ? { status: BonusGrantStatus.CANCELED } : { status: BonusGrantStatus.GRANTED, granted_at: outcome.now })
    .where('id', '=', grantId)
    .where('status', '=', BonusGrantStatus.PENDING)
    .executeTakeFirst();
  return won.numUpdatedRows === 1n;
}

export async function setGrantLot(trx: Trx, grantId: number, lotId: number): Promise<void> {
  await trx.updateTable('pre_order_bonus_grants').set({ lot_id: lotId }).where('id', '=', grantId).execute();
}

/** The member's bonus grants, newest first. */
export function memberGrants(db: Db, userId: number, limit: number) {
  return db
    .selectFrom('pre_order_bonus_grants as g')
    .innerJoin('pre_order_bonuses as b', 'b.id', 'g.bonus_id')
    .innerJoin('books', 'books.id', 'g.book_id')
    .select(['g.bonus_id', 'b.name', 'g.order_id', 'g.book_id', 'g.point', 'g.status', 'books.start_datetime', 'g.granted_at'])
    .where('g.user_id', '=', userId)
    .orderBy('g.id', 'desc')
    .limit(limit)
    .execute();
}

/** Σ points of one pre-order's grants that are not cancelled (pending or granted). */
export async function orderGrantPoints(db: Db, orderId: number): Promise<number> {
  const row = await db
    .selectFrom('pre_order_bonus_grants')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('point'), eb.lit(0)).as('total'))
    .where('order_id', '=', orderId)
    .where('status', '!=', BonusGrantStatus.CANCELED)
    .executeTakeFirstOrThrow();
  return Number(row.total);
}
