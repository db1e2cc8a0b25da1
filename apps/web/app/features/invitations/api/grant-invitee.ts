import type { IncentiveTicket, IncentiveTicketAnswer } from '@hondana/domain/invitations/invitations-api';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api/client';

/** `POST /api/invitation/campaign/incentive/invitee/grant` (§7): the invitee's ticket; §8 refusals as ApiError. */
export async function grantInvitee(code: string): Promise<IncentiveTicket> {
  return (await apiRequest<IncentiveTicketAnswer>('/invitation/campaign/incentive/invitee/grant', { method: 'POST', json: { code } }))
    .results;
}

export const useGrantInvitee = () => useMutation({ mutationFn: grantInvitee });
