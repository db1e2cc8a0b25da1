import type {
  CancelOrderAnswer,
  GrantAnswer,
  MemberDetail,
  MemberLedger,
  MemberListItem,
  SuspendAnswer,
} from '@hondana/domain/admin/admin-api';
import { badRequest, notFound } from '@hondana/domain/common/errors';
import type { Currency } from '@hondana/domain/wallet/wallet-lots';
import type { Transaction } from 'kysely';
import type { Database, Db } from '../../db/schema';
import { setMemberSuspended } from '../accounts/account-writes';
import { cancelBookOrderIn } from '../orders/cancel-order.service';
import {
  type RefundState,
  cancelPaidOrderIn,
  checkRefundRetry,
  isPaidThroughProvider,
  paidOrder,
  refundableYen,
  refundsOfMember,
} from '../orders/refund-order.service';
import { adjustGrantIn } from '../wallet/reports';
import type { AuditEntry } from './audit.repository';
import * as repo from './members.repository';

const ms = (v: number | null) => (v === null ? null : Number(v));

export async function findMembers(db: Db, q: string): Promise<MemberListItem[]> {
  if (!q.trim()) return [];
  return (await repo.findMembers(db, q)).map((m) => ({
    id: m.id,
    email: m.email,
    nickname: m.nickname,
    createdAt: Number(m.created_at),
    suspended: m.suspended_at !== null,
    withdrawn: m.withdrawn_at !== null,
  }));
}

/** A member's lots and ledger (the support view of `npm run admin -- ledger` and of the console). */
export async function memberLedger(db: Db, userId: number): Promise<MemberLedger> {
  const [lots, entries] = await Promise.all([repo.memberLots(db, userId), repo.memberLedgerEntries(db, userId)]);
  return {
    lots: lots.map((l) => ({
      id: l.id,
      currency: l.currency,
      amount: l.amount,
      remaining: l.remaining,
      paid: l.paid === 1,
      yenValue: l.yen_value,
      issuedAt: Number(l.issued_at),
      expiresAt: ms(l.expires_at),
      expiredAt: ms(l.expired_at),
    })),
    entries: entries.map((e) => ({
      id: e.id,
      createdAt: Number(e.created_at),
      currency: e.currency,
      kind: e.kind,
      amount: e.amount,
      lotId: e.lot_id,
      orderId: e.order_id,
      reason: e.reason,
    })),
  };
}

export async function memberDetail(db: Db, userId: number, now?: number): Promise<MemberDetail> {
  const m = await repo.memberRow(db, userId);
  if (!m) throw notFound('member');
  const [orders, ledger, coupons, books, refunds] = await Promise.all([
    repo.memberOrders(db, userId),
    memberLedger(db, userId),
    repo.memberCoupons(db, userId),
    repo.memberEntitlements(db, userId),
    refundsOfMember(db, userId),
  ]);
  // A paid order's refund button shows what cancelling it now gives back, from its lots as they are.
  const lotOrders = new Map(ledger.entries.filter((e) => e.kind === 'GRANT' && e.orderId !== null).map((e) => [e.lotId, e.orderId!]));
  const at = now ?? Date.now();
  const lotsOf = (orderId: number) =>
    ledger.lots
      .filter((l) => lotOrders.get(l.id) === orderId)
      .map((l) => ({
        paid: l.paid,
        currency: l.currency,
        remaining: l.remaining,
        usable: l.expiredAt === null && (l.expiresAt === null || l.expiresAt > at),
      }));
  return {
    member: {
      id: m.id,
      email: m.email,
      nickname: m.nickname,
      birthDate: m.birth_date,
      createdAt: Number(m.created_at),
      lastLoginAt: ms(m.last_login_at),
      suspended: m.suspended_at !== null,
      withdrawn: m.withdrawn_at !== null,
    },
    orders: orders.map((o) => ({
      id: o.id,
      kind: o.kind,
      status: o.status,
      paymentType: o.payment_type,
      totalPrice: o.total_price,
      usePoint: o.use_point,
      coin: o.coin,
      bonus: o.bonus,
      createdAt: Number(o.created_at),
      failureCode: o.failure_code,
      refundableYen: refundableYen(o, lotsOf(o.id)),
      refund: refunds.get(o.id) ?? null,
    })),
    ledger,
    coupons: coupons.map((c) => ({
      couponId: c.id,
      name: c.name,
      couponType: c.coupon_type,
      rate: c.rate,
      expireAt: Number(c.expire_at),
      status: c.status,
      orderId: c.order_id,
      receivedAt: Number(c.created_at),
    })),
    books: books.map((b) => ({
      bookId: b.id,
      contentsName: b.contents_name,
      titleId: b.title_id,
      possessionStatus: b.possession_status,
      source: b.source,
      orderId: b.order_id,
      createdAt: Number(b.created_at),
    })),
  };
}

async function existing(trx: Db, userId: number) {
  const m = await repo.memberRow(trx, userId);
  if (!m || m.withdrawn_at !== null) throw notFound('member');
  return m;
}

export async function grantToMember(
  trx: Transaction<Database>,
  userId: number,
  input: { currency: Currency; amount: number; reason: string },
  now: number,
): Promise<{ body: GrantAnswer; audit: AuditEntry[] }> {
  await existing(trx, userId);
  const lotId = await adjustGrantIn(trx, { userId, currency: input.currency, amount: input.amount, reason: input.reason, now });
  return {
    body: { lotId },
    audit: [
      {
        action: 'member.grant',
        subject: `member:${userId}`,
        after: { currency: input.currency, amount: input.amount, lotId },
        reason: input.reason,
      },
    ],
  };
}

/**
 * Cancels one of the member's orders. A paid one (card, carrier) is cancelled with its refund
 * written PENDING (`cancelPaidOrderIn`); the caller asks the provider after this transaction.
 * `refundYen`: the amount the operator was shown.
 */
export async function cancelMemberOrder(
  trx: Transaction<Database>,
  userId: number,
  orderId: number,
  input: { reason: string; refundYen?: number | undefined },
  now: number,
): Promise<{ body: CancelOrderAnswer; audit: AuditEntry[] }> {
  const { reason } = input;
  const order = await repo.orderForCancel(trx, orderId);
  if (!order || order.user_id !== userId) throw notFound('order');
  if (isPaidThroughProvider(order)) {
    const paid = (await paidOrder(trx, orderId))!;
    const { amountYen } = await cancelPaidOrderIn(trx, paid, input.refundYen, now);
    const refund: RefundState = { amountYen, status: 'PENDING', failure: null };
    return {
      body: { orderId, status: 'CANCEL', refund },
      audit: [
        {
          action: 'order.cancel',
          subject: `order:${orderId}`,
          before: order,
          after: { ...order, status: 'CANCEL', refundYen: amountYen },
          reason,
        },
      ],
    };
  }
  await cancelBookOrderIn(trx, orderId, now);
  return {
    body: { orderId, status: 'CANCEL', refund: null },
    audit: [{ action: 'order.cancel', subject: `order:${orderId}`, before: order, after: { ...order, status: 'CANCEL' }, reason }],
  };
}

/** The operator tries a FAILED refund again: checked and audited here, sent by the caller after the transaction. */
export async function retryMemberRefund(
  trx: Transaction<Database>,
  userId: number,
  orderId: number,
  reason: string,
  now: number,
): Promise<{ body: { orderId: number; refund: RefundState }; audit: AuditEntry[] }> {
  const refund = await checkRefundRetry(trx, userId, orderId, now);
  return {
    body: { orderId, refund },
    audit: [{ action: 'order.refund_retry', subject: `order:${orderId}`, before: refund, after: { ...refund, status: 'SENDING' }, reason }],
  };
}

/** Suspends (sessions end at once, login refused) or restores a member's login. */
export async function suspendMember(
  trx: Transaction<Database>,
  userId: number,
  input: { suspended: boolean; reason: string },
  now: number,
): Promise<{ body: SuspendAnswer; audit: AuditEntry[] }> {
  const before = await existing(trx, userId);
  if (input.suspended === (before.suspended_at !== null))
    throw badRequest('suspended', input.suspended ? 'is already suspended' : 'is not suspended');
  await setMemberSuspended(trx, userId, input.suspended ? now : null);
  return {
    body: { suspended: input.suspended },
    audit: [
      {
        action: input.suspended ? 'member.suspend' : 'member.restore',
        subject: `member:${userId}`,
        before: { suspended: !input.suspended },
        after: { suspended: input.suspended },
        reason: input.reason,
      },
    ],
  };
}
