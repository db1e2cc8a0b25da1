import { XMLParser } from 'fast-xml-parser';
import sanitizeHtml from 'sanitize-html';
import type { BookSource } from './book-source';
import { type EpubPackage, resolveHref } from './epub-package';

/** One entry of a book's table of contents: the archive entry it points at and its label. */
export interface TocEntry {
  entry: string;
  text: string;
}

const ENTITIES: Record<string, string> = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"', '&#39;': "'", '&nbsp;': ' ' };
const decodeEntities = (s: string) => s.replace(/&(amp|lt|gt|quot|#39|nbsp);/g, (e) => ENTITIES[e]!);

const ncxParser = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '@_', removeNSPrefix: true, parseTagValue: false });

/**
 * The book's table of contents in reading order (nested entries flattened): the EPUB 3 nav
 * document's `toc` nav, else the NCX's navMap (EPUB 2). Fragments (`#id`) are dropped: an entry
 * names a spine document; ruby readings and markup are left out of labels.
 */
export async function readToc(source: BookSource, pkg: EpubPackage): Promise<TocEntry[]> {
  const nav = [...pkg.manifest.values()].find((i) => i.properties.includes('nav'));
  if (nav && source.has(nav.entry)) {
    const entries = navEntries(nav.entry, (await source.read(nav.entry)).toString('utf8'));
    if (entries.length > 0) return entries;
  }
  const ncx =
    (pkg.tocId ? pkg.manifest.get(pkg.tocId) : undefined) ??
    [...pkg.manifest.values()].find((i) => i.mediaType === 'application/x-dtbncx+xml');
  if (ncx && source.has(ncx.entry)) return ncxEntries(ncx.entry, (await source.read(ncx.entry)).toString('utf8'));
  return [];
}

function navEntries(navEntry: string, html: string): TocEntry[] {
  const toc = /<nav[^>]*epub:type="[^"]*\btoc\b[^"]*"[^>]*>([\s\S]*?)<\/nav>/i.exec(html)?.[1] ?? html;
  const links = sanitizeHtml(toc, {
    allowedTags: ['a'],
    allowedAttributes: { a: ['href'] },
    nonTextTags: ['rt', 'rp', 'title', 'style', 'script'],
  });
  const entries: TocEntry[] = [];
  for (const m of links.matchAll(/<a href="([^"]*)">([\s\S]*?)<\/a>/g)) {
    const entry = resolveHref(navEntry, decodeEntities(m[1]!));
    const text = decodeEntities(m[2]!.replace(/<[^>]*>/g, ''))
      .replace(/[\t\r\n ]+/g, ' ')
      .replace(/^ | $/g, '');
    if (entry && text) entries.push({ entry, text });
  }
  return entries;
}

function ncxEntries(ncxEntry: string, xml: string): TocEntry[] {
  const entries: { entry: string; text: string; order: number; seq: number }[] = [];
  const walk = (node: unknown): void => {
    if (Array.isArray(node)) return node.forEach(walk);
    if (!node || typeof node !== 'object') return;
    const n = node as Record<string, unknown>;
    const label = (n.navLabel as Record<string, unknown> | undefined)?.text;
    const src = (n.content as Record<string, unknown> | undefined)?.['@_src'];
    if (typeof src === 'string' && (typeof label === 'string' || typeof label === 'number')) {
      const entry = resolveHref(ncxEntry, src);
      const order = Number(n['@_playOrder']);
      if (entry && String(label).replace(/^[\t\r\n ]+|[\t\r\n ]+$/g, ''))
        entries.push({
          entry,
          text: String(label).replace(/^[\t\r\n ]+|[\t\r\n ]+$/g, ''),
          order: Number.isFinite(order) ? order : Infinity,
          seq: entries.length,
        });
    }
    // navPoints nest: the parent first, then its children, in document order.
    Object.entries(n).forEach(([key, value]) => (key === 'navPoint' || key === 'navMap' ? walk(value) : undefined));
  };
  const doc = ncxParser.parse(xml) as Record<string, unknown>;
  walk((doc.ncx as Record<string, unknown> | undefined)?.navMap);
  return entries.sort((a, b) => a.order - b.order || a.seq - b.seq).map(({ entry, text }) => ({ entry, text }));
}
