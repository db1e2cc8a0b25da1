import type { UserSubscription } from '@hondana/domain/subscriptions/subscriptions-api';

/**
 * The subscription the page shows as the member's own: the live one (ENTRY, ACTIVE, or ERROR
 * while its renewal is retried), else a cancelled one whose paid month has not ended yet.
 */
export function currentSubscription(subscriptions: readonly UserSubscription[] | null | undefined, now: number): UserSubscription | null {
  if (!subscriptions) return null;
  const live = subscriptions.find(
    (s) => s.status === 'ENTRY' || s.status === 'ACTIVE' || (s.status === 'ERROR' && s.retryDatetime !== null),
  );
  if (live) return live;
  const latest = subscriptions[0];
  return latest?.status === 'CANCEL' && latest.endDatetime !== null && latest.endDatetime > now ? latest : null;
}

/** Whether the member holds a subscription that still renews (a new one is refused then). */
export const isLive = (s: UserSubscription | null): boolean => s !== null && s.status !== 'CANCEL';

/** Whether the member has had their first (second) cycle's bonus, from any of their subscriptions. */
export function memberBonusFlags(subscriptions: readonly UserSubscription[] | null | undefined) {
  const list = subscriptions ?? [];
  return { firstBonusFlg: list.some((s) => s.firstBonusFlg), secondBonusFlg: list.some((s) => s.secondBonusFlg) };
}
