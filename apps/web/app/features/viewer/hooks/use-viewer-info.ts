import type { ViewerInfo } from '@hondana/domain/reading/reading-api';
import { useQuery } from '@tanstack/react-query';
import type { Tracking } from '../api/get-viewer-info';
import { viewerInfoQuery } from '../api/viewer-info-query';

type InfoState = { status: 'loading' } | { status: 'failed' } | { status: 'ready'; info: ViewerInfo };

/**
 * The viewer info of a book, first from the server's render when it brought it, with the failure
 * screen's reload (showing the loading overlay again while it runs).
 */
export function useViewerInfo(bookId: number, tracking: Tracking, initial: ViewerInfo | null) {
  const query = useQuery({ ...viewerInfoQuery(bookId, tracking), initialData: initial ?? undefined });
  const state: InfoState = query.data
    ? { status: 'ready', info: query.data }
    : query.isError && !query.isFetching
      ? { status: 'failed' }
      : { status: 'loading' };
  return { state, reload: () => void query.refetch() };
}
