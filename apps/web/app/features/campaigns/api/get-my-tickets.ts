import type { LotteryTicketsResponse, TicketsAnswer } from '@hondana/domain/campaigns/lottery-api';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError, apiGet } from '../../../lib/api/client';

/** `GET /api/lottery/tickets/me?lottery_campaign_id=&used_flg=0` (§7); null for a guest. */
async function getMyTickets(campaignId: number): Promise<LotteryTicketsResponse | null> {
  try {
    const body = await apiGet<TicketsAnswer>(
      '/lottery/tickets/me',
      { lottery_campaign_id: campaignId, used_flg: 0, limit: 100 },
      { allowUnauthorized: true },
    );
    return body.results;
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return null;
    throw error;
  }
}

const myTicketsQueryOptions = (campaignId: number) =>
  queryOptions({ queryKey: ['lottery', 'tickets', campaignId], queryFn: () => getMyTickets(campaignId) });

export const useMyTickets = (campaignId: number) => useQuery(myTicketsQueryOptions(campaignId));
