import type { CampaignAnswer, InvitationCampaign } from '@hondana/domain/invitations/invitations-api';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api/client';

/** `GET /api/invitation/code/campaign?code=` (§7): the campaign a code belongs to; §8 errors as ApiError. */
async function getCodeCampaign(code: string): Promise<InvitationCampaign> {
  return (await apiGet<CampaignAnswer>('/invitation/code/campaign', { code })).results;
}

export const codeCampaignQueryKey = (code: string) => ['invitation', 'code', code] as const;

export const useCodeCampaign = (code: string) =>
  useQuery(
    queryOptions({ queryKey: codeCampaignQueryKey(code), queryFn: () => getCodeCampaign(code), retry: false, enabled: code !== '' }),
  );
