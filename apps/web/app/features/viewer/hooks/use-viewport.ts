import { useEffect, useState } from 'react';

export type Viewport = { width: number; height: number; dpr: number };

const read = (): Viewport => ({ width: window.innerWidth, height: window.innerHeight, dpr: window.devicePixelRatio || 1 });

/** The window's size, updated on resize and rotation (spreads and image widths follow it). */
export function useViewport(): Viewport | null {
  const [viewport, setViewport] = useState<Viewport | null>(null);
  useEffect(() => {
    const update = () => setViewport(read());
    update();
    window.addEventListener('resize', update);
    return () => window.removeEventListener('resize', update);
  }, []);
  return viewport;
}
