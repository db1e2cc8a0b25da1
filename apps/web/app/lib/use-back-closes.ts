import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';

/** The hashes of the page's entry once a popup was opened, and of the popup's own entry. */
export type BackEntries = { page: string; popup: string };

/** The viewer's popups (settings, table of contents, bookmarks…). */
export const VIEWER_POPUP: BackEntries = { page: '#viewer', popup: '#viewer-popup' };

/** Popups just unmounted whose entry comes off on the next task unless they mount again first. */
const leavingEntries = new Map<string, ReturnType<typeof setTimeout>>();

/**
 * Browser back closes a popup or sheet instead of leaving the page (issue 34: the viewer's popups,
 * a book's purchase sheet). Opening it adds one history entry that differs from the page's only
 * by its hash, so React Router loads nothing for either move (going back to an entry with no hash
 * would load the page's data again). Back calls `onClose`; a popup closed any other way (its
 * buttons, Escape, a jump) takes its entry back off when it unmounts, so history keeps no trace
 * of it. Call it from a component that is mounted only while the popup is open.
 */
export function useBackCloses(onClose: () => void, entries: BackEntries): void {
  const { page: READING_HASH, popup: POPUP_HASH } = entries;
  const navigate = useNavigate();
  const { hash } = useLocation();
  const pushed = useRef(false);
  /** The router's location reached the popup's entry (before that, an old hash means nothing). */
  const onEntry = useRef(false);
  const latest = useRef(onClose);
  useEffect(() => {
    latest.current = onClose;
  });

  useEffect(() => {
    const leaving = leavingEntries.get(POPUP_HASH);
    if (leaving !== undefined) {
      // Mounted again at once (React's StrictMode check, or the popup's subtree mounted anew by a
      // Suspense boundary or a parent's re-render): the entry is still the popup's, and this
      // mount takes it over rather than push a second one that the last mount's back would undo.
      clearTimeout(leaving);
      leavingEntries.delete(POPUP_HASH);
      pushed.current = true;
    } else if (!pushed.current) {
      pushed.current = true;
      // The address as it is now (the last page's open_lastpage is put in without the router).
      const here = { pathname: window.location.pathname, search: window.location.search };
      const options = { preventScrollReset: true, state: window.history.state?.usr };
      if (window.location.hash !== READING_HASH) void navigate({ ...here, hash: READING_HASH }, { ...options, replace: true });
      void navigate({ ...here, hash: POPUP_HASH }, options);
    }
    return () => {
      const timer = setTimeout(() => {
        leavingEntries.delete(POPUP_HASH);
        if (pushed.current && window.location.hash === POPUP_HASH) window.history.back();
        pushed.current = false;
      }, 0);
      leavingEntries.set(POPUP_HASH, timer);
    };
  }, [navigate, READING_HASH, POPUP_HASH]);

  useEffect(() => {
    if (hash === POPUP_HASH) {
      onEntry.current = true;
      return;
    }
    // Back moved off the popup's entry: close the popup (its entry is gone already).
    if (onEntry.current && pushed.current) {
      onEntry.current = false;
      pushed.current = false;
      latest.current();
    }
  }, [hash, POPUP_HASH]);
}
