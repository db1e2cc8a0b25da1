import { type SubscriptionStatus, subscriptionStatuses } from '@hondana/domain/subscriptions/subscription-status';
import type { MySubscriptionsResponse, UserSubscription } from '@hondana/domain/subscriptions/subscriptions-api';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError, apiGet } from '../../../lib/api/client';

/**
 * `GET /api/user_manga_coin_sales_subscriptions/me/by_status?status=` (§7), newest first; null
 * for a guest (a 401 is the guest's answer here, not a reason to go to login).
 */
async function getMySubscriptions(statuses: readonly SubscriptionStatus[] = subscriptionStatuses): Promise<UserSubscription[] | null> {
  try {
    const body = await apiGet<MySubscriptionsResponse>(
      '/user_manga_coin_sales_subscriptions/me/by_status',
      { status: statuses.join(',') },
      { allowUnauthorized: true },
    );
    return body.subscriptions;
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return null;
    throw error;
  }
}

export const mySubscriptionsQueryOptions = () => queryOptions({ queryKey: ['subscriptions', 'mine'], queryFn: () => getMySubscriptions() });

export const useMySubscriptions = () => useQuery(mySubscriptionsQueryOptions());
