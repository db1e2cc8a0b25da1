import { queryOptions } from '@tanstack/react-query';
import { loadEpisode } from './episode-browser';
import { SERIALS_KEY } from './serial-query';

/**
 * `GET /api/serial_episode_browsers/{episodeId}` with §8's redirects decided. Read once per
 * opening: a refetch would swap the signed page URLs under the reader, so it never goes stale.
 */
export const episodeBrowserQuery = (episodeId: number) =>
  queryOptions({ queryKey: [SERIALS_KEY, 'episode-browser', episodeId], queryFn: () => loadEpisode(episodeId), staleTime: Infinity });
