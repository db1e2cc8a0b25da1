import { queryOptions } from '@tanstack/react-query';
import { getNewlyMessages, markDisplayed } from './newly';

/**
 * `GET /api/newly/get_newly_message`: the new-release messages as they were (the unread ones
 * marked), then the unread ones recorded as displayed (not awaited; a failure changes nothing shown).
 */
export const newlyMessagesQuery = (offset: number, limit: number) =>
  queryOptions({
    queryKey: ['notices', 'newly', offset, limit],
    queryFn: async () => {
      const page = await getNewlyMessages(offset, limit);
      const unseen = page.newlyMessages.filter((m) => !m.displayed).map((m) => m.id);
      if (unseen.length > 0) void markDisplayed(unseen).catch(() => undefined);
      return page;
    },
    // Read once per visit: read again, every message would have lost its unread mark.
    staleTime: Infinity,
  });
