import { useEffect, useRef } from 'react';

/** How many decoded images to keep referenced (the plan is at most 6 pages plus the next volume's 4). */
const KEEP = 16;

/**
 * Fetches and decodes page images before they are needed (4 ahead, 1 behind), in the
 * order given, so a page turn paints an image that is already decoded. Images are held so the
 * browser keeps their decoded data while they are near.
 */
export function usePrefetch(urls: readonly string[]) {
  const held = useRef(new Map<string, HTMLImageElement>());
  const key = urls.join('\n');
  useEffect(() => {
    const cache = held.current;
    for (const url of key ? key.split('\n') : []) {
      if (cache.has(url)) {
        const image = cache.get(url)!;
        cache.delete(url);
        cache.set(url, image);
        continue;
      }
      const image = new Image();
      image.decoding = 'async';
      image.src = url;
      image.decode().catch(() => undefined);
      cache.set(url, image);
    }
    while (cache.size > KEEP) cache.delete(cache.keys().next().value!);
  }, [key]);
}
