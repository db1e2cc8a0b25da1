import type { CampaignAnswer, LotteryCampaign } from '@hondana/domain/campaigns/lottery-api';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api/client';

/** `GET /api/lottery/campaign?lottery_campaign_id=` (§7): the campaign with its boxes and events. */
async function getLotteryCampaign(campaignId: number): Promise<LotteryCampaign> {
  const body = await apiGet<CampaignAnswer>('/lottery/campaign', { lottery_campaign_id: campaignId });
  return body.results;
}

export const lotteryCampaignQueryOptions = (campaignId: number) =>
  queryOptions({ queryKey: ['lottery', 'campaign', campaignId], queryFn: () => getLotteryCampaign(campaignId) });

export const useLotteryCampaign = (campaignId: number) => useQuery(lotteryCampaignQueryOptions(campaignId));
