import type { ViewerInfo } from '@hondana/domain/reading/reading-api';
import { useEffect, useRef, useSyncExternalStore } from 'react';
import { QueryProvider } from '../../../components/query-provider';
import { track } from '../../../lib/track';
import { seriesHref } from '../../catalog/series-href';
import type { Tracking } from '../api/get-viewer-info';
import { useFreeBookOnLoad } from '../hooks/use-free-book-on-load';
import { useViewerInfo } from '../hooks/use-viewer-info';
import { useViewport } from '../hooks/use-viewport';
import type { LastPageCommerceSlot, LastPageExtras } from './last-page-slot';
import { FailureScreen, LoadingOverlay } from './overlays';
import { Poster } from './poster';
import { Reader } from './reader';
import styles from './viewer.module.css';

type ViewerAppProps = {
  bookId: number;
  /** The viewer info from the server's render (null when it could not fetch it: the browser does). */
  info: ViewerInfo | null;
  startupPage: number | null;
  openLastPage: boolean;
  tracking: Tracking;
  loggedIn: boolean;
  adult: boolean;
  /** The last page's commerce block (orders area), passed through to the last page. */
  commerce?: LastPageCommerceSlot;
  /** What the route's loader found for the last page (guest cart book, coupon banner, app link). */
  lastPage?: LastPageExtras;
};

/** §7: session storage keeps the viewer's close URL. */
const CLOSE_KEY = 'hondana.viewer.closeUrl';

/**
 * Where 閉じる goes: the store page the reader came from, kept for this tab (so paging through
 * volumes keeps it), else the volume page. Recording the referrer is idempotent.
 */
function keptCloseUrl(): string | null {
  try {
    const from = document.referrer ? new URL(document.referrer) : null;
    if (from && from.origin === location.origin && from.pathname !== '/viewer') {
      sessionStorage.setItem(CLOSE_KEY, from.pathname + from.search);
    }
    return sessionStorage.getItem(CLOSE_KEY);
  } catch {
    return null;
  }
}

const noSubscription = () => () => undefined;

/** The viewer root: loads the book, then shows it, the loading overlay or the failure screen. */
export function ViewerApp(props: ViewerAppProps) {
  return (
    <QueryProvider>
      <ViewerRoot {...props} />
    </QueryProvider>
  );
}

function ViewerRoot({ bookId, info, startupPage, openLastPage, tracking, loggedIn, adult, commerce, lastPage }: ViewerAppProps) {
  const { state, reload } = useViewerInfo(bookId, tracking, info);
  const freeBook = useFreeBookOnLoad(state.status === 'ready' ? state.info : null, loggedIn, adult);
  const viewport = useViewport();
  const kept = useSyncExternalStore(noSubscription, keptCloseUrl, () => null);
  const book = state.status === 'ready' ? state.info.book_data : null;
  const closeHref = kept ?? (book ? seriesHref(book.titleId, book.id) : '/');
  const titleId = book?.titleId;
  // §7 /log/read_start with the §2 viewer parameters and the ref the link carried (§9 refs).
  const started = useRef<number | null>(null);
  useEffect(() => {
    if (titleId === undefined || started.current === bookId) return;
    started.current = bookId;
    track('read_start', { book_id: bookId, title_id: titleId, ...tracking, ref: new URLSearchParams(location.search).get('ref') });
  }, [bookId, titleId, tracking]);
  return (
    <div className={styles.viewer} data-testid="viewer" data-free-book={freeBook}>
      {state.status === 'failed' && <FailureScreen onReload={reload} closeHref={closeHref} />}
      {state.status === 'loading' && <LoadingOverlay />}
      {state.status === 'ready' && !viewport && <Poster info={state.info} startupPage={startupPage} />}
      {state.status === 'ready' && viewport && (
        <Reader
          info={state.info}
          loggedIn={loggedIn}
          adult={adult}
          startupPage={startupPage}
          openLastPage={openLastPage}
          closeHref={closeHref}
          viewport={viewport}
          commerce={commerce}
          lastPage={lastPage}
          lastPageLoad={freeBook}
        />
      )}
    </div>
  );
}
