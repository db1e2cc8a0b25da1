import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

/** Completed book orders placed in [from, to), with their items and each item's title. */
export function bookOrderItems(db: Kysely<Database>, from: number, to: number) {
  return db
    .selectFrom('orders as o')
    .innerJoin('order_items as i', 'i.order_id', 'o.id')
    .innerJoin('books as b', 'b.id', 'i.book_id')
    .innerJoin('titles as t', 't.id', 'b.title_id')
    .select([
      'o.id as orderId',
      'o.created_at',
      'o.payment_type',
      'o.total_price',
      'o.use_point',
      'i.price',
      't.id as titleId',
      't.name as titleName',
    ])
    .where('o.kind', '=', 'BOOK')
    .where('o.status', 'in', ['COMPLETE', 'DELIVERED'])
    .where('o.created_at', '>=', from)
    .where('o.created_at', '<', to)
    .orderBy('o.id')
    .orderBy('i.book_id')
    .execute();
}

/** The order kinds of manga coin payments: a coin pack, and a subscription's cycle (wallet's `SUBSCRIPTION_ORDER_KIND`). */
export const COIN_ORDER_KINDS = { MANGA_COIN: 'pack', MANGA_COIN_SUBSCRIPTION: 'subscription' } as const;

/** Completed manga coin payments (coin packs, subscription cycles) placed in [from, to), summed per kind and payment type. */
export function coinSalesByPaymentType(db: Kysely<Database>, from: number, to: number) {
  return db
    .selectFrom('orders')
    .select((eb) => [
      'kind',
      'payment_type',
      eb.fn.countAll<number>().as('orders'),
      eb.fn.sum<number>('total_price').as('yen'),
      eb.fn.sum<number>('coin').as('coins'),
      eb.fn.sum<number>('bonus').as('bonus'),
    ])
    .where('kind', 'in', Object.keys(COIN_ORDER_KINDS))
    .where('status', '=', 'COMPLETE')
    .where('created_at', '>=', from)
    .where('created_at', '<', to)
    .groupBy(['kind', 'payment_type'])
    .orderBy('kind')
    .orderBy('payment_type')
    .execute();
}
