import { type Transaction, sql } from 'kysely';
import type { Database, Db } from '../../db/schema';

/** Refunds of paid orders an operator cancelled (`order_refunds`, one per order). */

/** The order as a paid cancellation reads it: whose, what kind, how it was paid, what it granted. */
export function paidOrder(db: Db, orderId: number) {
  return db
    .selectFrom('orders')
    .select(['id', 'user_id', 'kind', 'status', 'payment_type', 'total_price', 'coin', 'provider_ref'])
    .where('id', '=', orderId)
    .executeTakeFirst();
}

export async function insertRefund(
  trx: Transaction<Database>,
  row: { orderId: number; userId: number; amountYen: number; now: number },
): Promise<void> {
  await trx
    .insertInto('order_refunds')
    .values({
      order_id: row.orderId,
      user_id: row.userId,
      amount_yen: row.amountYen,
      status: 'PENDING',
      attempts: 0,
      refund_ref: null,
      failure: null,
      created_at: row.now,
      updated_at: row.now,
    })
    .execute();
}

export function refundOf(db: Db, orderId: number) {
  return db.selectFrom('order_refunds').selectAll().where('order_id', '=', orderId).executeTakeFirst();
}

export function memberRefunds(db: Db, userId: number) {
  return db
    .selectFrom('order_refunds')
    .select(['order_id', 'amount_yen', 'status', 'failure', 'updated_at'])
    .where('user_id', '=', userId)
    .execute();
}

/**
 * Takes the refund for one call to the provider (SENDING, attempts + 1): a PENDING one, or with
 * `again` a FAILED one or one left SENDING before `staleBefore` (the process died mid-call).
 * Undefined when another call has it, or it is done.
 */
export async function claimRefund(db: Db, orderId: number, input: { again: boolean; staleBefore: number; now: number }) {
  return db
    .updateTable('order_refunds')
    .set({ status: 'SENDING', attempts: sql<number>`attempts + 1`, updated_at: input.now })
    .where('order_id', '=', orderId)
    .where((eb) =>
      input.again
        ? eb.or([
            eb('status', '=', 'PENDING'),
            eb('status', '=', 'FAILED'),
            eb.and([eb('status', '=', 'SENDING'), eb('updated_at', '<', input.staleBefore)]),
          ])
        : eb('status', '=', 'PENDING'),
    )
    .returning(['attempts', 'amount_yen'])
    .executeTakeFirst();
}

/**
 * A refund the provider took (SUCCEEDED) and later reported failed: REVERSED with why, once (a
 * conditional update; a second report finds it REVERSED). Answers the order, or undefined.
 */
export async function reverseSucceededRefund(db: Db, refundRef: string, input: { failure: string; now: number }) {
  return db
    .updateTable('order_refunds')
    .set({ status: 'REVERSED', failure: input.failure, updated_at: input.now })
    .where('refund_ref', '=', refundRef)
    .where('status', '=', 'SUCCEEDED')
    .returning(['order_id', 'user_id'])
    .executeTakeFirst();
}

/** The provider's answer to the try `attempt` (a later try that took over leaves it alone). */
export async function settleRefund(
  db: Db,
  orderId: number,
  attempt: number,
  result: { status: 'SUCCEEDED' | 'FAILED'; refundRef: string | null; failure: string | null; now: number },
) {
  await db
    .updateTable('order_refunds')
    .set({ status: result.status, refund_ref: result.refundRef, failure: result.failure, updated_at: result.now })
    .where('order_id', '=', orderId)
    .where('status', '=', 'SENDING')
    .where('attempts', '=', attempt)
    .execute();
}
