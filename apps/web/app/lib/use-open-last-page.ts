import { withOpenLastPage } from '@hondana/domain/viewer/last-page';
import { useEffect } from 'react';

/**
 * §4: `open_lastpage=true` is in the URL while a viewer's last page shows (where a serial episode
 * is rented, and a book's last page), so a reload or a payment's return comes back to it; leaving
 * the last page removes it. The URL is replaced, not pushed: no extra history entry.
 */
export function useOpenLastPageParam(shown: boolean): void {
  useEffect(() => {
    const search = withOpenLastPage(window.location.search, shown);
    if (search !== window.location.search)
      window.history.replaceState(window.history.state, '', window.location.pathname + search + window.location.hash);
  }, [shown]);
}
