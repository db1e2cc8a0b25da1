/**
 * Request and response schemas of the bookshelf's calls (`/user_books/me…`, `/user_titles/…`);
 * the rules are in `bookshelf.ts`.
 */
import { z } from 'zod';
import { acParam, idListParam, idParam, limitParam, offsetParam, tokenParam } from '../common/params';
import { PossessionStatus } from '../orders/orders';
import { OkStatus } from '../common/responses';
import { CONTINUE_LIMIT, SHELF_PAGE_SIZE, rentalStates, shelfFilters, shelfSorts, shelfSources } from './bookshelf';

export const UserBooksQuery = z.object({
  ac: acParam,
  offset: offsetParam,
  limit: limitParam(SHELF_PAGE_SIZE),
  sort: z.enum(shelfSorts, { message: `must be one of ${shelfSorts.join(', ')}` }).default('PURCHASE_DATE'),
  filter: z.enum(shelfFilters, { message: `must be one of ${shelfFilters.join(', ')}` }).default('ALL'),
  word: z.string().trim().max(100, 'must be at most 100 characters').optional(),
});
export type UserBooksQuery = z.infer<typeof UserBooksQuery>;

export const UserBooksByTitleQuery = z.object({ ac: acParam, title_id: idParam });

/** `POST /user_books/me/hide` and `/unhide`: a one-time token and the books (`1,2,3` or an array). */
export const HideBooksInput = z.object({
  token: tokenParam,
  book_ids: z.union(
    [
      idListParam,
      z
        .array(z.number().int().min(0))
        .min(1)
        .max(100)
        .transform((ids) => [...new Set(ids)]),
    ],
    {
      message: 'must be non-negative integer ids separated by commas',
    },
  ),
});

export const ContinueQuery = z.object({
  ac: acParam,
  limit: z.coerce.number({ message: 'must be a number' }).int().min(1).max(20, 'must be at most 20').default(CONTINUE_LIMIT),
});

/** `GET /user_books/me/offline?book_ids=1,2,3`: which of the books saved on a device the member may still read. */
export const OfflineCheckQuery = z.object({ ac: acParam, book_ids: idListParam });

/** The answer: the asked books the member still holds and that are released (the rest leave the device). */
export const OfflineCheckResponse = z.object({ bookIds: z.array(z.number()) });
export type OfflineCheckResponse = z.infer<typeof OfflineCheckResponse>;

/**
 * `/user_titles/*` (§7 "Titles"), members only (401 for a guest), `title_id` required; an unknown
 * title, or one hidden from this viewer, is 404.
 *   GET /user_titles/get_max_book_finish_read?title_id → MaxBookFinishRead
 *   GET /user_titles/get_reservable_books?title_id     → ReservableBooks
 *   GET /user_titles/me/by_title?title_id              → UserTitle
 */
export const UserTitleQuery = z.object({ ac: acParam, title_id: idParam });

/** The furthest volume of the title the member has read to the end (nulls when none). */
export const MaxBookFinishRead = z.object({ titleId: z.number(), bookId: z.number().nullable(), vol: z.number().nullable() });
export type MaxBookFinishRead = z.infer<typeof MaxBookFinishRead>;

const ReservableBook = z.object({
  bookId: z.number(),
  vol: z.number(),
  name: z.string(),
  price: z.number(),
  startDatetime: z.number(),
  /** Already pre-ordered by this member. */
  reserved: z.boolean(),
});
type ReservableBook = z.infer<typeof ReservableBook>;

/** The title's volumes open for pre-order now (§4 IN_RESERVATION), in volume order. */
export const ReservableBooks = z.object({ titleId: z.number(), books: z.array(ReservableBook) });
export type ReservableBooks = z.infer<typeof ReservableBooks>;

/** The member's relation to one title. */
export const UserTitle = z.object({
  titleId: z.number(),
  /** On the member's wish list (my list). */
  wished: z.boolean(),
  /** Volumes of the title the member owns (released) and has pre-ordered. */
  boughtBookIds: z.array(z.number()),
  reservedBookIds: z.array(z.number()),
  /** Salable volumes of the title (on sale or open for pre-order). */
  salableCount: z.number(),
  maxFinishReadBookId: z.number().nullable(),
});
export type UserTitle = z.infer<typeof UserTitle>;

const author = z.object({ authorId: z.number(), name: z.string(), kana: z.string() });

/** One series tile: how many of its items match, the newest owned cover, and when. */
export const ShelfSeries = z.object({
  titleId: z.number(),
  titleName: z.string(),
  titleKana: z.string(),
  authors: z.array(author),
  /** The cover of the newest (highest) owned volume, or the serial's image when only episodes are held. */
  imageUrl: z.string().nullable(),
  /** Volumes and rented episodes of the series that match the filter. */
  bookCount: z.number(),
  newestVol: z.number().nullable(),
  lastBoughtAt: z.number(),
  lastReadAt: z.number().nullable(),
  eroticType: z.number(),
});
export type ShelfSeries = z.infer<typeof ShelfSeries>;

/** `GET /user_books/me`: a page of series tiles. */
export const UserBooksResponse = z.object({ totalCount: z.number(), offset: z.number(), limit: z.number(), series: z.array(ShelfSeries) });
export type UserBooksResponse = z.infer<typeof UserBooksResponse>;

export const ReadingProgress = z.object({
  /** The synced page (0-based), null when never opened. */
  page: z.number().nullable(),
  totalPage: z.number(),
  /** 0–100, null when the book has no page count (reflow) or was never opened. */
  percent: z.number().nullable(),
  /** 読了: the read-end was registered (§4: 90% reached). */
  finished: z.boolean(),
});
export type ReadingProgress = z.infer<typeof ReadingProgress>;

export const ShelfBook = z.object({
  bookId: z.number(),
  /** §3 User book: held and released (possessionStatus OWNED). */
  bought: z.boolean(),
  vol: z.number(),
  contentsName: z.string(),
  imageUrl: z.string(),
  possessionStatus: z.enum([PossessionStatus.OWNED, PossessionStatus.RESERVED, PossessionStatus.NONE]),
  source: z.enum(shelfSources),
  boughtAt: z.number(),
  /** Release instant; a RESERVED book shows it as 予約 with this date. */
  startDatetime: z.number(),
  hidden: z.boolean(),
  progress: ReadingProgress,
  lastReadAt: z.number().nullable(),
});
export type ShelfBook = z.infer<typeof ShelfBook>;

export const ShelfEpisode = z.object({
  serialEpisodeId: z.number(),
  serialId: z.number(),
  serialName: z.string(),
  title: z.string(),
  orderSequence: z.number(),
  imageUrl: z.string(),
  rentalEnd: z.number(),
  rentalState: z.enum(rentalStates),
  rentedAt: z.number(),
});
export type ShelfEpisode = z.infer<typeof ShelfEpisode>;

/** The next volume the member does not hold, offered as a buy prompt. */
export const NextVolume = z.object({
  bookId: z.number(),
  vol: z.number(),
  contentsName: z.string(),
  imageUrl: z.string(),
  price: z.number(),
  startDatetime: z.number(),
  /** Not released yet: the prompt is a pre-order. */
  reservable: z.boolean(),
});
export type NextVolume = z.infer<typeof NextVolume>;

/** `GET /user_books/me/by_title`: one series on the shelf, its volumes and rented episodes. */
export const UserBooksByTitleResponse = z.object({
  title: z.object({ id: z.number(), name: z.string(), kana: z.string(), eroticType: z.number(), authors: z.array(author) }),
  books: z.array(ShelfBook),
  episodes: z.array(ShelfEpisode),
  nextBook: NextVolume.nullable(),
});
export type UserBooksByTitleResponse = z.infer<typeof UserBooksByTitleResponse>;

export const ContinueItem = z.object({
  kind: z.enum(['book', 'episode']),
  /** The book, or the episode's serial episode id. */
  id: z.number(),
  bookId: z.number().nullable(),
  serialEpisodeId: z.number().nullable(),
  title: z.string(),
  imageUrl: z.string(),
  /** The synced page the viewer opens at (0 for an episode, which has no synced page). */
  page: z.number(),
  totalPage: z.number(),
  readAt: z.number(),
});
export type ContinueItem = z.infer<typeof ContinueItem>;

/** `GET /user_books/me/continue`: books and episodes last opened, newest first. */
export const ContinueResponse = z.object({ items: z.array(ContinueItem) });
export type ContinueResponse = z.infer<typeof ContinueResponse>;

/** `POST /user_books/me/hide` and `/unhide`: the books asked, the state set, and how many rows changed. */
export const HideBooksResponse = z.object({
  status: OkStatus,
  result: z.object({ bookIds: z.array(z.number()), hidden: z.boolean(), updatedCount: z.number() }),
});
export type HideBooksResponse = z.infer<typeof HideBooksResponse>;
