/**
 * The member's bookshelf (§3 User book, §4 reading progress, §9): its filters and
 * sorts, the shapes `/user_books/me…` answer with, and the shelf's rules (reading progress, rental
 * state, the next volume to buy). No Zod here, so the web's shelf does not ship it; the request
 * schemas are in `bookshelf.ts`.
 */
import type { PossessionStatus } from '../orders/orders';
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
export type ShelfSource = 'PURCHASE' | 'FREE' | 'GRANT';

/** One series tile: how many of its items match, the newest owned cover, and when. */
export interface ShelfSeries {
  titleId: number;
  titleName: string;
  titleKana: string;
  authors: { authorId: number; name: string; kana: string }[];
  /** The cover of the newest (highest) owned volume, or the serial's image when only episodes are held. */
  imageUrl: string | null;
  /** Volumes and rented episodes of the series that match the filter. */
  bookCount: number;
  newestVol: number | null;
  lastBoughtAt: number;
  lastReadAt: number | null;
  eroticType: number;
}

export interface UserBooksResponse {
  totalCount: number;
  offset: number;
  limit: number;
  series: ShelfSeries[];
}

export interface ReadingProgress {
  /** The synced page (0-based), null when never opened. */
  page: number | null;
  totalPage: number;
  /** 0–100, null when the book has no page count (reflow) or was never opened. */
  percent: number | null;
  /** 読了: the read-end was registered (§4: 90% reached). */
  finished: boolean;
}

export interface ShelfBook {
  bookId: number;
  /** §3 User book: held and released (possessionStatus OWNED). */
  bought: boolean;
  vol: number;
  contentsName: string;
  imageUrl: string;
  possessionStatus: PossessionStatus;
  source: ShelfSource;
  boughtAt: number;
  /** Release instant; a RESERVED book shows it as 予約 with this date. */
  startDatetime: number;
  hidden: boolean;
  progress: ReadingProgress;
  lastReadAt: number | null;
}

export type RentalState = 'RENTING' | 'PERMANENT' | 'EXPIRED';

export interface ShelfEpisode {
  serialEpisodeId: number;
  serialId: number;
  serialName: string;
  title: string;
  orderSequence: number;
  imageUrl: string;
  rentalEnd: number;
  rentalState: RentalState;
  rentedAt: number;
}

/** The next volume the member does not hold, offered as a buy prompt. */
export interface NextVolume {
  bookId: number;
  vol: number;
  contentsName: string;
  imageUrl: string;
  price: number;
  startDatetime: number;
  /** Not released yet: the prompt is a pre-order. */
  reservable: boolean;
}

export interface UserBooksByTitleResponse {
  title: { id: number; name: string; kana: string; eroticType: number; authors: ShelfSeries['authors'] };
  books: ShelfBook[];
  episodes: ShelfEpisode[];
  nextBook: NextVolume | null;
}

export interface ContinueItem {
  kind: 'book' | 'episode';
  /** The book, or the episode's serial episode id. */
  id: number;
  bookId: number | null;
  serialEpisodeId: number | null;
  title: string;
  imageUrl: string;
  /** The synced page the viewer opens at (0 for an episode, which has no synced page). */
  page: number;
  totalPage: number;
  readAt: number;
}

export interface ContinueResponse {
  items: ContinueItem[];
}

/** §4 reading progress of a book from its synced page and whether its read-end was registered. */
export function readingProgress(page: number | null, totalPage: number, readEnd: boolean): ReadingProgress {
  if (page === null || totalPage <= 0) return { page, totalPage, percent: readEnd ? 100 : null, finished: readEnd };
  const percent = readEnd ? 100 : Math.min(100, Math.round(((page + 1) / totalPage) * 100));
  return { page, totalPage, percent, finished: readEnd };
}

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
