import { TEXT_IMAGE_LINE, textImageLine } from '@hondana/domain/reading/reading-api';
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

/** An image inside a chapter: its entry in the archive, and the chapter it belongs to (its sample rule). */
export interface PlannedTextImage {
  entry: string;
  chapter: number;
}

export interface PlannedText {
  writingMode: 'vertical' | 'horizontal';
  chapters: PlannedChapter[];
  /** Images inside chapters, numbered in order: a body's `［＃挿絵N］` line shows image N. */
  images: PlannedTextImage[];
}



const BLOCKS = ['p', 'div', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'li', 'blockquote', 'section', 'article'];

/**
 * Everything but text, paragraphs, ruby and images goes: no script or style (their text neither),
 * no attributes but an image's `src` (so no event handlers, inline styles or links), no remote
 * CSS. An image's `src` never reaches the reader: it is replaced by a numbered line here, and
 * the server builds the image's URL from integers (media-spec.ts).
 */
const TEXT_AND_IMAGES: sanitizeHtml.IOptions = {
  allowedTags: [...BLOCKS, 'br', 'ruby', 'rt', 'img'],
  allowedAttributes: { img: ['src'] },
  allowedSchemes: [],
  allowedSchemesAppliedToAttributes: ['src'],
  allowProtocolRelative: false,
  nonTextTags: ['script', 'style', 'textarea', 'noscript', 'title', 'rp', 'head'],
};

const ENTITIES: Record<string, string> = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"', '&#39;': "'", '&nbsp;': ' ' };
const decode = (s: string) => s.replace(/&(amp|lt|gt|quot|#39|nbsp);/g, (e) => ENTITIES[e]!);

/** `<ruby>漢<rt>かん</rt>字<rt>じ</rt></ruby>` → `｜漢《かん》｜字《じ》` (rb and rp are already gone). */
const rubyToAozora = (inner: string): string =>
  inner
    .replace(/([^<]*)<rt>([^<]*)<\/rt>/g, (_, base: string, reading: string) => (base.trim() && reading.trim() ? `｜${base}《${reading.trim()}》` : base))
    .replace(/<[^>]*>/g, '');

/**
 * A chapter's XHTML as the viewer's text: sanitised, ruby kept as Aozora markup, a line per
 * paragraph; each image becomes a line of its own, `image(src)`'s (the archive's image or null:
 * left out; an empty `src` is one the sanitiser removed), or is left out without `image`.
 */
export function xhtmlToAozora(xhtml: string, image?: (src: string) => string | null): string {
  const clean = sanitizeHtml(xhtml, TEXT_AND_IMAGES).replace(/[\t\r\n ]+/g, ' ');
  const withRuby = clean.replace(/<ruby>([\s\S]*?)<\/ruby>/g, (_, inner: string) => rubyToAozora(inner));
  const withImages = withRuby.replace(/<img(?: src="([^"]*)")? ?\/?>/g, (_, src: string | undefined) => {
    const line = image ? image(decode(src ?? '')) : null;
    return line ? `\n${line}\n` : '';
  });
  const lines = withImages
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

const IMAGE_ENTRY = /\.(jpe?g|png|webp|avif)$/i;

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
  const images: PlannedTextImage[] = [];
  let leftOut = 0;
  for (const ref of pkg.spine) {
    if (!ref.linear) continue;
    const item = pkg.manifest.get(ref.idref);
    if (!item) throw new ImportError(source.file, `spine item ${ref.idref} is not in the manifest`, pkg.opf);
    if (!source.has(item.entry)) throw new ImportError(source.file, 'spine item missing from the archive', item.entry);
    const xhtml = (await source.read(item.entry)).toString('utf8');
    if (VERTICAL.test(xhtml)) vertical = true;
    const found: string[] = [];
    // An image is kept when it is the archive's own JPEG/PNG/WebP/AVIF; remote, data: or missing ones are left out.
    let body = xhtmlToAozora(xhtml, (src) => {
      const entry = src ? resolveHref(item.entry, src) : null;
      if (!entry || !source.has(entry) || !IMAGE_ENTRY.test(entry)) {
        leftOut++;
        return null;
      }
      found.push(entry);
      return textImageLine(images.length + found.length - 1);
    });
    leftOut += (xhtml.match(/<(svg:)?image\b/gi) ?? []).length;
    // A document with images but no text (a cover or a frontispiece page) is not a chapter.
    if (!body.split('\n').some((line) => !TEXT_IMAGE_LINE.test(line))) continue;
    images.push(...found.map((entry) => ({ entry, chapter: chapters.length })));
    const title = titles.get(item.entry) ?? firstHeading(xhtml) ?? `第${chapters.length + 1}章`;
    // The heading is the chapter's title; the viewer shows it already.
    const [first, ...rest] = body.split('\n');
    if (first?.replace(/｜([^《]*)《[^》]*》/g, '$1') === title) body = rest.join('\n');
    chapters.push({ title, body });
  }
  if (chapters.length === 0) throw new ImportError(source.file, 'no chapter holds any text', pkg.opf);
  if (leftOut > 0) warnings.push(`${leftOut} image(s) inside the text are left out: only the archive's own JPEG, PNG, WebP or AVIF images are kept`);
  return { writingMode: vertical ? 'vertical' : 'horizontal', chapters, images };
}
