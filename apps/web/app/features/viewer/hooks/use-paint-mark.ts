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
        performance.mark('viewer:turn-end');
        try {
          performance.measure('viewer:turn', 'viewer:turn-start', 'viewer:turn-end');
        } finally {
          performance.clearMarks('viewer:turn-start');
        }
      }, 0);
    });
  }, [key]);
}
