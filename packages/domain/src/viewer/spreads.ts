import { SPREAD_MIN_WIDTH } from './timing';

/**
 * A page's side in a two-page spread as its file says (EPUB `page-spread-*`), `alone` when the
 * file shows it in no spread (`rendition:spread none`); null when it does not say.
 */
type PageSide = 'left' | 'right' | 'center' | 'alone' | null;

/**
 * What pairing needs to know of a page: whether the server detected it as wide (a two-page
 * image), and the side its file puts it on, when the file says.
 */
type PageShape = { wide: boolean; side?: PageSide };

/** One screen of a paged book: one or two page indices, in reading order. */
export type Spread = readonly number[];

/**
 * Two-page spreads only on landscape screens wider than 1080 px; single pages on phones,
 * tablets and portrait screens.
 */
export function spreadsFit(viewport: { width: number; height: number }): boolean {
  return viewport.width > SPREAD_MIN_WIDTH && viewport.width > viewport.height;
}

/**
 * Pairs pages into spreads: the cover alone, then pairs in reading order; a wide page stands
 * alone (and the page before it too when it has no partner). `shift` (the 'shift by one page'
 * setting) lets the page after the cover stand alone, which fixes books whose spreads are off
 * by one. Sides the file gives win over counting: in a right-to-left book the first page of a
 * pair is on the right, so a page marked `right` always starts a pair and a page marked `left`
 * never does (mirrored left-to-right); a page marked `center` or `alone` stands alone.
 */
export function pairSpreads(pages: readonly PageShape[], shift = false, direction: 'rtl' | 'ltr' = 'rtl'): Spread[] {
  const spreads: Spread[] = [];
  if (pages.length === 0) return spreads;
  const first: PageSide = direction === 'rtl' ? 'right' : 'left';
  const second: PageSide = direction === 'rtl' ? 'left' : 'right';
  const alone = (page: PageShape) => page.wide || page.side === 'center' || page.side === 'alone';
  spreads.push([0]);
  let i = 1;
  if (shift && i < pages.length) spreads.push([i++]);
  while (i < pages.length) {
    const page = pages[i]!;
    const next = pages[i + 1];
    if (!alone(page) && page.side !== second && next && !alone(next) && next.side !== first) {
      spreads.push([i, i + 1]);
      i += 2;
    } else {
      spreads.push([i]);
      i += 1;
    }
  }
  return spreads;
}

/** Every page alone: the layout on phones and portrait screens. */
export const singlePages = (total: number): Spread[] => Array.from({ length: total }, (_, i) => [i]);

/** The index of the spread that shows `page` (clamped into the book). */
export function spreadIndexOf(spreads: readonly Spread[], page: number): number {
  const index = spreads.findIndex((spread) => spread.includes(page));
  if (index >= 0) return index;
  return page < 0 ? 0 : Math.max(0, spreads.length - 1);
}
