import { AppError, ErrorCode, notFound } from '@hondana/domain/common/errors';
import { ledgerLine } from '@hondana/domain/wallet/ledger-lines';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema';
import { inMoneyTransaction, refundOrderSpends, revokeOrderGrants } from '../ledger/ledger';
import { revokeOrderEntitlements } from './entitlements';
import { orderState, transitionOrder } from './orders.repository';

/**
 * Cancels a completed book order (support work): COMPLETE → CANCEL, every lot it drew from gets
 * back exactly what was drawn, the points it earned are taken back (what remains of them), and
 * its entitlements are removed — all in one transaction. Coin packs are not refunded in cash.
 */
export async function cancelBookOrder(db: Kysely<Database>, orderId: number, reason: string, now: number): Promise<void> {
  await inMoneyTransaction(db, (trx) => cancelBookOrderIn(trx, orderId, now));
}

/** The same cancel inside the caller's transaction (the console writes its audit entry beside it). */
export async function cancelBookOrderIn(trx: Transaction<Database>, orderId: number, now: number): Promise<void> {
  const order = await orderState(trx, orderId);
  if (!order) throw notFound('order');
  if (order.kind !== 'BOOK') throw new AppError(400, ErrorCode.BAD_REQUEST, ['order: only book orders can be cancelled']);
  const from = order.status === 'DELIVERED' ? 'DELIVERED' : 'COMPLETE';
  if (!(await transitionOrder(trx, orderId, from, 'CANCEL', now, { failure_code: 'CANCELLED_BY_SUPPORT' }))) {
    throw new AppError(400, ErrorCode.BAD_REQUEST, [`order: ${order.status} cannot be cancelled`]);
  }
  // The member's ledger says what happened in Japanese; the support reason goes to the log.
  await refundOrderSpends(trx, orderId, ledgerLine.refund(orderId), now);
  await revokeOrderGrants(trx, orderId, ledgerLine.revoke(orderId), now);
  await revokeOrderEntitlements(trx, order.user_id, orderId);
}
