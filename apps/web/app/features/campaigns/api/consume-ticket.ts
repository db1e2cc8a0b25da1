import type { ConsumeResponse, WonPrize } from '@hondana/domain/campaigns/lottery-api';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { withToken } from '../../../lib/api/client';

/**
 * `POST /api/lottery/tickets/consume?token=` (§7, body ticketId, titleId, reCaptchaToken, and the
 * box the member chose). The store's human check is the sandbox for now; a real provider's widget
 * fills reCaptchaToken.
 */
export async function consumeTicket({ ticketId, boxId }: { ticketId: number; boxId: number | undefined }): Promise<WonPrize> {
  const body = await withToken<ConsumeResponse>('/lottery/tickets/create_token', '/lottery/tickets/consume', {
    json: { ticketId, titleId: 0, reCaptchaToken: 'sandbox', ...(boxId !== undefined && { boxId }) },
  });
  return body.results;
}

export function useConsumeTicket() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: consumeTicket,
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['lottery'] }),
  });
}
