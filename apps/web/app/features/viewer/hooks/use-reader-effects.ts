import type { Direction } from '@hondana/domain/catalog/catalog';
import type { ViewerInfo, ViewerPage } from '@hondana/domain/reading/reading-api';
import { type Flow, stepForKey } from '@hondana/domain/viewer/navigation';
import { pageSlotWidth, planPrefetch } from '@hondana/domain/viewer/prefetch';
import { shouldRegisterReadEnd } from '@hondana/domain/viewer/progress';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { currentPageView, track } from '../../../lib/track';
import { registerFinishRead } from '../api/page-sync';
import { viewerInfoQuery } from '../api/viewer-info-query';
import { pageImageUrl } from '../components/page-image';
import { usePrefetch } from './use-prefetch';
import type { Viewport } from './use-viewport';

/** Arrow keys mirrored by direction (paged) or ↑/↓ (scrolling); ignored while a popup is open. */
export function useKeyboard(direction: Direction, flow: Flow, active: boolean, onStep: (delta: number) => void) {
  const latest = useRef(onStep);
  useLayoutEffect(() => {
    latest.current = onStep;
  });
  // Layout effect: the listener is in place before the first page paints, so no early key is lost.
  useLayoutEffect(() => {
    if (!active) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.altKey || e.ctrlKey || e.metaKey) return;
      if (e.target instanceof HTMLInputElement && e.key !== ' ') return;
      const step = stepForKey(e.key, direction, flow);
      if (step === 0) return;
      e.preventDefault();
      performance.mark('viewer:turn-start');
      latest.current(step);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [direction, flow, active]);
}

/** §4: the first time 90% of an owned book's pages are reached, register the read-end (once). */
export function useReadEnd(bookId: number, lastVisiblePage: number, total: number, owned: boolean, already: boolean) {
  const done = useRef(already);
  useEffect(() => {
    if (!shouldRegisterReadEnd({ lastVisiblePage, total, owned, alreadyRegistered: done.current })) return;
    done.current = true;
    registerFinishRead(bookId, lastVisiblePage).catch(() => {
      done.current = false;
    });
  }, [bookId, lastVisiblePage, total, owned]);
}

/**
 * §7 /log/read_end: the person reached the end of the book (its last page shown), once per book,
 * with the `ref` the viewer was opened with and `sakuyomiFlg` (1: read without owning it, a
 * free volume or a sample; 0: an owned book). The last page itself is the read-end popup
 * (`/log/popup_read_end`, sent with it).
 */
export function useReadEndLog(bookId: number, titleId: number, atEnd: boolean, owned: boolean) {
  const logged = useRef<number | null>(null);
  useEffect(() => {
    if (!atEnd || logged.current === bookId) return;
    logged.current = bookId;
    const ref = new URLSearchParams(location.search).get('ref');
    // §8: ref (empty when the viewer was opened without one), hash and sakuyomiFlg are required.
    track('read_end', { book_id: bookId, title_id: titleId, ref: ref ?? '', hash: currentPageView(), sakuyomiFlg: owned ? 0 : 1 });
    track('popup_read_end', { book_id: bookId, title_id: titleId, ref });
  }, [bookId, titleId, atEnd, owned]);
}

/**
 * Prefetch and decode 4 pages ahead and 1 behind in the width that fits the screen; near the
 * end, the next volume's first pages (its viewer info is fetched once, when needed).
 */
export function usePagePrefetch(info: ViewerInfo, pages: readonly ViewerPage[], visible: readonly number[], viewport: Viewport) {
  const next = info.nextVolume;
  const nextReadable = next !== null && (next.bought || next.free);
  const plan = planPrefetch({ visible, total: pages.length, hasNextVolume: nextReadable });
  // Asked for once the plan first wants its pages, then kept (enabled stays true once it was).
  const [wantedNext, setWantedNext] = useState(false);
  if (plan.nextVolumePages.length > 0 && !wantedNext) setWantedNext(true);
  const nextInfo = useQuery({ ...viewerInfoQuery(next?.bookId ?? 0, {}), enabled: wantedNext && next !== null, refetchInterval: false });
  const nextPages = nextInfo.data?.pages_data.pages ?? null;

  const visibleKey = visible.join(',');
  const urls = useMemo(() => {
    const onScreen = visibleKey ? visibleKey.split(',').map(Number) : [];
    const { pages: own, nextVolumePages } = planPrefetch({ visible: onScreen, total: pages.length, hasNextVolume: nextReadable });
    const slotOf = (page: ViewerPage) => pageSlotWidth(viewport, page, onScreen.length);
    const wanted = [...own.map((i) => pages[i]), ...nextVolumePages.map((i) => nextPages?.[i])].filter(
      (p): p is ViewerPage => p !== undefined,
    );
    return wanted.map((p) => pageImageUrl(p, slotOf(p), viewport.dpr)).filter((u): u is string => u !== null);
  }, [pages, visibleKey, viewport, nextPages, nextReadable]);
  usePrefetch(urls);
}
