import { useLayoutEffect } from 'react';

/**
 * Page-turn timing for the benchmark: an input handler marks `viewer:turn-start`; once the new
 * page has been painted (the frame after the commit), this marks `viewer:turn-end` and measures
 * `viewer:turn` between the two.
 */
export function usePaintMark(key: string) {
  useLayoutEffect(() => {
    if (performance.getEntriesByName('viewer:turn-start', 'mark').length === 0) return;
    requestAnimationFrame(() => {
      setTimeout(() => {
        // Several turns in one frame: the first to paint measures, the others find no start mark.
        if (performance.getEntriesByName('viewer:turn-start', 'mark').length === 0) return;
        performance.mark('viewer:turn-end');
        performance.measure('viewer:turn', 'viewer:turn-start', 'viewer:turn-end');
        performance.clearMarks('viewer:turn-start');
      }, 0);
    });
  }, [key]);
}
