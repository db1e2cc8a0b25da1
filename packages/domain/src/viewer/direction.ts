import { type Direction, LayoutType, forcesHorizontal } from '../catalog/catalog';
import type { Flow } from './navigation';

/** The footer's direction toggle: ヨコ読み (paged) or タテ読み (vertical scroll), stored locally (§4). */
type ReadingMode = 'horizontal' | 'vertical';

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
export const directionToggleShown = (kind: ViewerKind, genreId: number | null): boolean => kind === 'fixed' && !forcesHorizontal(genreId);

export const flowOf = (mode: ReadingMode): Flow => (mode === 'vertical' ? 'scroll' : 'paged');

/** A text book's writing: 縦書き or 横書き. */
export type WritingMode = 'vertical' | 'horizontal';

/**
 * The writing a text book is laid out in: the reader's choice (設定's 書字方向) where the book
 * allows one, else the book's own (vertical when it does not say). Genres 11–17 read left to
 * right (§9): their books stay horizontal.
 */
export function textWritingMode(book: WritingMode | null, chosen: 'book' | WritingMode, genreId: number | null): WritingMode {
  if (forcesHorizontal(genreId)) return 'horizontal';
  if (chosen !== 'book') return chosen;
  return book ?? 'vertical';
}

/** Whether the reader may choose the writing of this book (text books outside genres 11–17). */
export const writingModeChoice = (kind: ViewerKind, genreId: number | null): boolean => kind === 'text' && !forcesHorizontal(genreId);

/** Pages turn right to left in vertical writing, left to right in horizontal writing. */
export const textDirection = (mode: WritingMode): Direction => (mode === 'vertical' ? 'rtl' : 'ltr');
