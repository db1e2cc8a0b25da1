import { parseBlock, visibleLength, visibleText } from '@hondana/domain/reading/text-blocks';
import { textImageLine } from '@hondana/domain/reading/reading';
import type { BookSource } from './book-source';
import { type EpubPackage, resolveHref } from './epub-package';
import { readToc } from './epub-toc';
import { type WritingMode, documentWritingMode } from './epub-writing-mode';
import { ImportError } from './import-error';
import { xhtmlToBody } from './xhtml-body';

export interface PlannedChapter {
  /** The chapter's number: its place among a text book's chapters, or an image book's text page's page number. */
  no: number;
  title: string;
  /** One block a line (`@hondana/domain/reading/text-blocks`): the text format the viewer reads. */
  body: string;
}

/** An image inside a chapter: its entry in the archive, and the chapter it belongs to (its sample rule). */
interface PlannedTextImage {
  entry: string;
  chapter: number;
}

export interface PlannedText {
  writingMode: WritingMode;
  chapters: PlannedChapter[];
  /** Images inside chapters, numbered in order: a body's `［＃挿絵N］` line shows image N. */
  images: PlannedTextImage[];
}

const IMAGE_ENTRY = /\.(jpe?g|png|webp|avif)$/i;

/** A spine document read as text: its lines, the images they show, and whether any line is text. */
interface TextDocument {
  body: string;
  images: string[];
  hasText: boolean;
  /** The document's `writing-mode` (null: it does not say: horizontal). */
  writingMode: WritingMode | null;
  /** Images it shows that are not kept (remote, `data:`, missing, SVG or another format). */
  leftOut: number;
}

/**
 * Reads spine documents as text bodies, numbering the images of the documents kept across the
 * book; images that are remote, `data:`, missing or not JPEG, PNG, WebP or AVIF are left out and
 * counted (in the documents kept: a cover page's image is not inside the text).
 */
export class TextReader {
  readonly images: PlannedTextImage[] = [];
  private leftOut = 0;
  private readonly css = new Map<string, string>();

  constructor(private readonly source: BookSource) {}

  async read(entry: string, xhtml: string): Promise<TextDocument> {
    const found: string[] = [];
    let leftOut = 0;
    const body = xhtmlToBody(xhtml, (src) => {
      const image = src ? resolveHref(entry, src) : null;
      if (!image || !this.source.has(image) || !IMAGE_ENTRY.test(image)) {
        leftOut++;
        return null;
      }
      found.push(image);
      return textImageLine(this.images.length + found.length - 1);
    });
    leftOut += (xhtml.match(/<(svg:)?image\b/gi) ?? []).length;
    const hasText = body.split('\n').some((line) => parseBlock(line).kind !== 'image' && visibleText(parseBlock(line)).trim() !== '');
    return { body, images: found, hasText, leftOut, writingMode: await documentWritingMode(this.source, entry, xhtml, this.css) };
  }

  /** Keeps a document's images as chapter `chapter`'s (a document that is no chapter keeps none). */
  keep(doc: TextDocument, chapter: number): void {
    this.images.push(...doc.images.map((entry) => ({ entry, chapter })));
    this.leftOut += doc.leftOut;
  }

  warning(): string | null {
    return this.leftOut > 0
      ? `${this.leftOut} image(s) inside the text are left out: only the archive's own JPEG, PNG, WebP or AVIF images are kept`
      : null;
  }
}

/** The first heading of a body, as its visible text; null without one. */
export function firstHeading(body: string): string | null {
  for (const line of body.split('\n')) {
    const block = parseBlock(line);
    if (block.kind === 'heading') return visibleText(block).trim() || null;
  }
  return null;
}

/** The body without its first line when that line is the chapter's title (the viewer shows the title). */
function withoutTitle(body: string, title: string): string {
  const [first, ...rest] = body.split('\n');
  return first !== undefined && visibleText(parseBlock(first)) === title ? rest.join('\n') : body;
}

/** The writing most of the text is in (by visible characters); horizontal when nothing says otherwise. */
export function mainWritingMode(parts: readonly { mode: WritingMode | null; body: string }[]): WritingMode {
  let vertical = 0;
  let horizontal = 0;
  for (const part of parts) {
    const n = Math.max(1, visibleLength(part.body));
    if (part.mode === 'vertical') vertical += n;
    else horizontal += n;
  }
  return vertical > horizontal ? 'vertical' : 'horizontal';
}

/**
 * A reflowable EPUB in Japanese text: each linear spine document with text is a chapter (documents
 * with no text, such as a cover page, are skipped), titled from the nav document (or NCX), else
 * its first heading. Its writing is that of most of its text: `writing-mode` (or
 * `-epub-writing-mode`) `vertical-rl` on the documents' html or body element (their own style,
 * or their style sheets' rules for them or their classes) makes it vertical; otherwise horizontal.
 */
export async function planEpubText(source: BookSource, pkg: EpubPackage, warnings: string[]): Promise<PlannedText> {
  const titles = new Map<string, string>();
  for (const entry of await readToc(source, pkg)) if (!titles.has(entry.entry)) titles.set(entry.entry, entry.text);
  const reader = new TextReader(source);
  const chapters: PlannedChapter[] = [];
  const modes: { mode: WritingMode | null; body: string }[] = [];
  for (const ref of pkg.spine) {
    if (!ref.linear) continue;
    const item = pkg.manifest.get(ref.idref);
    if (!item) throw new ImportError(source.file, `spine item ${ref.idref} is not in the manifest`, pkg.opf);
    if (!source.has(item.entry)) throw new ImportError(source.file, 'spine item missing from the archive', item.entry);
    const doc = await reader.read(item.entry, (await source.read(item.entry)).toString('utf8'));
    // A document with images but no text (a cover or a frontispiece page) is not a chapter.
    if (!doc.hasText) continue;
    reader.keep(doc, chapters.length);
    const title = titles.get(item.entry) ?? firstHeading(doc.body) ?? `第${chapters.length + 1}章`;
    // The heading is the chapter's title; the viewer shows it already.
    chapters.push({ no: chapters.length, title, body: withoutTitle(doc.body, title) });
    modes.push({ mode: doc.writingMode, body: doc.body });
  }
  if (chapters.length === 0) throw new ImportError(source.file, 'no chapter holds any text', pkg.opf);
  const leftOut = reader.warning();
  if (leftOut) warnings.push(leftOut);
  return { writingMode: mainWritingMode(modes), chapters, images: reader.images };
}
