import type { SubscriptionPaymentType } from '@hondana/domain/subscriptions/subscription-plans';
import type { GoodValueAppeal } from '@hondana/domain/subscriptions/subscriptions-api';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api/client';

/** `GET /api/manga_coin_sales_subscription_plans/appeal/good_value?payment_type=` (§7; guests too). */
const getGoodValueAppeal = (paymentType: SubscriptionPaymentType) =>
  apiGet<GoodValueAppeal>('/manga_coin_sales_subscription_plans/appeal/good_value', { payment_type: paymentType });

const goodValueAppealQueryOptions = (paymentType: SubscriptionPaymentType) =>
  queryOptions({ queryKey: ['subscriptions', 'appeal', paymentType], queryFn: () => getGoodValueAppeal(paymentType) });

export const useGoodValueAppeal = (paymentType: SubscriptionPaymentType) => useQuery(goodValueAppealQueryOptions(paymentType));
