import { LayoutType } from '@hondana/domain/catalog/catalog';
import { coverSvg } from './art/cover-art';
import { mangaPageSvg } from './art/manga-page';
import { printPageSvg } from './art/print-page';
import { serialSvg } from './art/serial-art';
import type { CoverSubject, PageSubject, SerialSubject } from './art/subjects';
import { webtoonSegmentSvg } from './art/webtoon-segment';
import type { Drawing } from '../media/derivatives';
import { COVER_SIZE, SERIAL_SIZE } from '../media/media-spec';

/** Which drawing a subject gets: covers, serial images, and pages by layout and shelf. */
export const coverDrawing = (s: CoverSubject): Drawing => ({ inner: coverSvg(s), ...COVER_SIZE });

export const serialDrawing = (s: SerialSubject): Drawing => ({ inner: serialSvg(s), ...SERIAL_SIZE });

export function pageDrawing(s: PageSubject): Drawing {
  const size = { width: s.width, height: s.height };
  if (s.layoutType === LayoutType.WEBTOON) return { inner: webtoonSegmentSvg(s), ...size };
  if (s.pageType === 'business_practical' || s.pageType === 'magazine_photo') return { inner: printPageSvg(s), ...size };
  return { inner: mangaPageSvg(s), ...size };
}
