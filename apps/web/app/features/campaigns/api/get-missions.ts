import type { Mission, MissionProgressResponse, MissionsResponse } from '@hondana/domain/campaigns/missions-api';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError, apiGet, apiRequest } from '../../../lib/api/client';

/** `GET /api/mission/v4` (§7): running missions with progress; [] when none runs (404). */
async function getMissions(): Promise<Mission[]> {
  try {
    return (await apiGet<MissionsResponse>('/mission/v4')).results.missions;
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return [];
    throw error;
  }
}

/** `POST /api/mission/view` (§7): opening the app counts once per Tokyo day; then the list. */
async function viewAndGetMissions(): Promise<Mission[]> {
  await apiRequest<MissionProgressResponse>('/mission/view', { method: 'POST', json: {} });
  return getMissions();
}

const missionsQueryOptions = () => queryOptions({ queryKey: ['missions'], queryFn: viewAndGetMissions });

export const useMissions = () => useQuery(missionsQueryOptions());
