import { useEffect, useState } from 'react';

/**
 * True once an element has come within `rootMargin` of the viewport, or is found above it: a
 * reader who scrolled past a section before the page's script was ready (a slow phone hydrates
 * late) has passed it, and it loads then rather than wait for them to scroll back.
 */
export function reachedOrPassed(entry: IntersectionObserverEntry): boolean {
  return entry.isIntersecting || entry.boundingClientRect.bottom < 0;
}

/** The callback ref for the element and whether it has come near (see reachedOrPassed). */
export function useNearViewport(rootMargin: string) {
  const [node, setNode] = useState<HTMLElement | null>(null);
  const [near, setNear] = useState(false);
  useEffect(() => {
    if (!node || near) return;
    const observer = new IntersectionObserver((entries) => entries.some(reachedOrPassed) && setNear(true), { rootMargin });
    observer.observe(node);
    return () => observer.disconnect();
  }, [node, near, rootMargin]);
  return [setNode, near] as const;
}
