import type { TableOwners } from './table-owners';
/**
 * Tables of the bookshelf, created by migration 2026-11-25T0820-bookshelf.
 * Instants are epoch milliseconds.
 */
type Millis = number;

/**
 * One row per member and series they hold something of: a summary of `user_books` (volumes),
 * `user_serial_episodes` (rentals) and `reading_positions`, kept by `refreshShelfSeries` in the
 * same transaction as each change, so the unfiltered shelf of a member with thousands of books
 * reads a page of rows instead of grouping every book on each request.
 */
export interface ShelfSeriesTable {
  user_id: number;
  title_id: number;
  /** Volumes held and shown; hidden ones; rented episodes (running or expired). */
  book_count: number;
  hidden_count: number;
  rental_count: number;
  /** The highest shown volume held, whose cover is the tile's; null when only episodes are. */
  newest_book_id: number | null;
  newest_vol: number | null;
  /** Latest purchase (or rental) and latest synced reading of what is shown. */
  last_bought_at: Millis;
  last_read_at: Millis | null;
}

export interface BookshelfTables {
  shelf_series: ShelfSeriesTable;
}

/** The area that writes each table (issue 43: another area's repository only reads it, as a listed view). */
export const bookshelfTableOwners = {
  shelf_series: 'bookshelf',
} as const satisfies TableOwners<BookshelfTables>;
