import { type Direction, LayoutType, forcesHorizontal, readingDirection } from '../catalog/catalog';
import type { Flow } from './navigation';

/** The footer's direction toggle: ヨコ読み (paged) or タテ読み (vertical scroll), stored locally (§4). */
export type ReadingMode = 'horizontal' | 'vertical';

/** How a book is shown: fixed pages, a webtoon strip or reflowable text. */
export type ViewerKind = 'fixed' | 'webtoon' | 'text';

export function viewerKindOf(layoutType: number, imagedReflow: boolean): ViewerKind {
  if (layoutType === LayoutType.WEBTOON) return 'webtoon';
  if (layoutType === LayoutType.REFLOW && !imagedReflow) return 'text';
  return 'fixed';
}

/**
 * The mode a fixed-layout book is read in: genre ids 11 to 17 force horizontal (§9), whatever
 * the reader stored; webtoons always scroll; text books always page.
 */
export function effectiveMode(kind: ViewerKind, genreId: number | null, stored: ReadingMode | null): ReadingMode {
  if (kind === 'webtoon') return 'vertical';
  if (kind === 'text' || forcesHorizontal(genreId)) return 'horizontal';
  return stored ?? 'horizontal';
}

/** Whether the footer offers the direction toggle (§5: hidden for text books; webtoons only scroll). */
export const directionToggleShown = (kind: ViewerKind, genreId: number | null): boolean =>
  kind === 'fixed' && !forcesHorizontal(genreId);

export const flowOf = (mode: ReadingMode): Flow => (mode === 'vertical' ? 'scroll' : 'paged');

/** The book's page direction (§3 `direction`, default rtl; genres 11–17 read left to right). */
export const bookDirection = (genreId: number | null, stored: Direction | null | undefined): Direction =>
  readingDirection(genreId, stored);
