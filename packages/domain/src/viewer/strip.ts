/**
 * Webtoons and picture scrolls (絵巻物) are one continuous strip of images. EPUB does not say
 * which way a scrolled book scrolls; its images do: a strip of pages each wider than tall is a
 * picture scroll, read sideways in the book's direction (right to left for `rtl`); any other
 * strip scrolls downwards as a webtoon. Text pages (a colophon after the last image) follow the
 * strip's way and do not decide it.
 */
type StripAxis = 'vertical' | 'horizontal';

export function stripAxis(pages: readonly { width: number; height: number; text?: boolean }[]): StripAxis {
  const images = pages.filter((p) => !p.text);
  return images.length > 0 && images.every((p) => p.width > p.height) ? 'horizontal' : 'vertical';
}

/** A box of a scroll stage as one IntersectionObserver entry saw it against the middle line. */
type MiddleLineEntry = { index: number; crossing: boolean };

/**
 * The page on screen in a scroll stage, from one batch of the middle line's observer entries
 * (`null`: no box came onto the line). The batch lists the changes in the order they happened
 * and can hold more than one move: page turns quicker than the frames (two key presses on a
 * busy phone) deliver the box the first turn brought, gone again, beside the one on the line
 * now. The last box that came onto the line is the one there.
 */
export function pageOnMiddleLine(entries: readonly MiddleLineEntry[]): number | null {
  const last = entries.findLast((e) => e.crossing && Number.isInteger(e.index));
  return last ? last.index : null;
}
