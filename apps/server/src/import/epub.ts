import { EroticType, LayoutType } from '@hondana/domain/catalog/catalog';
import { type BookPlan, type PlannedPage, titleAndVolume } from './book-plan';
import type { BookSource } from './book-source';
import { type EpubPackage, type ManifestItem, readEpubPackage } from './epub-package';
import { pageImageEntry, sideOf, viewportOf } from './epub-page';
import { type PlannedChapter, type PlannedText, TextReader, firstHeading, mainWritingMode, planEpubText } from './epub-text';
import { readToc } from './epub-toc';
import type { WritingMode } from './epub-writing-mode';
import { ImportError } from './import-error';

const IMAGE_TYPES = new Set(['image/jpeg', 'image/png', 'image/webp', 'image/avif']);
const XHTML_TYPES = new Set(['application/xhtml+xml', 'text/html', 'image/svg+xml']);

/** A spine item as a page: the image it shows, or its text (a colophon, an about page). */
type SpinePage = { image: string } | { text: Awaited<ReturnType<TextReader['read']>>; xhtml: string };

async function readSpinePage(source: BookSource, item: ManifestItem, reader: TextReader): Promise<SpinePage> {
  if (!source.has(item.entry)) throw new ImportError(source.file, 'spine item missing from the archive', item.entry);
  if (IMAGE_TYPES.has(item.mediaType)) return { image: item.entry };
  if (!XHTML_TYPES.has(item.mediaType))
    throw new ImportError(source.file, `spine item of type ${item.mediaType || 'unknown'} cannot be a page`, item.entry);
  const xhtml = (await source.read(item.entry)).toString('utf8');
  const image = pageImageEntry(source, item.entry, xhtml);
  const text = await reader.read(item.entry, xhtml);
  if (text.hasText) return { text, xhtml };
  if (!image) throw new ImportError(source.file, 'the page shows neither an image nor any text', item.entry);
  return { image };
}

/** Fonts, audio and the like the manifest lists but the archive lacks: worth a warning, not a refusal. */
function missingResources(source: BookSource, pkg: EpubPackage, spineItems: Set<string>): string[] {
  return [...pkg.manifest.values()]
    .filter((item) => !spineItems.has(item.id) && !source.has(item.entry))
    .map((item) => `${item.entry}: listed in the manifest (${item.mediaType}) but missing from the archive`);
}

/**
 * The cover: the `cover-image` item, else EPUB 2's `<meta name="cover">` item, else the first
 * spine page that is only an image; null when the book has none (the store draws one).
 */
function coverOf(source: BookSource, pkg: EpubPackage, firstImagePage: string | null, warnings: string[]): string | null {
  const named = [...pkg.manifest.values()].find((i) => i.properties.includes('cover-image'));
  const meta = pkg.coverId ? pkg.manifest.get(pkg.coverId) : undefined;
  for (const item of [named, meta]) {
    if (!item) continue;
    if (source.has(item.entry) && IMAGE_TYPES.has(item.mediaType)) return item.entry;
    warnings.push(
      `${item.entry}: the cover image is missing or not an image; ${firstImagePage ? 'the first image page' : 'a drawn cover'} is the cover`,
    );
  }
  return firstImagePage;
}

interface ImagePages {
  pages: PlannedPage[];
  text: PlannedText | null;
  navigations: { page: number; text: string }[];
  firstImagePage: string | null;
}

/**
 * The pages of an image book (fixed layout, or scrolled): each linear spine item an image item,
 * an XHTML page wrapping one image, or a text page (an XHTML page with text: kept sanitised as
 * the chapter of its page number, named in the warnings); the nav document's (or NCX's) entries
 * become the table of contents with their page numbers.
 */
async function planImagePages(source: BookSource, pkg: EpubPackage, warnings: string[]): Promise<ImagePages> {
  const reader = new TextReader(source);
  const pages: PlannedPage[] = [];
  const chapters: PlannedChapter[] = [];
  const modes: { mode: WritingMode | null; body: string }[] = [];
  const pageOfDocument = new Map<string, number>();
  let firstImagePage: string | null = null;
  for (const ref of pkg.spine) {
    if (!ref.linear) continue;
    const item = pkg.manifest.get(ref.idref);
    if (!item) throw new ImportError(source.file, `spine item ${ref.idref} is not in the manifest`, pkg.opf);
    const no = pages.length;
    const page = await readSpinePage(source, item, reader);
    const spread = sideOf(ref.properties, pkg.spread);
    if (!pageOfDocument.has(item.entry)) pageOfDocument.set(item.entry, no);
    if ('image' in page) {
      pages.push({ entry: page.image, spread });
      firstImagePage ??= page.image;
      continue;
    }
    reader.keep(page.text, no);
    chapters.push({ no, title: firstHeading(page.text.body) ?? '', body: page.text.body });
    modes.push({ mode: page.text.writingMode, body: page.text.body });
    pages.push({ entry: null, spread, viewport: viewportOf(page.xhtml), document: item.entry });
    warnings.push(`${item.entry}: page ${no + 1} is a text page, kept as sanitised text that the viewer lays out in its place`);
  }
  if (pages.length === 0) throw new ImportError(source.file, 'the spine has no pages', pkg.opf);
  const leftOut = reader.warning();
  if (leftOut) warnings.push(leftOut);
  const navigations = (await readToc(source, pkg)).flatMap((entry) => {
    const page = pageOfDocument.get(entry.entry);
    return page === undefined ? [] : [{ page, text: entry.text }];
  });
  const text = chapters.length > 0 ? { writingMode: mainWritingMode(modes), chapters, images: reader.images } : null;
  return { pages, text, navigations, firstImagePage };
}

/** The text book's cover page: a linear spine document before its first text that is only an image; null without one. */
async function firstImageOnlyDocument(source: BookSource, pkg: EpubPackage): Promise<string | null> {
  const reader = new TextReader(source);
  for (const ref of pkg.spine) {
    const item = pkg.manifest.get(ref.idref);
    if (!ref.linear || !item || !source.has(item.entry)) continue;
    if (IMAGE_TYPES.has(item.mediaType)) return item.entry;
    if (!XHTML_TYPES.has(item.mediaType)) continue;
    const xhtml = (await source.read(item.entry)).toString('utf8');
    if ((await reader.read(item.entry, xhtml)).hasText) return null;
    const image = pageImageEntry(source, item.entry, xhtml);
    if (image) return image;
  }
  return null;
}

/**
 * EPUB 3 (and EPUB 2): fixed layout (`rendition:layout` pre-paginated) and scrolled books
 * (`rendition:flow` scrolled-*, webtoons and picture scrolls) are image books, their pages in
 * spine order with their spread sides; reflowable ones are text books (`epub-text.ts`).
 * `page-progression-direction` gives the direction (a vertical text book without one reads
 * right to left).
 */
export async function planEpub(source: BookSource): Promise<BookPlan> {
  const pkg = await readEpubPackage(source);
  const scrolled = pkg.flow === 'scrolled-continuous' || pkg.flow === 'scrolled-doc';
  const warnings: string[] = [];
  const textBook = pkg.layout !== 'pre-paginated' && !scrolled;
  const images = textBook ? null : await planImagePages(source, pkg, warnings);
  const text = images ? images.text : await planEpubText(source, pkg, warnings);
  const pages = images?.pages ?? [];
  const spineItems = new Set(pkg.spine.map((ref) => ref.idref));
  warnings.push(...missingResources(source, pkg, spineItems));
  const cover = coverOf(source, pkg, images ? images.firstImagePage : await firstImageOnlyDocument(source, pkg), warnings);
  const named = titleAndVolume(pkg.title);
  const vol = pkg.collection?.position ?? named.vol;
  const title = pkg.collection?.name ?? (named.vol === null ? pkg.title : named.title);
  const vertical = textBook && text?.writingMode === 'vertical';
  return {
    format: 'epub',
    title,
    titleKana: pkg.titleKana,
    vol,
    contentsName: pkg.title,
    description: pkg.description ?? '',
    authors: pkg.creators,
    publisher: pkg.publisher,
    language: pkg.language,
    identifier: pkg.identifier,
    layoutType: textBook ? LayoutType.REFLOW : scrolled && pkg.layout !== 'pre-paginated' ? LayoutType.WEBTOON : LayoutType.FIXED,
    direction: pkg.pageProgression === 'rtl' || (pkg.pageProgression === null && vertical) ? 'rtl' : 'ltr',
    eroticType: EroticType.NORMAL,
    pages,
    text,
    navigations: images?.navigations ?? [],
    // The first page's image is the cover already (its stored original).
    cover: cover !== null && cover === pages[0]?.entry ? null : cover,
    declaredPageCount: null,
    warnings,
  };
}
