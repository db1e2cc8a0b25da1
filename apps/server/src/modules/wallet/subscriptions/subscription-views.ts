import type { SubscriptionStatus } from '@hondana/domain/subscriptions/subscription-cycles';
import {
  type PlanHighlight,
  type PlanTerms,
  type SubscriptionPaymentType,
  bonusPercentage,
} from '@hondana/domain/subscriptions/subscription-plans';
import type { SubscriptionCycle, SubscriptionPlan, UserSubscription } from '@hondana/domain/subscriptions/subscriptions-api';
import type { CycleRow, PlanRow, SubscriptionRow } from './subscriptions.repository';

/** Rows of the subscriptions tables as the API answers them (§3 names). */

export const planTerms = (row: PlanRow): PlanTerms => ({
  coin: row.coin,
  taxIncludedPrice: row.tax_included_price,
  firstBonus: row.first_bonus,
  secondBonus: row.second_bonus,
  cycleBonus: row.cycle_bonus,
});

/** What the member agreed to when subscribing (renewals charge these terms). */
export const subscriptionTerms = (row: SubscriptionRow): PlanTerms => ({
  coin: row.coin,
  taxIncludedPrice: row.tax_included_price,
  firstBonus: row.first_bonus,
  secondBonus: row.second_bonus,
  cycleBonus: row.cycle_bonus,
});

export function planView(row: PlanRow, paymentType: SubscriptionPaymentType, goodValueId: number | null): SubscriptionPlan {
  return {
    id: row.id,
    name: row.name,
    ...planTerms(row),
    highlightType: row.highlight_type as PlanHighlight,
    paymentType,
    bonusPercentage: bonusPercentage(row.cycle_bonus, row.coin),
    goodValueFlg: row.id === goodValueId,
  };
}

function cycleView(row: CycleRow): SubscriptionCycle {
  return {
    cycle: row.cycle,
    status: row.status as SubscriptionCycle['status'],
    attempts: row.attempts,
    orderId: row.order_id,
    taxIncludedPrice: row.tax_included_price,
    coin: row.coin,
    bonus: row.first_bonus + row.second_bonus + row.cycle_bonus,
    failureCode: row.failure_code,
    paidDatetime: row.paid_at,
    updatedDatetime: row.updated_at,
  };
}

export function subscriptionView(row: SubscriptionRow, planName: string, cycles?: CycleRow[]): UserSubscription {
  const status = row.status as SubscriptionStatus;
  const live = row.closed_at === null;
  return {
    id: row.id,
    planId: row.plan_id,
    plan: { name: planName, ...subscriptionTerms(row), bonusPercentage: bonusPercentage(row.cycle_bonus, row.coin) },
    paymentType: row.payment_type as SubscriptionPaymentType,
    cardId: row.card_id,
    card: row.card_brand && row.card_last4 ? { brand: row.card_brand, last4: row.card_last4 } : null,
    status,
    paymentCount: row.payment_count,
    renewalDatetime: live ? row.renewal_at : null,
    endDatetime: !live && row.payment_count > 0 ? row.renewal_at : null,
    retryDatetime: status === 'ERROR' && live ? row.next_attempt_at : null,
    firstBonusFlg: row.first_bonus_flg === 1,
    secondBonusFlg: row.second_bonus_flg === 1,
    failureCode: row.failure_code,
    createdDatetime: row.created_at,
    cancelDatetime: row.cancelled_at,
    ...(cycles ? { cycles: cycles.map(cycleView) } : {}),
  };
}
