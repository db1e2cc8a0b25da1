import { SERIAL_EPISODES_PAGE_SIZE } from '@hondana/domain/serials/serials';
import { queryOptions } from '@tanstack/react-query';
import { SERIALS_KEY } from './serial-query';
import { getEpisodes } from './serials';

/** `GET /api/serial_episodes?serial_id=`: one page of the episodes (100, in reading order). */
export const episodesQuery = (serialId: number, page = 1) =>
  queryOptions({
    queryKey: [SERIALS_KEY, serialId, 'episodes', page],
    queryFn: async () => (await getEpisodes(serialId, 'sequence', (page - 1) * SERIAL_EPISODES_PAGE_SIZE)).episodes,
  });
