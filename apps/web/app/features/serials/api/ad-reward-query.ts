import { queryOptions } from '@tanstack/react-query';
import { SERIALS_KEY } from './serial-query';
import { getAdReward } from './serials';

/** `GET /api/user_serial_ad_reward/me` (members): the tickets an ad still gives today. */
export const adRewardQuery = () => queryOptions({ queryKey: [SERIALS_KEY, 'ad-reward'], queryFn: getAdReward });
