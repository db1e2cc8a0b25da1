import sanitizeHtml from 'sanitize-html';
import { XMLParser } from 'fast-xml-parser';
import type { BookSource } from './book-source';
import { type EpubPackage, resolveHref } from './epub-package';
import { ImportError } from './import-error';

export interface PlannedChapter {
  title: string;
  /** Aozora Bunko markup (`｜親字《おやじ》`), one paragraph a line: the text book format the viewer reads. */
  body: string;
}

export interface PlannedText {
  writingMode: 'vertical' | 'horizontal';
  chapters: PlannedChapter[];
}

const BLOCKS = ['p', 'div', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'li', 'blockquote', 'section', 'article'];

/**
 * Everything but text, paragraphs and ruby goes: no script or style (their text neither), no
 * attributes at all (so no event handlers, inline styles or URLs), no links, images or remote CSS.
 */
const TEXT_ONLY: sanitizeHtml.IOptions = {
  allowedTags: [...BLOCKS, 'br', 'ruby', 'rt'],
  allowedAttributes: {},
  nonTextTags: ['script', 'style', 'textarea', 'noscript', 'title', 'rp', 'head'],
};

const ENTITIES: Record<string, string> = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"', '&#39;': "'", '&nbsp;': ' ' };
const decode = (s: string) => s.replace(/&(amp|lt|gt|quot|#39|nbsp);/g, (e) => ENTITIES[e]!);

/** `<ruby>漢<rt>かん</rt>字<rt>じ</rt></ruby>` → `｜漢《かん》｜字《じ》` (rb and rp are already gone). */
const rubyToAozora = (inner: string): string =>
  inner
    .replace(/([^<]*)<rt>([^<]*)<\/rt>/g, (_, base: string, reading: string) => (base.trim() && reading.trim() ? `｜${base}《${reading.trim()}》` : base))
    .replace(/<[^>]*>/g, '');

/** A chapter's XHTML as the viewer's text: sanitised, ruby kept as Aozora markup, a line per paragraph. */
export function xhtmlToAozora(xhtml: string): string {
  const clean = sanitizeHtml(xhtml, TEXT_ONLY).replace(/[\t\r\n ]+/g, ' ');
  const withRuby = clean.replace(/<ruby>([\s\S]*?)<\/ruby>/g, (_, inner: string) => rubyToAozora(inner));
  const lines = withRuby
    .replace(new RegExp(`</(${BLOCKS.join('|')})>|<br ?/?>`, 'g'), '\n')
    .replace(/<[^>]*>/g, '');
  return decode(lines)
    .split('\n')
    .map((line) => line.replace(/^[ ]+|[ ]+$/g, ''))
    .filter((line) => line.length > 0)
    .join('\n');
}

const firstHeading = (xhtml: string): string | null => {
  const m = /<h[1-3][^>]*>([\s\S]*?)<\/h[1-3]>/i.exec(xhtml);
  if (!m) return null;
  const text = sanitizeHtml(m[1]!, { allowedTags: [], allowedAttributes: {}, nonTextTags: ['rt', 'rp'] }).trim();
  return text ? decode(text) : null;
};

/** Chapter titles by entry: the nav document's toc, or the NCX's navPoints. */
async function tocTitles(source: BookSource, pkg: EpubPackage): Promise<Map<string, string>> {
  const titles = new Map<string, string>();
  const nav = [...pkg.manifest.values()].find((i) => i.properties.includes('nav'));
  if (nav && source.has(nav.entry)) {
    const html = (await source.read(nav.entry)).toString('utf8');
    const toc = /<nav[^>]*epub:type="[^"]*\btoc\b[^"]*"[^>]*>([\s\S]*?)<\/nav>/i.exec(html)?.[1] ?? html;
    const links = sanitizeHtml(toc, { allowedTags: ['a'], allowedAttributes: { a: ['href'] }, nonTextTags: ['rt', 'rp'] });
    for (const m of links.matchAll(/<a href="([^"]*)">([\s\S]*?)<\/a>/g)) {
      const entry = resolveHref(nav.entry, decode(m[1]!));
      const text = decode(m[2]!.replace(/<[^>]*>/g, '')).trim();
      if (entry && text && !titles.has(entry)) titles.set(entry, text);
    }
    if (titles.size > 0) return titles;
  }
  const ncx = [...pkg.manifest.values()].find((i) => i.mediaType === 'application/x-dtbncx+xml');
  if (ncx && source.has(ncx.entry)) {
    const doc = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '@_', removeNSPrefix: true }).parse(
      (await source.read(ncx.entry)).toString('utf8'),
    ) as Record<string, unknown>;
    const walk = (node: unknown): void => {
      if (Array.isArray(node)) return node.forEach(walk);
      if (!node || typeof node !== 'object') return;
      const n = node as Record<string, unknown>;
      const label = (n.navLabel as Record<string, unknown> | undefined)?.text;
      const src = (n.content as Record<string, unknown> | undefined)?.['@_src'];
      if (typeof src === 'string' && (typeof label === 'string' || typeof label === 'number')) {
        const entry = resolveHref(ncx.entry, src);
        if (entry && !titles.has(entry)) titles.set(entry, String(label).trim());
      }
      Object.values(n).forEach(walk);
    };
    walk(doc);
  }
  return titles;
}

const VERTICAL = /(?:-epub-|-webkit-)?writing-mode\s*:\s*vertical-rl/i;

/**
 * A reflowable EPUB 3 in Japanese text: each linear spine document is a chapter (documents with
 * no text, such as a cover page, are skipped), titled from the nav document (or NCX), else its
 * first heading; `writing-mode: vertical-rl` (or `-epub-writing-mode`) in its CSS makes it vertical.
 */
export async function planEpubText(source: BookSource, pkg: EpubPackage, warnings: string[]): Promise<PlannedText> {
  const titles = await tocTitles(source, pkg);
  let vertical = false;
  for (const item of pkg.manifest.values()) {
    if (item.mediaType === 'text/css' && source.has(item.entry) && VERTICAL.test((await source.read(item.entry)).toString('utf8')))
      vertical = true;
  }
  const chapters: PlannedChapter[] = [];
  let images = 0;
  for (const ref of pkg.spine) {
    if (!ref.linear) continue;
    const item = pkg.manifest.get(ref.idref);
    if (!item) throw new ImportError(source.file, `spine item ${ref.idref} is not in the manifest`, pkg.opf);
    if (!source.has(item.entry)) throw new ImportError(source.file, 'spine item missing from the archive', item.entry);
    const xhtml = (await source.read(item.entry)).toString('utf8');
    if (VERTICAL.test(xhtml)) vertical = true;
    images += (xhtml.match(/<(img|image)\b/gi) ?? []).length;
    let body = xhtmlToAozora(xhtml);
    if (!body) continue;
    const title = titles.get(item.entry) ?? firstHeading(xhtml) ?? `第${chapters.length + 1}章`;
    // The heading is the chapter's title; the viewer shows it already.
    const [first, ...rest] = body.split('\n');
    if (first?.replace(/｜([^《]*)《[^》]*》/g, '$1') === title) body = rest.join('\n');
    chapters.push({ title, body });
  }
  if (chapters.length === 0) throw new ImportError(source.file, 'no chapter holds any text', pkg.opf);
  if (images > 0) warnings.push(`${images} image(s) inside the text are left out: the text book format holds text and ruby only`);
  return { writingMode: vertical ? 'vertical' : 'horizontal', chapters };
}
