import type { PrizesAnswer, PrizesResponse } from '@hondana/domain/campaigns/lottery-api';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError, apiGet } from '../../../lib/api/client';

/** `GET /api/lottery/prizes/me` (§7): what the member won, newest first; null for a guest. */
async function getMyPrizes(): Promise<PrizesResponse | null> {
  try {
    const body = await apiGet<PrizesAnswer>('/lottery/prizes/me', { limit: 50 }, { allowUnauthorized: true });
    return body.results;
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return null;
    throw error;
  }
}

const myPrizesQueryOptions = () => queryOptions({ queryKey: ['lottery', 'prizes'], queryFn: getMyPrizes });

export const useMyPrizes = () => useQuery(myPrizesQueryOptions());
