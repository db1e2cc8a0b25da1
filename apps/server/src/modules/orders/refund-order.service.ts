import { AppError, ErrorCode, badRequest, notFound } from '@hondana/domain/common/errors';
import type { OrderStatus } from '@hondana/domain/orders/orders';
import { ledgerLine } from '@hondana/domain/wallet/ledger-lines';
import { isProviderPaymentType, refundYen } from '@hondana/domain/wallet/refunds';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema';
import type { PaymentProvider } from '../../payments/payment-provider';
import { expireDue, inMoneyTransaction, refundOrderSpends, returnRevokedGrants, revokeOrderGrants } from '../ledger/ledger';
import { revokeOrderEntitlements } from './entitlements';
import { transitionOrder } from './orders.repository';
import * as refunds from './refunds.repository';

/**
 * An operator's cancellation of an order the member paid through the payment provider (a coin
 * pack, or a cart's books, by card or carrier), issue 39. In the console's transaction the order
 * goes to CANCEL by a conditional update of its status (two operators, or two app instances, at
 * once: one wins, the other is refused), what it granted is taken back in the ledger, and the
 * refund is written PENDING with its amount (`refundYen` of the domain: the unspent paid coins'
 * share of a coin pack; all of a book order). After that transaction the provider is asked
 * (`sendRefund`): never inside it, and never twice for one order — the refund row is claimed by
 * a conditional update first, and a failed call leaves it FAILED for the operator to try again.
 */
type Trx = Transaction<Database>;

/** Orders whose money this path gives back: what the provider took and what was granted for it. */
const CANCELLABLE: readonly OrderStatus[] = ['COMPLETE', 'DELIVERED', 'GRANT_ERROR'];
const KINDS = ['MANGA_COIN', 'BOOK'];
/** A call to the provider left SENDING this long (its process died) may be tried again. */
const REFUND_STALE_MS = 2 * 60 * 1000;

type PaidOrder = NonNullable<Awaited<ReturnType<typeof refunds.paidOrder>>>;

/** Whether the order's money was taken by the provider, so that its cancellation refunds it. */
export const isPaidThroughProvider = (order: { payment_type: string; total_price: number }) =>
  isProviderPaymentType(order.payment_type) && order.total_price > 0;

/**
 * What cancelling the order now would give back, from its lots (the console shows it on the
 * button): null when the order is not one this path cancels.
 */
export function refundableYen(
  order: { kind: string; status: string; payment_type: string; total_price: number; coin: number },
  lots: readonly { paid: boolean; currency: string; remaining: number; usable: boolean }[],
): number | null {
  if (!isPaidThroughProvider(order) || !KINDS.includes(order.kind) || !CANCELLABLE.includes(order.status as OrderStatus)) return null;
  if (order.kind === 'BOOK' || order.status === 'GRANT_ERROR') return order.total_price;
  const left = lots.filter((l) => l.paid && l.currency === 'MANGA_COIN' && l.usable).reduce((sum, l) => sum + l.remaining, 0);
  return refundYen({ paidYen: order.total_price, paidCoins: order.coin, paidCoinsLeft: left });
}

/**
 * In the caller's transaction: CANCEL, the ledger, and the refund row. `expectedYen`: the amount
 * the operator saw on the button; refused (400 naming refundYen) when it is no longer what would
 * be given back (coins were spent meanwhile).
 */
export async function cancelPaidOrderIn(
  trx: Trx,
  order: PaidOrder,
  expectedYen: number | undefined,
  now: number,
): Promise<{ amountYen: number }> {
  if (!KINDS.includes(order.kind))
    throw new AppError(400, ErrorCode.BAD_REQUEST, ['order: only coin packs and book orders are refunded here']);
  const from = order.status as OrderStatus;
  if (
    !CANCELLABLE.includes(from) ||
    !(await transitionOrder(trx, order.id, from, 'CANCEL', now, { failure_code: 'CANCELLED_BY_SUPPORT' }))
  ) {
    throw new AppError(400, ErrorCode.BAD_REQUEST, [`order: ${order.status} cannot be cancelled`]);
  }
  let amountYen = order.total_price;
  if (order.kind === 'BOOK' && from !== 'GRANT_ERROR') {
    // The points it spent come back, the points it earned are taken back, the books leave the shelf.
    await refundOrderSpends(trx, order.id, ledgerLine.refund(order.id), now);
    await revokeOrderGrants(trx, order.id, ledgerLine.revoke(order.id), now);
    await revokeOrderEntitlements(trx, order.user_id, order.id);
  } else if (order.kind === 'MANGA_COIN' && from !== 'GRANT_ERROR') {
    // Lots past their expiry are expired first: coins that have lapsed are not paid back.
    await expireDue(trx, order.user_id, now);
    const taken = await revokeOrderGrants(trx, order.id, ledgerLine.revoke(order.id), now);
    const paidLeft = taken.filter((t) => t.paid && t.currency === 'MANGA_COIN').reduce((sum, t) => sum + t.taken, 0);
    amountYen = refundYen({ paidYen: order.total_price, paidCoins: order.coin, paidCoinsLeft: paidLeft });
  }
  if (expectedYen !== undefined && expectedYen !== amountYen) throw badRequest('refundYen', `is now ${amountYen}`);
  if (amountYen <= 0)
    throw new AppError(400, ErrorCode.BAD_REQUEST, ['order: every paid coin of it was spent; there is no money to give back']);
  await refunds.insertRefund(trx, { orderId: order.id, userId: order.user_id, amountYen, now });
  return { amountYen };
}

export interface RefundState {
  amountYen: number;
  status: 'PENDING' | 'SENDING' | 'SUCCEEDED' | 'FAILED' | 'REVERSED';
  failure: string | null;
}

const stateOf = (row: { amount_yen: number; status: string; failure: string | null }): RefundState => ({
  amountYen: row.amount_yen,
  status: row.status as RefundState['status'],
  failure: row.failure,
});

/**
 * After the cancellation's transaction: asks the provider for the refund, if this call can
 * claim it (`again`: the operator's retry of a FAILED one). Answers the refund as it is now.
 */
export async function sendRefund(
  db: Kysely<Database>,
  provider: PaymentProvider,
  orderId: number,
  input: { again: boolean; now: number },
): Promise<RefundState | null> {
  const claimed = await refunds.claimRefund(db, orderId, { again: input.again, staleBefore: input.now - REFUND_STALE_MS, now: input.now });
  if (claimed) {
    const order = await refunds.paidOrder(db, orderId);
    const attempt = Number(claimed.attempts);
    let outcome;
    try {
      outcome = await provider.refund(db, {
        orderId,
        paymentRef: order?.provider_ref ?? null,
        amountYen: claimed.amount_yen,
        attempt,
        now: new Date(input.now),
      });
    } catch (error) {
      outcome = { kind: 'FAILED' as const, message: `refund: ${error instanceof Error ? error.name : 'error'}` };
    }
    await refunds.settleRefund(db, orderId, attempt, {
      status: outcome.kind === 'REFUNDED' ? 'SUCCEEDED' : 'FAILED',
      refundRef: outcome.kind === 'REFUNDED' ? outcome.refundRef : null,
      failure: outcome.kind === 'FAILED' ? outcome.message : null,
      now: input.now,
    });
  }
  const row = await refunds.refundOf(db, orderId);
  return row ? stateOf(row) : null;
}

/**
 * The provider reports that a refund it had taken failed later (Stripe's `charge.refund.updated`
 * with status failed: the card was closed, the bank refused it). In one transaction, once: the
 * refund REVERSED with why (the console shows it, with no retry), and a coin pack's coins the
 * cancellation took back are given back to the member (注文N 返金失敗による返還). A cart order's
 * books are not given back: the operator decides (the console shows the failure). True when this
 * report changed something.
 */
export async function refundFailedAtProvider(
  db: Kysely<Database>,
  input: { refundRef: string; reason: string | null; now: number },
): Promise<boolean> {
  return inMoneyTransaction(db, async (trx) => {
    const failure = `refund: failed at the provider (${input.refundRef}${input.reason ? `, ${input.reason}` : ''})`;
    const reversed = await refunds.reverseSucceededRefund(trx, input.refundRef, { failure, now: input.now });
    if (!reversed) return false;
    const order = await refunds.paidOrder(trx, reversed.order_id);
    if (order?.kind === 'MANGA_COIN') await returnRevokedGrants(trx, order.id, ledgerLine.refundFailed(order.id), input.now);
    return true;
  });
}

/** In the console's transaction: refuses a retry of a refund that is not there or not failed. */
export async function checkRefundRetry(db: Trx, userId: number, orderId: number, now: number): Promise<RefundState> {
  const row = await refunds.refundOf(db, orderId);
  if (!row || row.user_id !== userId) throw notFound('refund');
  const stale = row.status === 'SENDING' && row.updated_at < now - REFUND_STALE_MS;
  if (row.status !== 'FAILED' && row.status !== 'PENDING' && !stale)
    throw new AppError(400, ErrorCode.BAD_REQUEST, [`refund: ${row.status}`]);
  return stateOf(row);
}

/** The refunds of the member's orders, by order id (the console's member view). */
export async function refundsOfMember(db: Kysely<Database> | Trx, userId: number): Promise<Map<number, RefundState>> {
  return new Map((await refunds.memberRefunds(db, userId)).map((r) => [r.order_id, stateOf(r)]));
}

export const paidOrder = refunds.paidOrder;
