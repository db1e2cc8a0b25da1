import type { InviterView, InviterViewAnswer } from '@hondana/domain/invitations/invitations-api';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api/client';

export type { InviterView };

/** `GET /api/invitation/campaign/incentive/inviter/info/v2` (§7): the open campaign, my code, achieved count and coins. */
async function getInviterInfo(allowUnauthorized = false): Promise<InviterView> {
  return (await apiGet<InviterViewAnswer>('/invitation/campaign/incentive/inviter/info/v2', undefined, { allowUnauthorized })).results;
}

export const inviterInfoQueryOptions = (allowUnauthorized = false) =>
  queryOptions({ queryKey: ['invitation', 'inviter'], queryFn: () => getInviterInfo(allowUnauthorized), retry: false });

export const useInviterInfo = (allowUnauthorized = false) => useQuery(inviterInfoQueryOptions(allowUnauthorized));
