import type { ViewerPage } from '@hondana/domain/reading/reading-api';
import { imageWidthFor } from '@hondana/domain/viewer/prefetch';

/** The WebP URL of a page at the narrowest offered width that covers its slot on this screen. */
export function pageImageUrl(page: ViewerPage, slotCssWidth: number, dpr: number): string | null {
  if (page.images.length === 0) return null;
  const width = imageWidthFor(
    page.images.map((i) => i.width),
    slotCssWidth,
    dpr,
  );
  return (page.images.find((i) => i.width === width) ?? page.images[0]!).webp;
}
