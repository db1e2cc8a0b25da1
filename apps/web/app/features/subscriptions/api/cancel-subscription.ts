import type { UserSubscription } from '@hondana/domain/subscriptions/subscriptions-api';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { createToken, apiRequest } from '../../../lib/api/client';

const PLANS = '/manga_coin_sales_subscription_plans';

/** `DELETE /api/manga_coin_sales_subscription_plans/{id}?token=` (§7): no renewal follows; coins granted stay. */
async function cancelSubscription(planId: number): Promise<UserSubscription> {
  const token = await createToken(`${PLANS}/create_token`);
  return apiRequest<UserSubscription>(`${PLANS}/${planId}`, { method: 'DELETE', query: { token } });
}

export function useCancelSubscription() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelSubscription,
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['subscriptions'] }),
  });
}
