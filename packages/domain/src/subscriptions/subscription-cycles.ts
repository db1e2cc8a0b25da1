/**
 * The calendar of a manga coin subscription (§3 User subscription, §4 statuses): when the next
 * cycle is due (calendar months in Asia/Tokyo, month-end safe), and what a declined renewal
 * leads to; what each cycle grants is `cycleGrant` (subscription-plans.ts). Pure; the server
 * applies it in the transaction of a charge.
 */
import { addDays, addMonths } from 'date-fns';
import { inTokyo } from '../common/time';
import { SubscriptionStatus } from './subscription-status';

export { SubscriptionStatus, subscriptionStatuses } from './subscription-status';
export { type BonusFlags, type CycleGrant, cycleGrant } from './subscription-plans';

/**
 * When the cycle after `paidCycles` paid ones is due: that many calendar months after the first
 * payment (`anchor`), on the Tokyo calendar, at the same time of day. Counting from the anchor,
 * not from the last renewal, keeps the month end: subscribed on Jan 31, renewed Feb 28, Mar 31.
 */
export function renewalDatetime(anchor: number, paidCycles: number): number {
  if (!Number.isInteger(paidCycles) || paidCycles < 0) throw new RangeError('paidCycles must be a non-negative integer');
  return addMonths(inTokyo(anchor), paidCycles).getTime();
}

/**
 * The renewal after a payment at `paidAt` that made `paidCycles` paid cycles: normally the
 * anchor plus `paidCycles` months; if that has already passed (a payment made late, after the
 * store was stopped), the first such month-end-safe date still ahead, so no missed month is
 * charged in a burst.
 */
export function nextRenewalAfter(anchor: number, paidCycles: number, paidAt: number): number {
  let months = paidCycles;
  let at = renewalDatetime(anchor, months);
  while (at <= paidAt) at = renewalDatetime(anchor, ++months);
  return at;
}

/** A declined renewal is tried again on each of the next two days (Tokyo calendar), then the subscription ends. */
export const RENEWAL_RETRY_DAYS = 2;

type DeclinedRenewal =
  | { status: typeof SubscriptionStatus.ERROR; retryCount: number; nextAttemptAt: number }
  | { status: typeof SubscriptionStatus.CANCEL; retryCount: number; nextAttemptAt: null };

/**
 * After a renewal due at `dueAt` is declined for the `retryCount + 1`-th time (the try made at
 * `attemptAt`): ERROR with the next try on the next day at the renewal's time of day (and never
 * sooner than a day after this try), or CANCEL once the retries of the next two days were
 * declined too.
 */
export function afterDeclinedRenewal(dueAt: number, retryCount: number, attemptAt: number = dueAt): DeclinedRenewal {
  const next = retryCount + 1;
  if (next > RENEWAL_RETRY_DAYS) return { status: SubscriptionStatus.CANCEL, retryCount: next, nextAttemptAt: null };
  const scheduled = addDays(inTokyo(dueAt), next).getTime();
  const aDayOn = addDays(inTokyo(attemptAt), 1).getTime();
  return { status: SubscriptionStatus.ERROR, retryCount: next, nextAttemptAt: Math.max(scheduled, aDayOn) };
}
