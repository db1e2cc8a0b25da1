import type { Direction } from '@hondana/domain/catalog/catalog';
import { type TapAction, stepForSwipe, tapAction } from '@hondana/domain/viewer/navigation';
import { type PointerEvent, useRef } from 'react';

export type GestureHandlers = {
  onStep: (delta: number, source: 'tap' | 'swipe') => void;
  onToggleUi: () => void;
};

/**
 * Taps and swipes on a paged stage: the outer thirds turn pages (unless tap navigation is off,
 * when every tap toggles the UI), the centre toggles the UI, a horizontal swipe turns a page.
 */
export function useStageGestures(direction: Direction, tapNavigation: boolean, handlers: GestureHandlers) {
  const start = useRef<{ x: number; y: number } | null>(null);
  const onPointerDown = (e: PointerEvent<HTMLElement>) => {
    start.current = { x: e.clientX, y: e.clientY };
  };
  const onPointerUp = (e: PointerEvent<HTMLElement>) => {
    const from = start.current;
    start.current = null;
    if (!from) return;
    const swipe = stepForSwipe(e.clientX - from.x, e.clientY - from.y, direction);
    if (swipe !== 0) {
      handlers.onStep(swipe, 'swipe');
      return;
    }
    const rect = e.currentTarget.getBoundingClientRect();
    const action: TapAction = tapNavigation ? tapAction(e.clientX - rect.left, rect.width, direction) : 'toggleUi';
    if (action === 'toggleUi') handlers.onToggleUi();
    else {
      performance.mark('viewer:turn-start');
      handlers.onStep(action === 'next' ? 1 : -1, 'tap');
    }
  };
  return { onPointerDown, onPointerUp };
}
