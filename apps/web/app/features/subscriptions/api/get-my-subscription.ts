import type { UserSubscription } from '@hondana/domain/subscriptions/subscriptions-api';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api/client';

/** `GET /api/user_manga_coin_sales_subscriptions/me/{id}` (§7): one subscription with its cycles. */
export const getMySubscription = (id: number) => apiGet<UserSubscription>(`/user_manga_coin_sales_subscriptions/me/${id}`);

export const mySubscriptionQueryOptions = (id: number) =>
  queryOptions({ queryKey: ['subscriptions', 'mine', id], queryFn: () => getMySubscription(id) });

export const useMySubscription = (id: number | null) => useQuery({ ...mySubscriptionQueryOptions(id ?? 0), enabled: id !== null });
