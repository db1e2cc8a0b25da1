import path from 'node:path';
import { EroticType, LayoutType } from '@hondana/domain/catalog/catalog';
import { type BookPlan, IMAGE_EXTENSIONS, naturalCompare, titleAndVolume } from './book-plan';
import type { BookSource } from './book-source';
import { parseComicInfo } from './comic-info';
import { ImportError } from './import-error';

const hidden = (name: string) => name.split('/').some((part) => part.startsWith('.') || part === '__MACOSX');

/**
 * A CBZ, a ZIP or a folder of images: the images in natural order (`p2` before `p10`), with
 * ComicInfo.xml when there is one. Without it the title comes from the file or folder name and
 * the volume from its trailing number; manga read right to left unless ComicInfo says `Manga=No`.
 */
export async function planImageBook(source: BookSource): Promise<BookPlan> {
  const images = source.entries.filter((e) => IMAGE_EXTENSIONS.test(e) && !hidden(e)).sort(naturalCompare);
  if (images.length === 0) throw new ImportError(source.file, 'no page images (JPEG, PNG, WebP or AVIF) found');
  const warnings: string[] = [];
  const infoEntry = source.entries
    .filter((e) => path.posix.basename(e).toLowerCase() === 'comicinfo.xml' && !hidden(e))
    .sort((a, b) => a.split('/').length - b.split('/').length)[0];
  let info = null;
  if (infoEntry) {
    try {
      info = parseComicInfo((await source.read(infoEntry)).toString('utf8'));
    } catch (error) {
      if (error instanceof ImportError) throw error;
      warnings.push(`${infoEntry}: not readable (${(error as Error).message}); the file name is used instead`);
    }
  }
  const fromName = titleAndVolume(path.basename(source.file.replace(/[/\\]+$/, '')));
  const title = info?.series ?? info?.title ?? fromName.title;
  const vol = info?.number ?? (info?.series ? null : fromName.vol) ?? fromName.vol;
  if (info?.pageCount != null && info.pageCount !== images.length)
    warnings.push(`ComicInfo.xml says PageCount ${info.pageCount}, the archive holds ${images.length} page images`);
  const ext = path.extname(source.file).toLowerCase();
  return {
    format: source.kind === 'folder' ? 'folder' : ext === '.cbz' ? 'cbz' : 'zip',
    title,
    titleKana: '',
    vol,
    contentsName: vol === null ? title : `${title} ${vol}`,
    description: info?.summary ?? '',
    authors: info?.authors ?? [],
    publisher: info?.publisher ?? null,
    language: null,
    identifier: null,
    layoutType: LayoutType.FIXED,
    direction: info?.rightToLeft === false ? 'ltr' : 'rtl',
    eroticType: info?.eroticType ?? EroticType.NORMAL,
    pages: images.map((entry) => ({ entry, spread: null })),
    text: null,
    navigations: [],
    cover: null,
    declaredPageCount: info?.pageCount ?? null,
    warnings,
  };
}
