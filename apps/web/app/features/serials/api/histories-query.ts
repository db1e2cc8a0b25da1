import { queryOptions } from '@tanstack/react-query';
import { SERIALS_KEY } from './serial-query';
import { getHistories } from './serials';

/** `GET /api/serials/user_continuable_reading/me` (members): serials the member can read on. */
export const historiesQuery = (limit: number) =>
  queryOptions({ queryKey: [SERIALS_KEY, 'histories', limit], queryFn: async () => (await getHistories(limit)).histories });
