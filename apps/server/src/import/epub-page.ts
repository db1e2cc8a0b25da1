import type { PlannedSide } from './book-plan';
import type { BookSource } from './book-source';
import { resolveHref, xml } from './epub-package';
import { ImportError } from './import-error';

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

/**
 * The archive entry of the first image an XHTML page shows (`<img>` or SVG `<image>`), or null
 * when it shows none. A page that is not well-formed XML, or whose image is outside the archive
 * or missing from it, is refused naming the entry.
 */
export function pageImageEntry(source: BookSource, entry: string, xhtml: string): string | null {
  let tree: unknown;
  try {
    tree = xml.parse(xhtml);
  } catch (error) {
    throw new ImportError(source.file, `not well-formed XHTML (${(error as Error).message})`, entry);
  }
  const href = firstImageRef(tree);
  if (!href) return null;
  const image = resolveHref(entry, href);
  if (!image) throw new ImportError(source.file, `the page's image ${href} is outside the archive`, entry);
  if (!source.has(image)) throw new ImportError(source.file, 'page image missing from the archive', image);
  return image;
}

/** A fixed-layout document's `<meta name="viewport" content="width=…, height=…">`, or null. */
export function viewportOf(xhtml: string): { width: number; height: number } | null {
  const meta = /<meta\b[^>]*name\s*=\s*["']viewport["'][^>]*>/i.exec(xhtml)?.[0];
  const content = meta && /content\s*=\s*["']([^"']*)["']/i.exec(meta)?.[1];
  if (!content) return null;
  const width = Number(/width\s*=\s*(\d{2,5})/i.exec(content)?.[1]);
  const height = Number(/height\s*=\s*(\d{2,5})/i.exec(content)?.[1]);
  return width > 0 && height > 0 ? { width, height } : null;
}

/**
 * A spine item's side in a spread: `page-spread-left/right/center` (with or without the
 * `rendition:` prefix); `alone` when the book or the item says `rendition:spread none`.
 */
export function sideOf(properties: readonly string[], bookSpread: string | null): PlannedSide {
  const has = (name: string) => properties.includes(name) || properties.includes(`rendition:${name}`);
  if (has('spread-none') || (bookSpread === 'none' && !properties.some((p) => /^(rendition:)?spread-(?!none)/.test(p)))) return 'alone';
  if (has('page-spread-left')) return 'left';
  if (has('page-spread-right')) return 'right';
  if (has('page-spread-center')) return 'center';
  return null;
}
