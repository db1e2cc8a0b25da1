import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { releasedPreOrderIds, transitionOrder } from './orders.repository';

/** How often the store looks for pre-orders whose release instant has passed. */
export const PRE_ORDER_DELIVERY_EVERY_MS = 60 * 1000;
const BATCH = 500;

/**
 * §4 DELIVERED: a pre-order (a book order placed before its books' release) becomes DELIVERED
 * once every book in it is released. The entitlement already reads as OWNED from the release
 * instant (`possessionAt`); this records the event on the order. Each order moves by the
 * domain's transition (COMPLETE → DELIVERED) as a conditional update, so overlapping runs or
 * processes deliver it once, and an order cancelled meanwhile stays cancelled.
 */
export async function deliverReleasedPreOrders(db: Kysely<Database>, now: number): Promise<number> {
  let delivered = 0;
  for (;;) {
    const ids = await releasedPreOrderIds(db, now, BATCH);
    for (const id of ids) if (await transitionOrder(db, id, 'COMPLETE', 'DELIVERED', now)) delivered += 1;
    if (ids.length < BATCH) return delivered;
  }
}
