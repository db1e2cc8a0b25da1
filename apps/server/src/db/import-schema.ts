import type { TableOwners } from './table-owners';
/**
 * Tables of imported books (migration 2026-11-25T0800-book-imports). Instants are epoch ms.
 */
type Millis = number;

export type BookSourceFormat = 'cbz' | 'zip' | 'folder' | 'epub';

export interface BookSourcesTable {
  book_id: number;
  /** `epub:<identifier>` or `sha256:<content hash>`: importing the same thing again updates this book. */
  source_key: string;
  content_hash: string;
  /** The file or folder name it was imported from (no directories). */
  file_name: string;
  format: BookSourceFormat;
  /** Media key of the cover's original; null: the first page is the cover. */
  cover_key: string | null;
  imported_at: Millis;
  updated_at: Millis;
}

/**
 * `original_key` of a text page of an image book (a colophon 奥付, an about page): it has no
 * image; its text is the book's `book_text_chapters` row of the same number. Never a media key
 * (those are `originals/…`), so no derivative is made or drawn for it.
 */
export const TEXT_PAGE_KEY = 'text';

export interface BookPageOriginalsTable {
  book_id: number;
  page_no: number;
  /** Media key of the page's original image (`originals/<sha256>.<ext>`), or `TEXT_PAGE_KEY`. */
  original_key: string;
  /**
   * EPUB page-spread side: 'left', 'right' or 'center'; 'alone' when the file shows the page in
   * no spread (`rendition:spread none`); null when the file does not say.
   */
  spread: 'left' | 'right' | 'center' | 'alone' | null;
}

/** An image inside a text book's chapter (migration 2026-11-28T1010-text-images). */
export interface BookTextImagesTable {
  book_id: number;
  /** N of the body's `［＃挿絵N］` line, from 0 in book order. */
  image_no: number;
  /** The chapter it is in: that chapter's sample rule decides who may see it. */
  chapter_no: number;
  original_key: string;
  width: number;
  height: number;
}

export interface ImportTables {
  book_sources: BookSourcesTable;
  book_page_originals: BookPageOriginalsTable;
  book_text_images: BookTextImagesTable;
}

/** The area that writes each table (issue 43: another area's repository only reads it, as a listed view). */
export const importTableOwners = {
  book_sources: 'import',
  book_page_originals: 'import',
  book_text_images: 'import',
} as const satisfies TableOwners<ImportTables>;
