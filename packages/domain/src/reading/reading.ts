/**
 * The reading rules the server and the viewer share (spec §4 page sync, custom sample, reading
 * progress; §9 timers and the 90% read-end threshold): the read-end, the custom sample, wide
 * pages, a text book's image lines, and how long signed page URLs live. The request and response
 * schemas are in `reading-api.ts`; the §4 page sync merge is in `viewer/resume.ts` (zod-free, the
 * reader ships it).
 */

/** Reaching 90% of pages the first time is a read-end (§9). */
export const READ_END_RATIO = 0.9;
/** Signed page-image URLs live this long (rounded up to the next minute, so URLs stay cacheable). */
export const SIGNED_URL_TTL_MS = 5 * 60_000;
/** Widths in which page images are offered (px). */
export const PAGE_IMAGE_WIDTHS = [720, 1080] as const;

/**
 * A text book's chapter body line that shows the book's image N (Aozora Bunko's 挿絵 note with a
 * number); the server turns it into an <img> with a signed URL when it renders the chapter.
 */
export const TEXT_IMAGE_LINE = /^［＃挿絵(\d{1,5})］$/;
export const textImageLine = (n: number): string => `［＃挿絵${n}］`;

/** A page wider than tall is a double-page spread (detected on the server from its size). */
export const isWidePage = (width: number, height: number): boolean => width > height;

/** §9: the read-end fires when the page reached is at 90% of the pages or beyond. */
export function reachedReadEnd(page: number, totalPage: number): boolean {
  if (totalPage <= 0) return false;
  return page + 1 >= Math.ceil(totalPage * READ_END_RATIO);
}

/** §4: the custom sample is used when the book is not free now, not owned, and has one. */
export const usesCustomSample = (book: { free: boolean; owned: boolean; hasCustomSample: boolean }): boolean =>
  !book.free && !book.owned && book.hasCustomSample;
