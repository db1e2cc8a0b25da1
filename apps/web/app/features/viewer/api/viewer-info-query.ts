import type { ViewerInfo } from '@hondana/domain/reading/reading-api';
import { queryOptions } from '@tanstack/react-query';
import { type Tracking, getViewerInfo } from './get-viewer-info';

/** Refetch signed page URLs this long before they expire (never sooner than 5 s after the last read). */
const REFRESH_MARGIN_MS = 30_000;
const MIN_REFRESH_MS = 5_000;

/** How long the signed page URLs of `info` stay usable from now, less the margin; false without an expiry. */
const refreshDelay = (info: ViewerInfo | undefined, now: number): number | false => {
  const expiresAt = info?.pages_data.urlExpiresAt ?? null;
  return expiresAt === null ? false : Math.max(MIN_REFRESH_MS, expiresAt - now - REFRESH_MARGIN_MS);
};

/**
 * A book's viewer info (§3 Viewer info response). It is refetched only before its signed page
 * URLs expire (in the background too: the URLs expire whether the tab is seen or not); a
 * refetch that fails keeps the info shown. A first load that fails is not retried: the failure
 * screen offers the reload.
 */
export const viewerInfoQuery = (bookId: number, tracking: Tracking) =>
  queryOptions({
    queryKey: ['viewer-info', bookId, tracking],
    queryFn: async () => {
      try {
        return await getViewerInfo(bookId, tracking);
      } catch (error) {
        // §8: the failure is logged under this name.
        console.warn('Failed to fetch fetchViewerBookInfo', error instanceof Error ? error.message : error);
        throw error;
      }
    },
    staleTime: Infinity,
    retry: false,
    refetchInterval: (query) => refreshDelay(query.state.data, Date.now()),
    refetchIntervalInBackground: true,
  });
