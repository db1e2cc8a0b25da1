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
