import { type ComponentType, type ReactNode, Suspense, lazy, useEffect } from 'react';
import { reachedOrPassed } from '../lib/use-near-viewport';

/** How far below the viewport a section starts loading its code. */
const ROOT_MARGIN = '600px';

/** The gates of sections still waiting for the viewport. */
const waiting = new Set<() => void>();

/**
 * Loads every section still waiting for the viewport. Call it before revalidating a page's data
 * (after a purchase, say): the revalidation gives every section new props in a transition, and
 * one whose code is held back would hold that whole update back with it (React keeps the old
 * page rather than drop server HTML it cannot hydrate yet).
 */
export function loadWaitingSections(): void {
  for (const release of [...waiting]) release();
}

/**
 * A page section whose code loads only when it is needed, so it is not part of the page's
 * JavaScript on load (the series page's budget is 120 kB gzip).
 *
 * - `when: 'visible'`: the server renders it as usual; in the browser React keeps that HTML in
 *   place (selective hydration) until the section's element (`id`) comes within 600 px of the
 *   viewport, then loads its code and hydrates it. The reader sees the content at once and it
 *   becomes interactive as they scroll to it.
 * - `when: 'rendered'`: for sections a page shows only sometimes (the age gate, a volume's
 *   detail): the code loads the first time one is rendered.
 *
 * Whenever React has to show the fallback instead (a client-side navigation, where there is no
 * server HTML to keep), the code loads at once.
 */
export function lazySection<P extends object>(
  load: () => Promise<ComponentType<P>>,
  options: { when: 'visible'; id: string } | { when: 'rendered' },
): ComponentType<P & { fallback?: ReactNode }> {
  let release: () => void = () => {};
  const gate = () => {
    const element = options.when === 'visible' && typeof document !== 'undefined' ? document.getElementById(options.id) : null;
    if (!element) return Promise.resolve();
    return new Promise<void>((resolve) => {
      const visible = new IntersectionObserver((entries) => entries.some(reachedOrPassed) && done(), {
        rootMargin: ROOT_MARGIN,
      });
      function done() {
        visible.disconnect();
        waiting.delete(done);
        resolve();
      }
      // A client-side navigation that leaves the page first shows the fallback, whose LoadNow releases it.
      release = done;
      waiting.add(done);
      // Distances are measured once the page has loaded: before that, the layout above the
      // section may not be final (styles, fonts), and a section far down could look near.
      const watch = () => visible.observe(element);
      if (document.readyState === 'complete') watch();
      else addEventListener('load', watch, { once: true });
    });
  };
  const Lazy = lazy(async () => {
    await gate();
    return { default: await load() };
  }) as unknown as ComponentType<P>;

  // While the code loads after a client-side navigation, the section's anchor is already there,
  // so a link to `#<id>` (the review editor returns to `#reviews`) scrolls to where it will be.
  const placeholder = options.when === 'visible' ? <div id={options.id} /> : null;

  function LoadNow({ children }: { children?: ReactNode }) {
    useEffect(() => release(), []);
    return children;
  }

  return function LazySection({ fallback, ...props }: P & { fallback?: ReactNode }) {
    return (
      <Suspense fallback={<LoadNow>{fallback ?? placeholder}</LoadNow>}>
        <Lazy {...(props as P)} />
      </Suspense>
    );
  };
}
