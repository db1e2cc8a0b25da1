import { queryOptions } from '@tanstack/react-query';
import { SERIALS_KEY } from './serial-query';
import { getEpisodes } from './serials';

/** `GET /api/serial_episodes?serial_id=` (first 100, in reading order): the episodes. */
export const episodesQuery = (serialId: number) =>
  queryOptions({ queryKey: [SERIALS_KEY, serialId, 'episodes'], queryFn: async () => (await getEpisodes(serialId, 'sequence')).episodes });
