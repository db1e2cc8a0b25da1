import { EroticType, LayoutType } from '@hondana/domain/catalog/catalog';
import { type BookPlan, type PlannedPage, titleAndVolume } from './book-plan';
import type { BookSource } from './book-source';
import { type EpubPackage, type ManifestItem, readEpubPackage, resolveHref, xml } from './epub-package';
import { planEpubText } from './epub-text';
import { ImportError } from './import-error';

const IMAGE_TYPES = new Set(['image/jpeg', 'image/png', 'image/webp', 'image/avif']);
const XHTML_TYPES = new Set(['application/xhtml+xml', 'text/html', 'image/svg+xml']);

function spreadOf(properties: string[]): PlannedPage['spread'] {
  if (properties.includes('page-spread-left') || properties.includes('rendition:page-spread-left')) return 'left';
  if (properties.includes('page-spread-right') || properties.includes('rendition:page-spread-right')) return 'right';
  if (properties.includes('page-spread-center') || properties.includes('rendition:page-spread-center')) return 'center';
  return null;
}

/** The first `<img src>` or SVG `<image href>` in a parsed XHTML tree, in document order. */
function firstImageRef(node: unknown): string | null {
  if (Array.isArray(node)) {
    for (const child of node) {
      const found = firstImageRef(child);
      if (found) return found;
    }
    return null;
  }
  if (!node || typeof node !== 'object') return null;
  for (const [key, value] of Object.entries(node as Record<string, unknown>)) {
    if (key === 'img' || key === 'image') {
      for (const el of Array.isArray(value) ? value : [value]) {
        const e = el as Record<string, unknown>;
        const src = e?.['@_src'] ?? e?.['@_href'];
        if (typeof src === 'string' && src) return src;
      }
    }
    if (key.startsWith('@_') || key === '#text') continue;
    const found = firstImageRef(value);
    if (found) return found;
  }
  return null;
}

/** The image a spine item shows: the item itself, or the one image its XHTML page wraps. */
async function pageImage(source: BookSource, item: ManifestItem): Promise<string> {
  if (!source.has(item.entry)) throw new ImportError(source.file, 'spine item missing from the archive', item.entry);
  if (IMAGE_TYPES.has(item.mediaType)) return item.entry;
  if (!XHTML_TYPES.has(item.mediaType))
    throw new ImportError(source.file, `spine item of type ${item.mediaType || 'unknown'} cannot be a page`, item.entry);
  let tree: unknown;
  try {
    tree = xml.parse((await source.read(item.entry)).toString('utf8'));
  } catch (error) {
    if (error instanceof ImportError) throw error;
    throw new ImportError(source.file, `not well-formed XHTML (${(error as Error).message})`, item.entry);
  }
  const href = firstImageRef(tree);
  if (!href) throw new ImportError(source.file, 'the page shows no image', item.entry);
  const image = resolveHref(item.entry, href);
  if (!image) throw new ImportError(source.file, `the page's image ${href} is outside the archive`, item.entry);
  if (!source.has(image)) throw new ImportError(source.file, 'page image missing from the archive', image);
  return image;
}

/** Fonts, audio and the like the manifest lists but the archive lacks: worth a warning, not a refusal. */
function missingResources(source: BookSource, pkg: EpubPackage, pageItems: Set<string>): string[] {
  return [...pkg.manifest.values()]
    .filter((item) => !pageItems.has(item.id) && !source.has(item.entry))
    .map((item) => `${item.entry}: listed in the manifest (${item.mediaType}) but missing from the archive`);
}

/**
 * EPUB 3 fixed layout (`rendition:layout` pre-paginated): spine pages in order, each an image
 * item or an XHTML page wrapping one image; page-progression-direction gives the direction and
 * page-spread-left/right/center each page's side. Scrolled image books (`rendition:flow`
 * scrolled-*) become webtoons; reflowable ones are text books (`epub-text.ts`).
 */
export async function planEpub(source: BookSource): Promise<BookPlan> {
  const pkg = await readEpubPackage(source);
  const scrolled = pkg.flow === 'scrolled-continuous' || pkg.flow === 'scrolled-doc';
  const warnings: string[] = [];
  const text = pkg.layout !== 'pre-paginated' && !scrolled ? await planEpubText(source, pkg, warnings) : null;
  const pages: PlannedPage[] = [];
  const pageItems = new Set<string>();
  for (const ref of text ? [] : pkg.spine) {
    if (!ref.linear) continue;
    const item = pkg.manifest.get(ref.idref);
    if (!item) throw new ImportError(source.file, `spine item ${ref.idref} is not in the manifest`, pkg.opf);
    pageItems.add(item.id);
    pages.push({ entry: await pageImage(source, item), spread: spreadOf(ref.properties) });
  }
  if (!text && pages.length === 0) throw new ImportError(source.file, 'the spine has no pages', pkg.opf);
  if (text) for (const ref of pkg.spine) pageItems.add(ref.idref);
  const coverItem = [...pkg.manifest.values()].find((i) => i.properties.includes('cover-image'));
  warnings.push(...missingResources(source, pkg, pageItems));
  let cover: string | null = null;
  if (coverItem) {
    if (source.has(coverItem.entry)) cover = coverItem.entry === pages[0]?.entry ? null : coverItem.entry;
    else warnings.push(`${coverItem.entry}: the cover image is missing; the first page is the cover`);
  }
  const named = titleAndVolume(pkg.title);
  const vol = pkg.collection?.position ?? named.vol;
  const title = pkg.collection?.name ?? (named.vol === null ? pkg.title : named.title);
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
    layoutType: text ? LayoutType.REFLOW : scrolled && pkg.layout !== 'pre-paginated' ? LayoutType.WEBTOON : LayoutType.FIXED,
    direction: pkg.pageProgression === 'rtl' || (pkg.pageProgression === null && text?.writingMode === 'vertical') ? 'rtl' : 'ltr',
    eroticType: EroticType.NORMAL,
    pages,
    text,
    cover,
    declaredPageCount: null,
    warnings,
  };
}
