/**
 * Books of the catalog API (§3 Book detail, Book v3; §7 "Books", "Guest"): the request
 * schemas with the spec's parameter names and the response schemas. The rules the book calls
 * share are in `books.ts`.
 */
import { z } from 'zod';
import { acParam, idListParam, idParam, limitParam, offsetParam } from '../common/params';
import { PointCampaignSummary } from '../campaigns/point-campaigns-api';
import { SalesStatus } from './catalog';

/** Title books list defaults (§7: limit 30, offset 0, ascending). */
const TITLE_BOOKS_LIMIT = 30;

/** `salable=1` asks only for books that can be bought now (pre-orders included). */
const salableParam = z
  .enum(['0', '1', 'true', 'false'], { message: 'must be 0 or 1' })
  .optional()
  .transform((v) => v === '1' || v === 'true');

/** Sales status filter of the v3 calls; ALL matches every status. */
export const SalesStatusFilter = { ...SalesStatus, ALL: 'ALL' } as const;
export type SalesStatusFilter = (typeof SalesStatusFilter)[keyof typeof SalesStatusFilter];
const salesStatusParam = z.enum(['ON_SALE', 'IN_RESERVATION', 'ALL'], { message: 'must be ON_SALE, IN_RESERVATION or ALL' }).default('ALL');

export const VolumeSort = { VOL_ASC: 'VOL_ASC', VOL_DESC: 'VOL_DESC' } as const;
export type VolumeSort = (typeof VolumeSort)[keyof typeof VolumeSort];
export const sortParam = z.enum(['VOL_ASC', 'VOL_DESC'], { message: 'must be VOL_ASC or VOL_DESC' }).default('VOL_ASC');

export const BookIdPath = z.object({ book_id: idParam });
export const BookQuery = z.object({ ac: acParam, salable: salableParam });
export const BooksQuery = z.object({ ac: acParam, book_id: idListParam, salable: salableParam });
/** `GET /book/detail`: book_type 0 is a single volume; bundles (1) do not exist yet. */
export const BookDetailQuery = z.object({
  ac: acParam,
  book_id: idParam,
  book_type: z.coerce.number({ message: 'must be a number' }).int().min(0).max(9).default(0),
});
export const BookV3Query = z.object({ ac: acParam, sales_status: salesStatusParam });
export const BooksV3Query = z.object({ ac: acParam, book_id: idListParam, sales_status: salesStatusParam });
export const BooksByTitleQuery = z.object({
  ac: acParam,
  title_id: idParam,
  sales_status: salesStatusParam,
  offset: offsetParam,
  limit: limitParam(TITLE_BOOKS_LIMIT),
  sort: sortParam,
});
export const NextBookQuery = z.object({ ac: acParam, book_id: idParam });
export const BookInfosQuery = z.object({ ac: acParam, book_id: idListParam });
export const GuestBooksQuery = z.object({ ac: acParam, book_id: idListParam });
/** Most volumes a title total adds up (`limit_per_title`); without it, every volume. */
const MAX_LIMIT_PER_TITLE = 1000;
const limitPerTitle = z.coerce.number({ message: 'must be a number' }).int().min(1).max(MAX_LIMIT_PER_TITLE).optional();
export const GuestTotalPriceQuery = z.object({ ac: acParam, title_id: idParam, limit_per_title: limitPerTitle });
export const GuestTotalPricesQuery = z.object({ ac: acParam, title_id: idListParam, limit_per_title: limitPerTitle });

const DiscountType = { SALE: 'SALE', FREE: 'FREE' } as const;
type DiscountType = (typeof DiscountType)[keyof typeof DiscountType];

/** §3 Book v3 `discount`: the reduced price in effect and its period (null bounds are open). */
const Discount = z.object({
  salePrice: z.number(),
  startDatetime: z.number().nullable(),
  endDatetime: z.number().nullable(),
  type: z.enum(DiscountType),
});
export type Discount = z.infer<typeof Discount>;

/** The sales status a response reports (`salesStatusAt`). */
const SalesStatusValue = z.enum(SalesStatus);
/** How a book reads: right to left (manga) or left to right. */
const Direction = z.enum(['rtl', 'ltr']);

/** §3 Author, with the role the author had on the title (Book v3 authors: `type`). */
export const BookAuthor = z.object({ authorId: z.number(), name: z.string(), kana: z.string(), type: z.string() });
export type BookAuthor = z.infer<typeof BookAuthor>;

/** The serial a title is published as, when there is one (§3 Book detail: serial). */
export const BookSerialRef = z.object({ serialId: z.number(), name: z.string() });
export type BookSerialRef = z.infer<typeof BookSerialRef>;

/**
 * §3 "Book detail": one volume as the volume detail and `GET /books/{book_id}` show it.
 * Prices are those in effect at the request's instant; per-member fields (`wished`,
 * `reviewed`, `reviewId`) are filled for a member only; `bought` is false until orders fill it.
 */
export const BookDetail = z.object({
  bookId: z.number(),
  bookTitle: z.string(),
  titleId: z.number(),
  /** Same as titleId: the series a volume belongs to. */
  seriesId: z.number(),
  titleName: z.string(),
  vol: z.number(),
  authors: z.array(BookAuthor),
  price: z.number(),
  /** The struck-through previous price; only an integer different from price (§5). */
  beforePrice: z.number().nullable(),
  /** Regular price, tax included, and the tax inside it. */
  regularPrice: z.number(),
  taxAmount: z.number(),
  bought: z.boolean(),
  /** 0: a single volume (the only book type so far). */
  bookType: z.number(),
  imageUrl: z.string(),
  coverSrcSet: z.string(),
  coverSrcSetJpeg: z.string(),
  /** Rental period in minutes, null when the book cannot be rented. */
  rentalTime: z.number().nullable(),
  rentalEnd: z.number().nullable(),
  description: z.string(),
  publisherId: z.number().nullable(),
  publisherName: z.string().nullable(),
  magazineId: z.number().nullable(),
  magazineName: z.string().nullable(),
  /** The title's genre. */
  categoryId: z.number().nullable(),
  /** The title's page type (§9). */
  subCategory: z.string(),
  pageType: z.string(),
  eroticType: z.number(),
  layoutType: z.number(),
  direction: Direction,
  totalPage: z.number(),
  samplePageTotal: z.number(),
  hasSample: z.boolean(),
  hasCustomSample: z.boolean(),
  wishCount: z.number(),
  wished: z.boolean(),
  buyCount: z.number(),
  /** Basic points earned buying at the price in effect; pointTotal is the §5 point detail total of `pointCampaign`. */
  point: z.number(),
  pointTotal: z.number(),
  /** §3 Point campaign: the lines buying this book now earns (member lines only for a member); null when none applies. */
  pointCampaign: PointCampaignSummary.nullable(),
  /** Live reviews of the title. */
  commentTotal: z.number(),
  /** The title's average star, one decimal; 0 without reviews. */
  rating: z.number(),
  /** The member has a live review of the title (false for a guest); `reviewId` is that review. */
  reviewed: z.boolean(),
  reviewId: z.number().nullable(),
  bundleId: z.number().nullable(),
  bundleTotalPrice: z.number().nullable(),
  bundleSalePrice: z.number().nullable(),
  /** End of the sale or free period in effect; null for none or no end. */
  endDatetime: z.number().nullable(),
  /** Sales rank of the book; null until it ranks. */
  rank: z.number().nullable(),
  free: z.boolean(),
  limitedFree: z.boolean(),
  limitedSale: z.boolean(),
  /** The title has two or more volumes on sale, so "buy all" applies. */
  isBulkBuy: z.boolean(),
  newTags: z.array(z.string()),
  serial: BookSerialRef.nullable(),
  startDatetime: z.number(),
  salesStatus: SalesStatusValue,
  salable: z.boolean(),
  /** A pre-order: released after now. */
  reservable: z.boolean(),
});
export type BookDetail = z.infer<typeof BookDetail>;

/** §3 "Book v3". `price` is the regular price; `discount` is the reduction in effect, if any. */
export const BookV3 = z.object({
  id: z.number(),
  contentsName: z.string(),
  titleId: z.number(),
  titleName: z.string(),
  vol: z.number(),
  price: z.number(),
  taxAmount: z.number(),
  discount: Discount.nullable(),
  startDatetime: z.number(),
  salesStatus: SalesStatusValue,
  eroticType: z.number(),
  layoutType: z.number(),
  pageType: z.string(),
  genreId: z.number().nullable(),
  hasSample: z.boolean(),
  hasCustomSample: z.boolean(),
  imageUrl: z.string(),
  pub: z.object({ id: z.number().nullable(), name: z.string().nullable() }),
  authors: z.array(BookAuthor),
});
export type BookV3 = z.infer<typeof BookV3>;

/** `GET /book_infos`: what a reader needs to open a book. */
export const BookInfo = z.object({
  bookId: z.number(),
  titleId: z.number(),
  titleName: z.string(),
  contentsName: z.string(),
  vol: z.number(),
  layoutType: z.number(),
  direction: Direction,
  writingMode: z.enum(['vertical', 'horizontal']).nullable(),
  totalPage: z.number(),
  samplePageTotal: z.number(),
  hasSample: z.boolean(),
  hasCustomSample: z.boolean(),
  imagedReflow: z.boolean(),
  eroticType: z.number(),
  startDatetime: z.number(),
  salesStatus: SalesStatusValue,
  imageUrl: z.string(),
});
export type BookInfo = z.infer<typeof BookInfo>;

/** `GET /books`, `/books/by_title`: book details in the order asked. */
export const BookDetailList = z.object({ totalCount: z.number(), books: z.array(BookDetail) });
export type BookDetailList = z.infer<typeof BookDetailList>;

/** `GET /books/v3`, `/books/by_title/v3`: Book v3 of the listed books or one page of a title's volumes. */
export const BookV3List = z.object({ totalCount: z.number(), books: z.array(BookV3) });
export type BookV3List = z.infer<typeof BookV3List>;

/** `GET /books/next_book`: the volume after `bookId`; `nextBook` is null on the last one. */
export const NextBook = z.object({ bookId: z.number(), nextBook: BookV3.nullable() });
export type NextBook = z.infer<typeof NextBook>;

/** `GET /book_infos`. */
export const BookInfoList = z.object({ totalCount: z.number(), bookInfos: z.array(BookInfo) });
export type BookInfoList = z.infer<typeof BookInfoList>;

/** §3 "Guest book" (`GET /guest/books`): the visible books by id, and the guest coupon (none yet). */
export const GuestBooks = z.object({ byId: z.record(z.string(), BookDetail), coupon: z.null() });
export type GuestBooks = z.infer<typeof GuestBooks>;

/** `GET /guest/titles/total_price`: what buying a title's volumes on sale costs now. */
export const TitleTotalPrice = z.object({
  titleId: z.number(),
  /** Sum of the prices in effect of the title's volumes on sale now, first volumes first. */
  totalPrice: z.number(),
  bookCount: z.number(),
});
export type TitleTotalPrice = z.infer<typeof TitleTotalPrice>;

/** `GET /guest/titles/total_prices`: hidden and unknown titles are absent. */
export const TitleTotalPrices = z.object({ totalPrices: z.array(TitleTotalPrice) });
export type TitleTotalPrices = z.infer<typeof TitleTotalPrices>;
