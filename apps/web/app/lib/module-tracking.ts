import { type RefObject, useEffect } from 'react';
import { track } from './track';

/**
 * §7 `/log/module_view`, `/log/module_tap` and `/log/tap_section` for a module of a store page
 * (a `Section`): its view once it first comes into the viewport, a tap on one of its tiles (the
 * tile's `data-title-id` and `data-position`), a tap on its heading's link (もっと見る). One
 * listener on the module, nothing per tile; the page never waits for the calls.
 */
export function useModuleTracking(ref: RefObject<HTMLElement | null>, moduleName: string): void {
  useEffect(() => {
    const node = ref.current;
    if (!node) return;
    const page = location.pathname;
    const onClick = (event: MouseEvent) => {
      const link = (event.target as Element | null)?.closest('a');
      if (!link || !node.contains(link)) return;
      const tile = link.closest<HTMLElement>('[data-title-id]');
      if (tile) track('module_tap', { module_name: moduleName, title_id: tile.dataset.titleId, position: tile.dataset.position, page });
      else if (link.closest('[data-section-heading]')) track('tap_section', { section: moduleName, page });
    };
    node.addEventListener('click', onClick);
    let observer: IntersectionObserver | null = null;
    if (typeof IntersectionObserver === 'function') {
      observer = new IntersectionObserver((entries) => {
        if (!entries.some((e) => e.isIntersecting)) return;
        observer?.disconnect();
        track('module_view', { module_name: moduleName, page });
      });
      observer.observe(node);
    }
    return () => {
      node.removeEventListener('click', onClick);
      observer?.disconnect();
    };
  }, [ref, moduleName]);
}
