import type { UserSubscription } from '@hondana/domain/subscriptions/subscriptions-api';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api/client';

/** `GET /api/user_manga_coin_sales_subscriptions/me/{id}` (§7): one subscription with its cycles. */
const getMySubscription = (id: number) => apiGet<UserSubscription>(`/user_manga_coin_sales_subscriptions/me/${id}`);

const mySubscriptionQueryOptions = (id: number) =>
  queryOptions({ queryKey: ['subscriptions', 'mine', id], queryFn: () => getMySubscription(id) });

export const useMySubscription = (id: number | null) => useQuery({ ...mySubscriptionQueryOptions(id ?? 0), enabled: id !== null });

const POLL_EVERY_MS = 1000;

/**
 * A subscription by card through Stripe (issue 39) whose first charge the store had no answer for
 * yet (ENTRY): as it is once no longer ENTRY (ACTIVE, or ERROR with the refusal), or after `timeoutMs`.
 */
export async function settledSubscription(id: number, timeoutMs = 30_000): Promise<UserSubscription> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const subscription = await getMySubscription(id);
    if (subscription.status !== 'ENTRY' || Date.now() >= until) return subscription;
    await new Promise((resolve) => setTimeout(resolve, POLL_EVERY_MS));
  }
}
