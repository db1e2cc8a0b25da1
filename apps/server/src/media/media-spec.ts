import { thumbnailWidths } from '@hondana/domain/common/layout';
import { COVER_SRCSET_WIDTHS, type ImageFormat } from '@hondana/domain/catalog/media-urls';

export { coverSrcSet, coverUrl } from '@hondana/domain/catalog/media-urls';

/**
 * What media exists and at which sizes (§9: WebP at quality 80 with a JPEG fallback; book
 * thumbnails 10–150 in steps of 10, tiles 106 and 128 wide; serial images 522×327 at 106, 144,
 * 164, 261 and 335). Every derivative is keyed by a path built here from integers only.
 */
export const IMAGE_QUALITY = 80;
export const IMAGE_FORMATS = ['webp', 'jpg'] as const;
export type { ImageFormat };
export const contentTypes: Record<ImageFormat, string> = { webp: 'image/webp', jpg: 'image/jpeg' };

/** Covers are drawn at 480×680 (about the 1:1.42 of a B6 manga volume). */
export const COVER_SIZE = { width: 480, height: 680 } as const;
/** Stored on first start; every other allowed width is rendered on its first request. */
export const COVER_EAGER_WIDTHS = COVER_SRCSET_WIDTHS;
export const COVER_WIDTHS: readonly number[] = [...new Set([...thumbnailWidths, ...COVER_EAGER_WIDTHS])].sort((a, b) => a - b);

/** Fixed-layout pages and webtoon strip segments, drawn at their largest width. */
export const FIXED_PAGE_SIZE = { width: 1080, height: 1536 } as const;
export const WEBTOON_SEGMENT_SIZE = { width: 1080, height: 2880 } as const;
export const PAGE_WIDTHS = [720, 1080] as const;

export const SERIAL_SIZE = { width: 522, height: 327 } as const;
export const SERIAL_WIDTHS = [106, 144, 164, 261, 335, 522] as const;

/** Reach banners are 480×90 (§9); an uploaded banner is served at that width and twice it. */
export const BANNER_SIZE = { width: 480, height: 90 } as const;
export const BANNER_WIDTHS = [480, 960] as const;

export type MediaRef =
  | { kind: 'cover'; bookId: number; width: number; format: ImageFormat }
  | { kind: 'page'; bookId: number; page: number; width: number; format: ImageFormat }
  /** An image inside a text book's chapter (book_text_images), at the page widths. */
  | { kind: 'figure'; bookId: number; image: number; width: number; format: ImageFormat }
  | { kind: 'episode'; episodeId: number; page: number; width: number; format: ImageFormat }
  | { kind: 'serial'; serialId: number; width: number; format: ImageFormat }
  /** A banner image the console uploaded (banner_images). */
  | { kind: 'banner'; imageId: number; width: number; format: ImageFormat };

/** Storage key of a derivative (also its path below DATA_DIR/media and its URL below /media). */
export function mediaKey(ref: MediaRef): string {
  switch (ref.kind) {
    case 'cover':
      return `covers/${ref.bookId}/${ref.width}.${ref.format}`;
    case 'page':
      return `pages/${ref.bookId}/${ref.page}/${ref.width}.${ref.format}`;
    case 'figure':
      return `figures/${ref.bookId}/${ref.image}/${ref.width}.${ref.format}`;
    case 'episode':
      return `episodes/${ref.episodeId}/${ref.page}/${ref.width}.${ref.format}`;
    case 'serial':
      return `serials/${ref.serialId}/${ref.width}.${ref.format}`;
    case 'banner':
      return `banners/${ref.imageId}/${ref.width}.${ref.format}`;
  }
}

/** Public URL of a derivative; `version` (books.media_version) makes it immutable. */
export const mediaUrl = (ref: MediaRef, version?: number): string =>
  `/media/${mediaKey(ref)}${version === undefined ? '' : `?v=${version}`}`;
