import type { SubscriptionPaymentType } from '@hondana/domain/subscriptions/subscription-plans';
import type { SubscriptionPlansResponse } from '@hondana/domain/subscriptions/subscriptions-api';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api/client';

/** `GET /api/manga_coin_sales_subscription_plans?payment_type=` (§7). */
const getSubscriptionPlans = (paymentType: SubscriptionPaymentType) =>
  apiGet<SubscriptionPlansResponse>('/manga_coin_sales_subscription_plans', { payment_type: paymentType });

export const subscriptionPlansQueryOptions = (paymentType: SubscriptionPaymentType) =>
  queryOptions({ queryKey: ['subscriptions', 'plans', paymentType], queryFn: () => getSubscriptionPlans(paymentType) });

export const useSubscriptionPlans = (paymentType: SubscriptionPaymentType) => useQuery(subscriptionPlansQueryOptions(paymentType));
