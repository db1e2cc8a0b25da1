import { clampIndex } from '@hondana/domain/viewer/navigation';
import { type Spread, spreadIndexOf } from '@hondana/domain/viewer/spreads';
import { LAST_PAGE_LOADING_MS } from '@hondana/domain/viewer/timing';
import { useCallback, useEffect, useRef, useState } from 'react';

/** §4 page change sources. */
export type PageSource = 'swipe' | 'tap' | 'slider' | 'keyboard' | 'navigation' | 'scroll' | 'init' | 'fontSize';

/** Jumps (not page turns) leave a page to go back to: the footer's back button. */
const JUMPS: readonly PageSource[] = ['slider', 'navigation'];

type EndState = 'reading' | 'loading' | 'shown';

/**
 * Where the reader is: a page index among the pages shown, the screen (spread) holding it, the
 * page to go back to after a jump, and the last page: stepping past the last screen opens it
 * behind a 1500 ms loading modal (§2), and stepping back from it returns to the book.
 */
export function useReader(screens: readonly Spread[], total: number, initial: number, openLastPage: boolean, onPast?: () => void) {
  const [index, setIndex] = useState(() => clampIndex(initial, total));
  const [backTo, setBackTo] = useState<number | null>(null);
  const [end, setEnd] = useState<EndState>(openLastPage ? 'loading' : 'reading');
  const lastSource = useRef<PageSource>('init');

  useEffect(() => {
    if (end !== 'loading') return;
    const timer = setTimeout(() => setEnd('shown'), LAST_PAGE_LOADING_MS);
    return () => clearTimeout(timer);
  }, [end]);

  const screenIndex = spreadIndexOf(screens, index);
  const visible = screens[screenIndex] ?? [];

  const goTo = useCallback(
    (target: number, source: PageSource) => {
      const next = clampIndex(target, total);
      // A slider drag is one jump: the back page is where the drag started.
      const dragging = source === 'slider' && lastSource.current === 'slider';
      if (JUMPS.includes(source) && !dragging && index !== next) setBackTo(index);
      lastSource.current = source;
      setEnd('reading');
      setIndex(next);
    },
    [total, index],
  );

  const step = useCallback(
    (delta: number, source: PageSource) => {
      if (delta === 0) return;
      if (end !== 'reading') {
        if (delta < 0) setEnd('reading');
        // §4 reading progress: moving past the last page.
        else if (end === 'shown') onPast?.();
        return;
      }
      const target = screenIndex + delta;
      if (target >= screens.length) {
        setEnd('loading');
        return;
      }
      if (target < 0) return;
      lastSource.current = source;
      setIndex(screens[target]![0]!);
    },
    [end, screenIndex, screens, onPast],
  );

  const back = useCallback(() => {
    if (backTo === null) return;
    setEnd('reading');
    setIndex(backTo);
    setBackTo(null);
  }, [backTo]);

  /** The next button at the back cover: open the last page. */
  const finish = useCallback(() => setEnd('loading'), []);

  /** A scroll stage reports what is on screen without creating a back page. */
  const follow = useCallback((target: number) => {
    lastSource.current = 'scroll';
    setIndex(target);
  }, []);

  /** Leave the last page: back to the book where it was, or (the reset setting) to its first page. */
  const leaveEnd = useCallback((reset: boolean) => {
    setEnd('reading');
    if (reset) {
      lastSource.current = 'init';
      setIndex(0);
    }
  }, []);

  return { index, screenIndex, visible, end, backTo, goTo, step, back, follow, finish, leaveEnd, lastSource } as const;
}
