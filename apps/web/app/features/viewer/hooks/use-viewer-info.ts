import type { ViewerInfo } from '@hondana/domain/reading/reading-api';
import { useCallback, useEffect, useState } from 'react';
import { type Tracking, getViewerInfo } from '../api/get-viewer-info';

export type InfoState = { status: 'loading' } | { status: 'failed' } | { status: 'ready'; info: ViewerInfo };

/** Refetch signed page URLs this long before they expire. */
const REFRESH_MARGIN_MS = 30_000;

/**
 * The viewer info of a book (§3 Viewer info response), with the failure screen's reload, and a
 * quiet refetch before the signed page URLs expire (a refetch that fails keeps what is shown).
 */
export function useViewerInfo(bookId: number, tracking: Tracking, initial: ViewerInfo | null) {
  const [state, setState] = useState<InfoState>(initial ? { status: 'ready', info: initial } : { status: 'loading' });
  const [attempt, setAttempt] = useState(initial ? -1 : 0);
  const reload = useCallback(() => {
    setState({ status: 'loading' });
    setAttempt((n) => Math.max(0, n + 1));
  }, []);
  const trackingKey = JSON.stringify(tracking);

  useEffect(() => {
    // The server's render brought the info: fetch only to reload after a failure.
    if (attempt < 0) return;
    let live = true;
    getViewerInfo(bookId, JSON.parse(trackingKey) as Tracking).then(
      (info) => live && setState({ status: 'ready', info }),
      (error: unknown) => {
        // §8: the failure is logged under this name and the failure screen shows.
        console.warn('Failed to fetch fetchViewerBookInfo', error instanceof Error ? error.message : error);
        if (live) setState({ status: 'failed' });
      },
    );
    return () => {
      live = false;
    };
  }, [bookId, trackingKey, attempt]);

  const expiresAt = state.status === 'ready' ? state.info.pages_data.urlExpiresAt : null;
  useEffect(() => {
    if (expiresAt === null) return;
    const delay = Math.max(5_000, expiresAt - Date.now() - REFRESH_MARGIN_MS);
    const timer = setTimeout(() => {
      getViewerInfo(bookId, JSON.parse(trackingKey) as Tracking).then(
        (info) => setState({ status: 'ready', info }),
        () => undefined,
      );
    }, delay);
    return () => clearTimeout(timer);
  }, [bookId, trackingKey, expiresAt]);

  return { state, reload };
}
