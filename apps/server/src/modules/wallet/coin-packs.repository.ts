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
  return db.selectFrom('orders').selectAll().where('user_id', '=', userId).where('kind', '=', 'MANGA_COIN').orderBy('id', 'desc').limit(1).executeTakeFirst();
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
