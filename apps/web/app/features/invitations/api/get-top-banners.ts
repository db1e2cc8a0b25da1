import type { Banner, BannersAnswer, NonLoginAppeal, NonLoginAppealAnswer } from '@hondana/domain/invitations/invitations-api';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api/client';
import { nonLoginAppealQueryKey } from './non-login-appeal-key';

/** `GET /api/reach_banner/get_banners/v3?location=` (§7): the running reach banners, highest priority first. */
async function getReachBanners(location: string): Promise<Banner[]> {
  return (await apiGet<BannersAnswer>('/reach_banner/get_banners/v3', { location })).results;
}

/** `GET /api/non_login_appeal` (§7): the guests' appeal, null for members or when none runs. */
async function getNonLoginAppeal(): Promise<NonLoginAppeal | null> {
  return (await apiGet<NonLoginAppealAnswer>('/non_login_appeal', undefined, { allowUnauthorized: true })).results;
}

export const useReachBanners = (location: string) =>
  useQuery(queryOptions({ queryKey: ['banners', 'reach', location], queryFn: () => getReachBanners(location), retry: false }));
export const useNonLoginAppeal = (enabled: boolean) =>
  useQuery(queryOptions({ queryKey: nonLoginAppealQueryKey, queryFn: getNonLoginAppeal, retry: false, enabled }));
