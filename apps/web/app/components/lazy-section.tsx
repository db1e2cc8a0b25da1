import { type ComponentType, type ReactNode, Suspense, lazy, useEffect } from 'react';

/** How far below the viewport a section starts loading its code. */
const ROOT_MARGIN = '600px';

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
      release = resolve;
      const observer = new IntersectionObserver(
        (entries) => {
          if (!entries.some((entry) => entry.isIntersecting)) return;
          observer.disconnect();
          resolve();
        },
        { rootMargin: ROOT_MARGIN },
      );
      observer.observe(element);
    });
  };
  const Lazy = lazy(async () => {
    await gate();
    return { default: await load() };
  }) as unknown as ComponentType<P>;

  function LoadNow({ children }: { children?: ReactNode }) {
    useEffect(() => release(), []);
    return children;
  }

  return function LazySection({ fallback, ...props }: P & { fallback?: ReactNode }) {
    return (
      <Suspense fallback={<LoadNow>{fallback ?? null}</LoadNow>}>
        <Lazy {...(props as P)} />
      </Suspense>
    );
  };
}
