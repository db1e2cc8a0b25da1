import { queryOptions } from '@tanstack/react-query';
import { SERIALS_KEY } from './serial-query';
import { getRecommends } from './serials';

/** `GET /api/serials/recommends?serial_id=` (members): 12 recommended free serials. */
export const recommendsQuery = (serialId: number) =>
  queryOptions({ queryKey: [SERIALS_KEY, serialId, 'recommends'], queryFn: async () => (await getRecommends(serialId)).serials });
