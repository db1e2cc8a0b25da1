import { ErrorCode } from '@hondana/domain/common/errors';
import { type CycleGrant, SubscriptionStatus, cycleGrant, nextRenewalAfter } from '@hondana/domain/subscriptions/subscription-cycles';
import { BONUS_COIN_VALID_DAYS, PAID_COIN_VALID_DAYS, expiryAfterDays } from '@hondana/domain/wallet/wallet-lots';
import { type CoinPaymentMethod, paymentTypeOfMethod } from '@hondana/domain/wallet/wallet-payments';
import type { Transaction } from 'kysely';
import type { Database } from '../../../db/schema';
import type { PaymentDecisionHandler, PaymentProvider } from '../../../payments/payment-provider';
import { insertOrder, setProcessingPaymentFields, transitionOrder } from '../../orders/order-rows';
import { MAX_MANGA_COIN_POSSESSION } from '../coin-purchase.service';
import { balance, grant } from '../../ledger/ledger';
import { lockMember } from '../../ledger/member-lock';
import {
  type SubscriptionRow,
  cycleByOrder,
  cycleOf,
  insertCycle,
  planById,
  rememberSubscriptionCard,
  retryCycle,
  settleCycle,
  subscriptionById,
  updateSubscriptionFrom,
} from './subscriptions.repository';
import { subscriptionTerms } from './subscription-views';

/**
 * Charging one cycle of a subscription through the payment provider and granting what it
 * buys, in the caller's transaction: the cycle row (unique per subscription and cycle), the
 * order, the provider's charge, and on payment the coin lots with their ledger entries and the
 * next renewal date. Used by the first payment, by renewals and by a carrier's decision.
 */
type Trx = Transaction<Database>;

/** Orders of subscription cycles (payments history shows them with the coin packs). */
export const SUBSCRIPTION_ORDER_KIND = 'MANGA_COIN_SUBSCRIPTION';
const LIVE: readonly SubscriptionStatus[] = ['ENTRY', 'ACTIVE', 'ERROR'];

export type ChargeResult =
  | { kind: 'PAID'; orderId: number; grant: CycleGrant; balance: number }
  | { kind: 'PENDING'; orderId: number; confirmUrl: string }
  | { kind: 'DECLINED'; orderId: number | null; errorCode: ErrorCode; message: string };

interface ChargeInput {
  /** A renewal: charged without the member (a carrier's continuous billing needs no page). */
  recurring: boolean;
  returnUrl: string;
  now: Date;
  /**
   * Stripe (issue 39): the money is not asked for in this transaction; the order is left
   * PROCESSING (PENDING answered) and charged after it, then settled by `settleDeferredCycle`.
   */
  deferred?: boolean;
}

/** Would the cycle's coins take the member past the possession cap? (The member's row is locked first.) */
async function overCap(trx: Trx, userId: number, granted: CycleGrant, now: number): Promise<boolean> {
  await lockMember(trx, userId);
  const held = await balance(trx, userId, 'MANGA_COIN', now);
  return held + granted.coin + granted.bonus > MAX_MANGA_COIN_POSSESSION;
}

/** The cycle's row for this try: its first (unique key), or another try of a declined one. */
async function openCycle(
  trx: Trx,
  sub: SubscriptionRow,
  cycle: number,
  granted: CycleGrant,
  orderId: number | null,
  now: number,
): Promise<number> {
  const values = {
    order_id: orderId,
    tax_included_price: sub.tax_included_price,
    coin: granted.coin,
    first_bonus: granted.firstBonus,
    second_bonus: granted.secondBonus,
    cycle_bonus: granted.cycleBonus,
    failure_code: null,
    updated_at: now,
  };
  const existing = await cycleOf(trx, sub.id, cycle);
  if (!existing)
    return insertCycle(trx, { ...values, subscription_id: sub.id, cycle, status: 'PENDING', attempts: 1, paid_at: null, created_at: now });
  if (!(await retryCycle(trx, existing.id, existing.attempts, values))) throw new CycleTaken(sub.id, cycle);
  return existing.id;
}

/** Another run or request is charging (or has charged) this cycle: the caller's transaction is rolled back. */
export class CycleTaken extends Error {
  constructor(subscriptionId: number, cycle: number) {
    super(`subscription ${subscriptionId}: cycle ${cycle} is already being charged`);
    this.name = 'CycleTaken';
  }
}

/** Charges the cycle after the paid ones of `sub` (cycle paymentCount + 1); see ChargeResult. */
export async function chargeCycle(trx: Trx, provider: PaymentProvider, sub: SubscriptionRow, input: ChargeInput): Promise<ChargeResult> {
  const now = input.now.getTime();
  const cycle = sub.payment_count + 1;
  const granted = cycleGrant(subscriptionTerms(sub), {
    firstBonusFlg: sub.first_bonus_flg === 1,
    secondBonusFlg: sub.second_bonus_flg === 1,
  });
  if (await overCap(trx, sub.user_id, granted, now)) {
    const cycleId = await openCycle(trx, sub, cycle, granted, null, now);
    await settleCycle(trx, cycleId, { status: 'DECLINED', failure_code: ErrorCode.COIN_POSESSION_OVER, updated_at: now });
    return {
      kind: 'DECLINED',
      orderId: null,
      errorCode: ErrorCode.COIN_POSESSION_OVER,
      message: `balance: at most ${MAX_MANGA_COIN_POSSESSION} manga coins`,
    };
  }
  const method = sub.payment_type as CoinPaymentMethod;
  const orderId = await insertOrder(trx, {
    user_id: sub.user_id,
    kind: SUBSCRIPTION_ORDER_KIND,
    status: 'INCOMPLETE',
    payment_type: paymentTypeOfMethod[method],
    total_price: sub.tax_included_price,
    coin: granted.coin,
    bonus: granted.bonus,
    created_at: now,
    updated_at: now,
  });
  const cycleId = await openCycle(trx, sub, cycle, granted, orderId, now);
  if (input.deferred) {
    await transitionOrder(trx, orderId, 'INCOMPLETE', 'PROCESSING', now);
    return { kind: 'PENDING', orderId, confirmUrl: '' };
  }
  const outcome = await provider.start(trx, {
    orderId,
    userId: sub.user_id,
    method,
    amountYen: sub.tax_included_price,
    cardId: sub.card_id ?? undefined,
    recurring: input.recurring,
    returnUrl: input.returnUrl,
    now: input.now,
  });
  if (outcome.kind === 'FAILED' || (outcome.kind === 'REDIRECT' && input.recurring)) {
    const failure =
      outcome.kind === 'FAILED'
        ? outcome
        : { errorCode: ErrorCode.CLIENT_ERROR, message: 'payment: a renewal needs no confirmation page', cardBrand: null, cardLast4: null };
    await transitionOrder(trx, orderId, 'INCOMPLETE', 'PAYMENT_ERROR', now, {
      failure_code: failure.errorCode,
      card_brand: failure.cardBrand,
      card_last4: failure.cardLast4,
    });
    await settleCycle(trx, cycleId, { status: 'DECLINED', failure_code: failure.errorCode, updated_at: now });
    return { kind: 'DECLINED', orderId, errorCode: failure.errorCode, message: failure.message };
  }
  if (outcome.kind === 'REDIRECT') {
    await transitionOrder(trx, orderId, 'INCOMPLETE', 'PROCESSING', now, { provider_ref: outcome.providerRef });
    return { kind: 'PENDING', orderId, confirmUrl: outcome.confirmUrl };
  }
  await transitionOrder(trx, orderId, 'INCOMPLETE', 'PROCESSING', now, {
    provider_ref: outcome.providerRef,
    card_brand: outcome.cardBrand,
    card_last4: outcome.cardLast4,
  });
  const paid = await completeCycle(trx, sub, cycleId, orderId, granted, now);
  return { kind: 'PAID', orderId, grant: granted, balance: paid };
}

/** Japanese ledger lines of a cycle's lots (the wallet's history shows them). */
const reasons = {
  paid: (plan: string, cycle: number) => `マンガコイン定期購入「${plan}」${cycle}回目`,
  firstBonus: '定期購入 初回ボーナス',
  secondBonus: '定期購入 2回目ボーナス',
  cycleBonus: '定期購入 毎月ボーナス',
};

/**
 * PROCESSING → COMPLETE: the paid coins (with their yen value, for the 資金決済法 report) and
 * each bonus as lots with their GRANT entries, the cycle PAID, and the subscription ACTIVE with
 * paymentCount, the bonus flags and the next renewal one calendar month on (month-end safe,
 * counted from the first payment); a first payment of a subscription ended meanwhile (CANCEL)
 * leaves it ended, its paid month running to that date. Returns the balance.
 */
async function completeCycle(
  trx: Trx,
  sub: SubscriptionRow,
  cycleId: number,
  orderId: number,
  granted: CycleGrant,
  now: number,
): Promise<number> {
  if (!(await transitionOrder(trx, orderId, 'PROCESSING', 'COMPLETE', now))) throw new CycleTaken(sub.id, sub.payment_count + 1);
  const plan = await planById(trx, sub.plan_id);
  const cycle = sub.payment_count + 1;
  const base = { userId: sub.user_id, currency: 'MANGA_COIN' as const, orderId, now };
  const bonusExpiry = expiryAfterDays(now, BONUS_COIN_VALID_DAYS);
  await grant(trx, {
    ...base,
    amount: granted.coin,
    paid: true,
    yenValue: sub.tax_included_price,
    expiresAt: expiryAfterDays(now, PAID_COIN_VALID_DAYS),
    reason: reasons.paid(plan?.name ?? '', cycle),
  });
  for (const kind of ['firstBonus', 'secondBonus', 'cycleBonus'] as const) {
    if (granted[kind] > 0) await grant(trx, { ...base, amount: granted[kind], paid: false, expiresAt: bonusExpiry, reason: reasons[kind] });
  }
  await settleCycle(trx, cycleId, { status: 'PAID', paid_at: now, updated_at: now });
  const anchor = sub.anchor_at ?? now;
  const renewal = nextRenewalAfter(anchor, cycle, now);
  const paidCycle = {
    payment_count: cycle,
    first_bonus_flg: granted.flags.firstBonusFlg ? (1 as const) : (0 as const),
    second_bonus_flg: granted.flags.secondBonusFlg ? (1 as const) : (0 as const),
    anchor_at: anchor,
    renewal_at: renewal,
    retry_count: 0,
    updated_at: now,
  };
  const moved =
    (await updateSubscriptionFrom(trx, sub.id, LIVE, {
      ...paidCycle,
      status: SubscriptionStatus.ACTIVE,
      next_attempt_at: renewal,
      failure_code: null,
    })) ||
    // Ended (the member cancelled, or withdrew) while its first payment waited on 3-D Secure, and
    // the payment went through: the month's coins are the member's; it stays ended, no renewal follows.
    (cycle === 1 && (await updateSubscriptionFrom(trx, sub.id, [SubscriptionStatus.CANCEL], { ...paidCycle, next_attempt_at: null })));
  if (!moved) throw new CycleTaken(sub.id, cycle);
  return balance(trx, sub.user_id, 'MANGA_COIN', now);
}

/**
 * The carrier's page decided the first payment of a docomo or SoftBank subscription: approved
 * grants the cycle (ACTIVE); cancelled ends the subscription (CANCEL), expired marks it ERROR.
 * An approval of a subscription cancelled meanwhile, or one that would pass the possession cap,
 * grants nothing.
 */
export const subscriptionPaymentDecision: PaymentDecisionHandler = async (trx, { orderId, approved, expired, resultError, now }) => {
  const cycle = await cycleByOrder(trx, orderId);
  const sub = cycle && (await subscriptionById(trx, cycle.subscription_id));
  if (!cycle || !sub || cycle.status !== 'PENDING') return;
  const close = (status: SubscriptionStatus, failure: string) =>
    updateSubscriptionFrom(trx, sub.id, ['ENTRY'], {
      status,
      failure_code: failure,
      next_attempt_at: null,
      closed_at: now,
      updated_at: now,
    });
  const decline = async (orderStatus: 'CANCEL' | 'PAYMENT_ERROR' | 'GRANT_ERROR' | 'PURCHASE_RESULT_ERROR', failure: string) => {
    await transitionOrder(trx, orderId, 'PROCESSING', orderStatus, now, { failure_code: failure });
    await settleCycle(trx, cycle.id, { status: 'DECLINED', failure_code: failure, updated_at: now });
  };
  if (!approved && resultError) {
    await decline('PURCHASE_RESULT_ERROR', 'PURCHASE_RESULT_ERROR');
    await close(SubscriptionStatus.ERROR, 'PURCHASE_RESULT_ERROR');
    return;
  }
  if (!approved) {
    const failure = expired ? 'PAYMENT_EXPIRED' : 'CANCELLED_BY_USER';
    await decline(expired ? 'PAYMENT_ERROR' : 'CANCEL', failure);
    await close(expired ? SubscriptionStatus.ERROR : SubscriptionStatus.CANCEL, failure);
    return;
  }
  if (sub.status !== SubscriptionStatus.ENTRY) return decline('CANCEL', 'CANCELLED_BY_USER');
  const granted = cycleGrant(subscriptionTerms(sub), {
    firstBonusFlg: sub.first_bonus_flg === 1,
    secondBonusFlg: sub.second_bonus_flg === 1,
  });
  if (await overCap(trx, sub.user_id, granted, now)) {
    await decline('GRANT_ERROR', ErrorCode.COIN_POSESSION_OVER);
    await close(SubscriptionStatus.ERROR, ErrorCode.COIN_POSESSION_OVER);
    return;
  }
  await completeCycle(trx, sub, cycle.id, orderId, granted, now);
};

/**
 * Settles a cycle charged after its transaction (Stripe, `deferred`), once: the order must still
 * be PROCESSING. Paid: the cycle's coins and the next renewal (`completeCycle`); declined: the
 * order PAYMENT_ERROR (or CANCEL, a payment the member's ending called off) and the cycle DECLINED
 * (the caller moves the subscription on). Null when another run settled it first.
 */
export async function settleDeferredCycle(
  trx: Trx,
  sub: SubscriptionRow,
  orderId: number,
  outcome:
    | { paid: true; providerRef: string; cardBrand: string | null; cardLast4: string | null }
    | { paid: false; errorCode: ErrorCode; providerRef: string | null; orderStatus?: 'PAYMENT_ERROR' | 'CANCEL' },
  now: number,
): Promise<ChargeResult | null> {
  const cycle = await cycleByOrder(trx, orderId);
  if (!cycle || cycle.status !== 'PENDING') return null;
  if (!outcome.paid) {
    if (
      !(await transitionOrder(trx, orderId, 'PROCESSING', outcome.orderStatus ?? 'PAYMENT_ERROR', now, {
        failure_code: outcome.errorCode,
        provider_ref: outcome.providerRef,
      }))
    )
      return null;
    await settleCycle(trx, cycle.id, { status: 'DECLINED', failure_code: outcome.errorCode, updated_at: now });
    return { kind: 'DECLINED', orderId, errorCode: outcome.errorCode, message: 'payment: declined' };
  }
  await setProcessingPaymentFields(trx, orderId, {
    provider_ref: outcome.providerRef,
    card_brand: outcome.cardBrand,
    card_last4: outcome.cardLast4,
  });
  // The card the page names (「VISA 末尾4242」): Stripe says it with the first charge (the store never sees the number).
  if (outcome.cardBrand && outcome.cardLast4) await rememberSubscriptionCard(trx, sub.id, outcome.cardBrand, outcome.cardLast4);
  const granted = cycleGrant(subscriptionTerms(sub), {
    firstBonusFlg: sub.first_bonus_flg === 1,
    secondBonusFlg: sub.second_bonus_flg === 1,
  });
  const paid = await completeCycle(trx, sub, cycle.id, orderId, granted, now);
  return { kind: 'PAID', orderId, grant: granted, balance: paid };
}
