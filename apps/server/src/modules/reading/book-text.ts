import type { BookText } from '@hondana/domain/reading/reading-api';
import { parseBlock } from '@hondana/domain/reading/text-blocks';
import type { ReadingBook } from './reading-access';
import { isSample } from './reading-access';

const escapes: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => escapes[c]!);

/** Kanji (and 々〆ヶ) that a ruby without `｜` covers: the run right before `《`. */
const KANJI_RUN = /([\u3005\u3006\u30f6\u4e00-\u9fff\uf900-\ufaff]+)《([^《》]+)》/g;
const MARKED_RUBY = /｜([^｜《》]+)《([^《》]+)》/g;

/**
 * One paragraph of Aozora Bunko markup as HTML: `｜親字《おやじ》` and `漢字《かんじ》` become
 * `<ruby>親字<rt>おやじ</rt></ruby>`; everything else is escaped text.
 */
export function aozoraToHtml(paragraph: string): string {
  return escapeHtml(paragraph).replace(MARKED_RUBY, '<ruby>$1<rt>$2</rt></ruby>').replace(KANJI_RUN, '<ruby>$1<rt>$2</rt></ruby>');
}

/**
 * A chapter body (one block a line, `@hondana/domain/reading/text-blocks`) as HTML: paragraphs
 * `<p>`, headings `<h3>`–`<h5>` (the chapter's own title is the viewer's `<h2>`), consecutive
 * list items one `<ul>`/`<ol>`, consecutive table rows one `<table>`, and a `［＃挿絵N］` line the
 * `<figure>` that `figure(N)` gives (an image of this chapter) with the caption line after it, or
 * nothing. Every text is escaped; no attribute comes from the book.
 */
export function chapterHtml(body: string, figure: (image: number) => string | null = () => null): string {
  const out: string[] = [];
  let open: 'ul' | 'ol' | 'table' | null = null;
  const close = () => {
    if (open) out.push(`</${open}>`);
    open = null;
  };
  const openAs = (tag: 'ul' | 'ol' | 'table') => {
    if (open === tag) return;
    close();
    out.push(`<${tag}>`);
    open = tag;
  };
  let lastFigure = -1;
  for (const line of body.split('\n')) {
    if (line.length === 0) continue;
    const block = parseBlock(line);
    if (block.kind === 'item') {
      openAs(block.ordered ? 'ol' : 'ul');
      out.push(`<li>${aozoraToHtml(block.text)}</li>`);
      continue;
    }
    if (block.kind === 'row') {
      openAs('table');
      const cell = block.header ? 'th' : 'td';
      out.push(`<tr>${block.cells.map((c) => `<${cell}>${aozoraToHtml(c)}</${cell}>`).join('')}</tr>`);
      continue;
    }
    close();
    if (block.kind === 'image') {
      const html = figure(block.image);
      if (html) {
        out.push(html);
        lastFigure = out.length - 1;
      }
    } else if (block.kind === 'caption') {
      // A caption belongs to the figure just before it; without one it is a paragraph.
      if (lastFigure === out.length - 1)
        out[lastFigure] = out[lastFigure]!.replace(/<\/figure>$/, `<figcaption>${aozoraToHtml(block.text)}</figcaption></figure>`);
      else out.push(`<p>${aozoraToHtml(block.text)}</p>`);
    } else if (block.kind === 'heading') {
      out.push(`<h${block.level + 2}>${aozoraToHtml(block.text)}</h${block.level + 2}>`);
    } else {
      out.push(`<p>${aozoraToHtml(block.text)}</p>`);
    }
  }
  close();
  return out.join('');
}

interface TextImageRow {
  imageNo: number;
  chapterNo: number;
  width: number;
  height: number;
}

/**
 * An image inside a chapter as `<figure><img></figure>`: its URL built from integers and signed
 * for the grant its chapter is read under (the media route checks that grant again), with its
 * pixel size so the text is laid out before the image arrives.
 */
export function figureHtml(bookId: number, image: TextImageRow, signedQuery: string): string {
  const base = `/media/figures/${bookId}/${image.imageNo}`;
  return (
    `<figure><img src="${base}/1080.webp?${signedQuery}" srcset="${base}/720.webp?${signedQuery} 720w, ${base}/1080.webp?${signedQuery} 1080w"` +
    ` width="${image.width}" height="${image.height}" alt="" loading="eager" decoding="async"></figure>`
  ).replaceAll('&', '&amp;');
}

interface ChapterRow {
  chapterNo: number;
  title: string;
  body: string;
  charCount: number;
}

/**
 * The chapters of a reflow book; text only for the chapters the requester may read (owned or
 * free: all; otherwise the sample chapters), optionally just `chapter`.
 */
export function bookText(
  book: ReadingBook,
  rows: ChapterRow[],
  chapter: number | undefined,
  figure: (image: number, chapterNo: number) => string | null = () => null,
): BookText {
  return {
    bookId: book.volume.id,
    writingMode: book.volume.writingMode ?? 'vertical',
    chapters: rows
      .filter((r) => chapter === undefined || r.chapterNo === chapter)
      .map((r) => {
        const sample = isSample(book, r.chapterNo);
        return {
          chapterNo: r.chapterNo,
          title: r.title,
          charCount: r.charCount,
          sample,
          html: book.fullAccess || sample ? chapterHtml(r.body, (image) => figure(image, r.chapterNo)) : null,
        };
      }),
  };
}

/** A book's contents for saving on a device: every chapter's number, title and size, no text yet. */
export function offlineContents(book: ReadingBook, rows: ChapterRow[]): BookText {
  return {
    bookId: book.volume.id,
    writingMode: book.volume.writingMode ?? 'vertical',
    chapters: rows.map((r) => ({
      chapterNo: r.chapterNo,
      title: r.title,
      charCount: r.charCount,
      sample: isSample(book, r.chapterNo),
      html: null,
    })),
  };
}
