import type { ResultOk } from '@hondana/domain/accounts/accounts-api';
import type { PushKeyResponse, PushSubscriptionBody, PushSubscriptionList } from '@hondana/domain/push/push-api';
import { queryOptions } from '@tanstack/react-query';
import { apiGet, apiRequest } from '../../../lib/api/client';

/** The calls of the push notices' setting (issue 38): the store's VAPID key and the member's browsers. */

export const pushKeyQuery = () =>
  queryOptions({ queryKey: ['accounts', 'push', 'key'], queryFn: () => apiGet<PushKeyResponse>('/api/push/key'), staleTime: Infinity });
export const pushSubscriptionsQuery = () =>
  queryOptions({ queryKey: ['accounts', 'push', 'subscriptions'], queryFn: () => apiGet<PushSubscriptionList>('/api/push/subscriptions') });

export const savePushSubscription = (subscription: PushSubscriptionBody) =>
  apiRequest<ResultOk>('/api/push/subscriptions', { method: 'POST', json: subscription });
export const removePushSubscription = (endpoint: string) =>
  apiRequest<ResultOk>('/api/push/subscriptions', { method: 'DELETE', json: { endpoint } });
