import { queryOptions } from '@tanstack/react-query';
import { SERIALS_KEY } from './serial-query';
import { getSuggestion, markReading } from './serials';

/**
 * The serial last page's suggested episode (`GET /api/serial_episodes/{serialId}/suggestions/v2`),
 * after the member's read-end (§4: the last page posts it first; its failure does not stop the page).
 */
export const suggestionQuery = (serialId: number, episodeId: number, loggedIn: boolean) =>
  queryOptions({
    queryKey: [SERIALS_KEY, serialId, 'suggestion', episodeId, loggedIn],
    queryFn: async () => {
      if (loggedIn) await markReading(episodeId, 'end_reading').catch(() => undefined);
      return getSuggestion(serialId, episodeId);
    },
  });
