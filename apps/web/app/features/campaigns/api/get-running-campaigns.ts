import type { CampaignsAnswer, LotteryCampaign, LotteryTicketsResponse, TicketsAnswer } from '@hondana/domain/campaigns/lottery-api';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError, apiGet } from '../../../lib/api/client';

/** `GET /api/lottery/campaigns` (§7): the lottery campaigns running now. */
async function getRunningCampaigns(): Promise<LotteryCampaign[]> {
  const body = await apiGet<CampaignsAnswer>('/lottery/campaigns');
  return body.results.campaigns;
}

export const runningCampaignsQueryOptions = () => queryOptions({ queryKey: ['lottery', 'campaigns'], queryFn: getRunningCampaigns });

export const useRunningCampaigns = () => useQuery(runningCampaignsQueryOptions());

/** `GET /api/lottery/tickets/me?used_flg=0` (§7): the member's unused tickets of every campaign; null for a guest. */
async function getAllMyTickets(): Promise<LotteryTicketsResponse | null> {
  try {
    const body = await apiGet<TicketsAnswer>('/lottery/tickets/me', { used_flg: 0, limit: 100 }, { allowUnauthorized: true });
    return body.results;
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return null;
    throw error;
  }
}

export const allMyTicketsQueryKey = ['lottery', 'tickets', 'all'] as const;

export const useAllMyTickets = () => useQuery({ queryKey: allMyTicketsQueryKey, queryFn: getAllMyTickets });
