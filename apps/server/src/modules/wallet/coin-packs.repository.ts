import type { Selectable, Transaction } from 'kysely';
import type { Database, Db } from '../../db/schema';
import type { MangaCoinItemsTable } from '../../db/wallet-schema';

/** Coin packs on sale and the coin pack orders that count against their limits. */
type Trx = Transaction<Database>;

/** Active coin packs, optionally only in `scenes`, in shop order. */
export async function activeCoinItems(db: Db, scenes: readonly string[]): Promise<Selectable<MangaCoinItemsTable>[]> {
  let query = db.selectFrom('manga_coin_items').selectAll().where('active', '=', 1).orderBy('sort_order');
  if (scenes.length > 0) query = query.where('display_scene', 'in', [...scenes]);
  return query.execute();
}

export async function activeCoinItem(db: Db, itemId: number) {
  return db.selectFrom('manga_coin_items').selectAll().where('id', '=', itemId).where('active', '=', 1).executeTakeFirst();
}

/** How many times the member bought each pack (completed or awaiting confirmation). */
export async function coinItemPurchaseCounts(db: Db, userId: number): Promise<Map<number, number>> {
  const rows = await db
    .selectFrom('orders')
    .select(['coin_item_id', (eb) => eb.fn.countAll<number>().as('n')])
    .where('user_id', '=', userId)
    .where('kind', '=', 'MANGA_COIN')
    .where('status', 'in', ['PROCESSING', 'COMPLETE', 'DELIVERED'])
    .groupBy('coin_item_id')
    .execute();
  return new Map(rows.map((r) => [r.coin_item_id ?? 0, Number(r.n)]));
}

/** How many of the member's orders (completed or awaiting confirmation) are for this pack. */
export async function coinItemPurchaseCount(trx: Trx, userId: number, itemId: number): Promise<number> {
  const bought = await trx
    .selectFrom('orders')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', userId)
    .where('coin_item_id', '=', itemId)
    .where('status', 'in', ['PROCESSING', 'COMPLETE', 'DELIVERED'])
    .executeTakeFirstOrThrow();
  return Number(bought.n);
}

export async function coinOrder(trx: Trx, orderId: number) {
  return trx.selectFrom('orders').selectAll().where('id', '=', orderId).executeTakeFirstOrThrow();
}

/** What a payment decision needs of an order; undefined when there is none. */
export async function coinOrderForDecision(trx: Trx, orderId: number) {
  return trx.selectFrom('orders').select(['user_id', 'coin', 'bonus', 'status']).where('id', '=', orderId).executeTakeFirst();
}

/** The member's own coin pack order; undefined when it is not theirs or not a coin pack. */
/** The member's latest coin pack order. */
export async function latestCoinOrder(db: Db, userId: number) {
  return db
    .selectFrom('orders')
    .selectAll()
    .where('user_id', '=', userId)
    .where('kind', '=', 'MANGA_COIN')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
}

export async function memberCoinOrder(db: Db, userId: number, orderId: number) {
  return db
    .selectFrom('orders')
    .selectAll()
    .where('id', '=', orderId)
    .where('user_id', '=', userId)
    .where('kind', '=', 'MANGA_COIN')
    .executeTakeFirst();
}

/** An order by id (Stripe's settling reads it before it knows the kind); undefined when there is none. */
export function orderById(db: Db, orderId: number) {
  return db.selectFrom('orders').selectAll().where('id', '=', orderId).executeTakeFirst();
}

/**
 * Coin pack orders paid through Stripe (`paymentTypes`) still PROCESSING: unchanged since
 * `staleBefore` with no voucher, or with a konbini voucher whose time limit was `voucherEndedBefore`.
 */
export function stripeCoinOrdersToReconcile(
  db: Db,
  paymentTypes: readonly string[],
  staleBefore: number,
  voucherEndedBefore: number,
  limit: number,
) {
  return db
    .selectFrom('orders')
    .select(['id', 'provider_ref', 'created_at'])
    .where('kind', '=', 'MANGA_COIN')
    .where('status', '=', 'PROCESSING')
    .where('payment_type', 'in', paymentTypes)
    .where((eb) =>
      eb.or([
        eb.and([eb('payment_expires_at', 'is', null), eb('updated_at', '<=', staleBefore)]),
        eb('payment_expires_at', '<=', voucherEndedBefore),
      ]),
    )
    .orderBy('id')
    .limit(limit)
    .execute();
}
