/**
 * Catalog lists (§2 "Other widgets", §7 "Free books"): the book tile the top page, rankings,
 * series pages and free lists render, the title summary of search results, and the free book
 * answers.
 */
import { z } from 'zod';
import { BookAuthor } from './books-api';

/** A book as a tile shows it (§2 "Other widgets"): what the top page and lists render. */
export const BookTile = z.object({
  bookId: z.number(),
  titleId: z.number(),
  title: z.string(),
  vol: z.number(),
  /** Cover URL (WebP) for the given width; `coverSrcSet` lists every stored width. */
  imageUrl: z.string(),
  coverSrcSet: z.string(),
  /** JPEG fallback of `coverSrcSet` (§9: webp with jpeg fallback). */
  coverSrcSetJpeg: z.string(),
  price: z.number(),
  beforePrice: z.number().nullable(),
  free: z.boolean(),
  /** Free only for a period; `endDatetime` is when it ends (the tile's M/d label). */
  limitedFree: z.boolean(),
  endDatetime: z.number().nullable(),
  rating: z.number(),
  startDatetime: z.number(),
  pageType: z.string(),
  eroticType: z.number(),
  layoutType: z.number(),
  /** 即時還元: the points anyone buying this book now earns (§2 book tile badge); 0 when none or not priced against campaigns. */
  refundCoins: z.number(),
  /** §3 `newTags`: NEW while the volume was released within the last seven days. */
  newTags: z.array(z.string()),
});
export type BookTile = z.infer<typeof BookTile>;

/** A title in catalog lists (§3 Title, the fields a list needs). */
export const TitleSummary = z.object({
  id: z.number(),
  name: z.string(),
  kana: z.string(),
  imageUrl: z.string(),
  pageType: z.string(),
  genreId: z.number().nullable(),
  eroticType: z.number(),
  completeFlg: z.boolean(),
  maxVol: z.number(),
  minVolBookId: z.number(),
  maxVolBookId: z.number(),
  /** Credits in order (search results carry them). */
  authors: z.array(BookAuthor).optional(),
});
export type TitleSummary = z.infer<typeof TitleSummary>;

/** `GET /free_books/{closely|newly}/by_page_type/{page_type}`: free books of a shelf. */
export const FreeBookList = z.object({ books: z.array(BookTile) });
export type FreeBookList = z.infer<typeof FreeBookList>;

/** `GET /free_book_vol/list`: the volumes of a title free now, ascending. */
export const FreeBookVols = z.object({ titleId: z.number(), freeBookVols: z.array(z.number()), books: z.array(BookTile) });
export type FreeBookVols = z.infer<typeof FreeBookVols>;
