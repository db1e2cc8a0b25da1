import type { Direction } from '@hondana/domain/catalog/catalog';
import type { BookSourceFormat } from '../db/import-schema';
import type { PlannedText } from './epub-text';

/** A credited person as the file names them (§3 Author: name, kana; AuthorRole). */
export interface PlannedAuthor {
  name: string;
  kana: string;
  role: 'author' | 'original' | 'art' | 'illustration' | 'editor' | 'photo';
}

/** A page's side in a spread as its file says (EPUB `page-spread-*`); `alone`: `rendition:spread none`. */
export type PlannedSide = 'left' | 'right' | 'center' | 'alone' | null;

export interface PlannedPage {
  /** The image's entry in the archive or folder; null for a text page (its text is `text`'s chapter of its number). */
  entry: string | null;
  spread: PlannedSide;
  /** A text page's size as its document says (a fixed-layout page's viewport); null: the book's image pages' size. */
  viewport?: { width: number; height: number } | null;
  /** The spine document a text page came from (its warning names it). */
  document?: string;
}

/** What a file says about its book, before any image is read or stored. */
export interface BookPlan {
  format: BookSourceFormat;
  /** The title's name (a series for CBZ with ComicInfo). */
  title: string;
  titleKana: string;
  /** Volume number when the file says it (ComicInfo Number, a trailing number), else null. */
  vol: number | null;
  /** The book's own name, e.g. the title and its volume. */
  contentsName: string;
  description: string;
  authors: PlannedAuthor[];
  publisher: string | null;
  language: string | null;
  /** The EPUB's unique identifier: re-importing the same identifier updates the book. */
  identifier: string | null;
  layoutType: number;
  direction: Direction;
  /** EroticType of §6 (R18 from an age rating). */
  eroticType: number;
  pages: PlannedPage[];
  /**
   * A reflowable (text) book's chapters and writing mode; an image book's text pages (a chapter
   * per text page, numbered by its page), or null when it has none.
   */
  text: PlannedText | null;
  /** An image book's table of contents (§3 navigations: page, text); a text book's come from its chapters. */
  navigations: { page: number; text: string }[];
  /** The cover image's entry when the file names one that is not the first page's image. */
  cover: string | null;
  /** Pages the metadata promises (ComicInfo PageCount), checked against what is there. */
  declaredPageCount: number | null;
  warnings: string[];
}

export const IMAGE_EXTENSIONS = /\.(jpe?g|png|webp|avif)$/i;

const collator = new Intl.Collator('ja', { numeric: true, sensitivity: 'base' });
/** Natural order: `p2` before `p10`. */
export const naturalCompare = (a: string, b: string): number => collator.compare(a, b) || (a < b ? -1 : a > b ? 1 : 0);

/** A name without its extension, and its trailing volume number (`ワンピース 12`, `title_v03`). */
export function titleAndVolume(baseName: string): { title: string; vol: number | null } {
  const name = baseName
    .replace(/\.[^./]+$/, '')
    .replace(/_/g, ' ')
    .trim();
  const m = /^(.*?)[\s\-–第#]*(?:v|vol\.?|volume)?\s*0*(\d{1,4})\s*巻?$/i.exec(name);
  if (m && m[1]!.trim() !== '') return { title: m[1]!.trim(), vol: Number(m[2]) };
  return { title: name, vol: null };
}
