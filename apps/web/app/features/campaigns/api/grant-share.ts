import type { TicketGrantAnswer, TicketGrantState } from '@hondana/domain/campaigns/lottery-api';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api/client';

/** `GET /api/lottery/tickets/share` (§7): the Tokyo day's share ticket; §8 errors as ApiError. */
export async function grantShare(): Promise<TicketGrantState> {
  return (await apiGet<TicketGrantAnswer>('/lottery/tickets/share')).results;
}

export function useGrantShare() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: grantShare, onSettled: () => queryClient.invalidateQueries({ queryKey: ['lottery'] }) });
}
