/**
 * The public URL scheme of covers, shared by the server (which serves them) and the pages
 * (which write `srcset`s from a tile's one `imageUrl`, so loader data carries one URL per
 * cover instead of a dozen).
 */
import { boundedMemory } from '../common/memory';

export type ImageFormat = 'webp' | 'jpg';

/** Cover widths stored on first start and offered in `srcset` (§9 tiles 106/128 and their 2×). */
export const COVER_SRCSET_WIDTHS = [106, 128, 150, 212, 256, 480] as const;

/** `version` (books.media_version) makes the URL immutable. */
export const coverUrl = (bookId: number, width: number, version: number, format: ImageFormat = 'webp'): string =>
  `/media/covers/${bookId}/${width}.${format}?v=${version}`;

/** `srcset`s already written, per format: every tile of every page asks for its cover's. */
const keptSrcSets = { webp: boundedMemory<string, string>(4096), jpg: boundedMemory<string, string>(4096) };

const writeSrcSet = (bookId: number, version: number, format: ImageFormat): string =>
  COVER_SRCSET_WIDTHS.map((w) => `${coverUrl(bookId, w, version, format)} ${w}w`).join(', ');

export const coverSrcSet = (bookId: number, version: number, format: ImageFormat = 'webp'): string =>
  keptSrcSets[format](`${bookId}/${version}`, () => writeSrcSet(bookId, version, format));

const coverUrlPattern = /^\/media\/covers\/(\d+)\/\d+\.(?:webp|jpg)\?v=(\d+)$/;

/** The `srcset` of the cover that `imageUrl` (any width, from `coverUrl`) shows; '' for any other URL. */
export function coverSrcSetFor(imageUrl: string, format: ImageFormat): string {
  return keptSrcSets[format](imageUrl, () => {
    const match = coverUrlPattern.exec(imageUrl);
    return match ? writeSrcSet(Number(match[1]), Number(match[2]), format) : '';
  });
}
