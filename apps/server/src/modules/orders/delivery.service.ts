import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { enqueueMail } from '../mail/outbox';
import { orderMailBooks, releasedPreOrderIds, transitionOrder } from './orders.repository';

/** How often the store looks for pre-orders whose release instant has passed. */
export const PRE_ORDER_DELIVERY_EVERY_MS = 60 * 1000;
const BATCH = 500;

/**
 * §4 DELIVERED: a pre-order (a book order placed before its books' release) becomes DELIVERED
 * once every book in it is released. The entitlement already reads as OWNED from the release
 * instant (`possessionAt`); this records the event on the order. Each order moves by the
 * domain's transition (COMPLETE → DELIVERED) as a conditional update, so overlapping runs or
 * processes deliver it once, and an order cancelled meanwhile stays cancelled. The member's
 * 予約した作品が配信されました mail is written in the same transaction (once per order).
 */
export async function deliverReleasedPreOrders(db: Kysely<Database>, now: number): Promise<number> {
  let delivered = 0;
  for (;;) {
    const ids = await releasedPreOrderIds(db, now, BATCH);
    for (const id of ids) if (await deliverOne(db, id, now)) delivered += 1;
    if (ids.length < BATCH) return delivered;
  }
}

function deliverOne(db: Kysely<Database>, orderId: number, now: number): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    if (!(await transitionOrder(trx, orderId, 'COMPLETE', 'DELIVERED', now))) return false;
    const rows = await orderMailBooks(trx, orderId);
    const books = rows.map((r) => ({ bookId: r.book_id, titleName: r.title_name, vol: r.vol }));
    if (rows[0])
      await enqueueMail(
        trx,
        { kind: 'PRE_ORDER_DELIVERED', key: `pre-order-delivered:${orderId}`, userId: rows[0].user_id, data: { orderId, books } },
        now,
      );
    return true;
  });
}
