import type { SubscriptionPaymentType } from '@hondana/domain/subscriptions/subscription-plans';
import type { CardSubscribeBody, CarrierSubscribeBody, SubscribeResult } from '@hondana/domain/subscriptions/subscriptions-api';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { withToken } from '../../../lib/api/client';

const PLANS = '/manga_coin_sales_subscription_plans';

export type SubscribeInput =
  | { planId: number; paymentType: 'creditcard'; body: CardSubscribeBody }
  | { planId: number; paymentType: Exclude<SubscriptionPaymentType, 'creditcard'>; body: CarrierSubscribeBody };

/**
 * `POST /api/manga_coin_sales_subscription_plans/{id}` (card) or `/docomo/{id}`, `/softbank/{id}`
 * with a one-time token from `/create_token` (§7). A card answers ACTIVE (or a §8 error, thrown
 * as ApiError); a carrier answers ENTRY with its confirmation page.
 */
export function subscribe({ planId, paymentType, body }: SubscribeInput): Promise<SubscribeResult> {
  const path = paymentType === 'creditcard' ? `${PLANS}/${planId}` : `${PLANS}/${paymentType}/${planId}`;
  return withToken<SubscribeResult>(`${PLANS}/create_token`, path, { json: body });
}

/** The subscribe mutation; the member's subscriptions and the appeal are fetched again after it. */
export function useSubscribe() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: subscribe,
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['subscriptions'] }),
  });
}
