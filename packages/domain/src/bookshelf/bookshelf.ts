/**
 * The member's bookshelf (§3 User book, §4 reading progress, §9): its filters and
 * sorts and the shelf's rules (reading progress, rental
 * state, the next volume to buy). No Zod here, so the web's shelf does not ship it; the request
 * schemas, and the shapes the calls answer with, are in `bookshelf-api.ts`.
 */
import { isUnlimitedRental } from '../serials/serials';

/** The shelf's filters (購入済み / レンタル中 / 予約 / 無料で読んだ / 読みかけ), plus ALL and HIDDEN (show hidden). */
export const ShelfFilter = {
  ALL: 'ALL',
  PURCHASED: 'PURCHASED',
  RENTAL: 'RENTAL',
  RESERVED: 'RESERVED',
  FREE: 'FREE',
  READING: 'READING',
  HIDDEN: 'HIDDEN',
} as const;
export type ShelfFilter = (typeof ShelfFilter)[keyof typeof ShelfFilter];
export const shelfFilters = Object.values(ShelfFilter) as [ShelfFilter, ...ShelfFilter[]];

/** Sorts: 購入日 (newest first), 最近読んだ (newest first), タイトル and 著者 (kana order). */
export const ShelfSort = { PURCHASE_DATE: 'PURCHASE_DATE', LAST_READ: 'LAST_READ', TITLE: 'TITLE', AUTHOR: 'AUTHOR' } as const;
export type ShelfSort = (typeof ShelfSort)[keyof typeof ShelfSort];
export const shelfSorts = Object.values(ShelfSort) as [ShelfSort, ...ShelfSort[]];

/** Series tiles per page of the shelf. */
export const SHELF_PAGE_SIZE = 24;
/** §9 continuable history: 12 items. */
export const CONTINUE_LIMIT = 12;
/** §9 read-end threshold: 90% of the pages. */
export const READ_END_RATIO = 0.9;

/** Where a book came from: bought, granted free, or given by the store. */
export const shelfSources = ['PURCHASE', 'FREE', 'GRANT'] as const;
export type ShelfSource = (typeof shelfSources)[number];

// The shapes the shelf's calls answer with are zod schemas in `bookshelf-api.ts`; their types
// are re-exported here (types only, so a page importing this module does not ship zod).
export type {
  ContinueItem,
  ContinueResponse,
  NextVolume,
  ReadingProgress,
  ShelfBook,
  ShelfEpisode,
  ShelfSeries,
  UserBooksByTitleResponse,
  UserBooksResponse,
} from './bookshelf-api';
import type { ReadingProgress } from './bookshelf-api';

/** §4 reading progress of a book from its synced page and whether its read-end was registered. */
export function readingProgress(page: number | null, totalPage: number, readEnd: boolean): ReadingProgress {
  if (page === null || totalPage <= 0) return { page, totalPage, percent: readEnd ? 100 : null, finished: readEnd };
  const percent = readEnd ? 100 : Math.min(100, Math.round(((page + 1) / totalPage) * 100));
  return { page, totalPage, percent, finished: readEnd };
}

export const rentalStates = ['RENTING', 'PERMANENT', 'EXPIRED'] as const;
type RentalState = (typeof rentalStates)[number];

/** A rental's state at `now`: a permanent rental never expires (§9: 300 years or more is unlimited). */
export function rentalState(rentalEnd: number, now: number): RentalState {
  if (isUnlimitedRental(rentalEnd, now)) return 'PERMANENT';
  return rentalEnd > now ? 'RENTING' : 'EXPIRED';
}

/** The volume after the highest one held, if the member does not hold it (volumes in any order). */
export function nextUnownedVolume<B extends { vol: number; bookId: number }>(volumes: readonly B[], held: ReadonlySet<number>): B | null {
  let highestHeld = -Infinity;
  for (const v of volumes) if (held.has(v.bookId)) highestHeld = Math.max(highestHeld, v.vol);
  let next: B | null = null;
  for (const v of volumes) {
    if (held.has(v.bookId) || v.vol <= highestHeld) continue;
    if (!next || v.vol < next.vol) next = v;
  }
  return next;
}
