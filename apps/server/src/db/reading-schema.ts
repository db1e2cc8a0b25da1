import type { TableOwners } from './table-owners';
/**
 * Tables of the reading area, created by migration 2026-11-22T0600-reading:
 * the synced reading position, bookmarks, viewer settings and read-ends, all per member and book.
 * Instants are epoch milliseconds.
 */
type Millis = number;

/** §3 Reading page record: page and font, one per member and book. */
export interface ReadingPositionsTable {
  user_id: number;
  book_id: number;
  page: number;
  /** Reflow books: the font size the page number belongs to; null for image books. */
  font: string | null;
  /** When the reader was on that page (client instant, never later than the server's now). */
  read_at: Millis;
  /** The viewer's per-device id, null when it sent none. */
  device_id: string | null;
  updated_at: Millis;
}

export interface BookmarksTable {
  user_id: number;
  book_id: number;
  page: number;
  created_at: Millis;
}

/** §3 Viewer settings, stored as the JSON of `ViewerSettings` (domain/reading.ts). */
export interface ViewerSettingsTable {
  user_id: number;
  settings: string;
  updated_at: Millis;
}

/** The first read-end of a book (§4 reading progress: registered once, sets reached-last-page). */
export interface ReadEndsTable {
  user_id: number;
  book_id: number;
  created_at: Millis;
}

export interface ReadingTables {
  reading_positions: ReadingPositionsTable;
  bookmarks: BookmarksTable;
  viewer_settings: ViewerSettingsTable;
  read_ends: ReadEndsTable;
}

/** The area that writes each table (issue 43: another area's repository only reads it, as a listed view). */
export const readingTableOwners = {
  reading_positions: 'reading',
  bookmarks: 'reading',
  viewer_settings: 'reading',
  read_ends: 'reading',
} as const satisfies TableOwners<ReadingTables>;
