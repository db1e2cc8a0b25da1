import type { Direction } from '../catalog/catalog';
import { SWIPE_MIN_PX } from './timing';

/** How the pages move: paged left/right (ヨコ読み) or a vertical scroll (タテ読み, webtoon). */
export type Flow = 'paged' | 'scroll';

/** +1 the next page, −1 the previous one, 0 nothing. */
export type Step = -1 | 0 | 1;

/**
 * The slider steps by 1 over pages 0…total−1 and is mirrored for right-to-left books: its
 * left end is the last page (§2). The slider's own value runs left to right; these convert.
 */
export function sliderValueOfPage(page: number, total: number, direction: Direction): number {
  const last = Math.max(0, total - 1);
  const clamped = Math.min(Math.max(0, Math.round(page)), last);
  return direction === 'rtl' ? last - clamped : clamped;
}

/** The page a slider value stands for (the mirror is its own inverse). */
export const pageOfSliderValue = (value: number, total: number, direction: Direction): number => sliderValueOfPage(value, total, direction);

/**
 * Arrow keys mirrored by direction: in a right-to-left book ← turns to the next page, in a
 * left-to-right book → does. Vertical flows use ↓/↑. Space and PageDown always go forward.
 */
export function stepForKey(key: string, direction: Direction, flow: Flow): Step {
  switch (key) {
    case ' ':
    case 'PageDown':
      return 1;
    case 'PageUp':
      return -1;
    case 'ArrowDown':
      return flow === 'scroll' ? 1 : 0;
    case 'ArrowUp':
      return flow === 'scroll' ? -1 : 0;
    case 'ArrowLeft':
      return flow === 'paged' ? (direction === 'rtl' ? 1 : -1) : 0;
    case 'ArrowRight':
      return flow === 'paged' ? (direction === 'rtl' ? -1 : 1) : 0;
    default:
      return 0;
  }
}

export type TapAction = 'next' | 'previous' | 'toggleUi';

/**
 * Tap zones: the outer thirds turn pages (the left third is 'next' in a right-to-left book),
 * the centre third toggles the header and footer.
 */
export function tapAction(x: number, width: number, direction: Direction): TapAction {
  if (width <= 0) return 'toggleUi';
  const third = width / 3;
  if (x >= third && x <= 2 * third) return 'toggleUi';
  const left = x < third;
  return left === (direction === 'rtl') ? 'next' : 'previous';
}

/**
 * A horizontal swipe: in a right-to-left book the finger moves right (dx > 0) to see the next
 * page, as when turning a paper page. Short or mostly vertical moves are not swipes.
 */
export function stepForSwipe(dx: number, dy: number, direction: Direction): Step {
  if (Math.abs(dx) < SWIPE_MIN_PX || Math.abs(dx) < Math.abs(dy)) return 0;
  const rightward = dx > 0;
  return rightward === (direction === 'rtl') ? 1 : -1;
}

/** Moves `current` by `step` screens, staying within 0…count−1. */
export const clampIndex = (index: number, count: number): number => Math.min(Math.max(0, index), Math.max(0, count - 1));
