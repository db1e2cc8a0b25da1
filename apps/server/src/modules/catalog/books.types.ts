import type { PointCampaignSummary } from '@hondana/domain/orders/orders-api';
import type { Discount } from '@hondana/domain/catalog/books-api';
import type { SalesStatus } from '@hondana/domain/catalog/catalog';

/** §3 Author, with the role the author had on the title (Book v3 authors: `type`). */
export interface BookAuthor {
  authorId: number;
  name: string;
  kana: string;
  type: string;
}

/** The serial a title is published as, when there is one (§3 Book detail: serial). */
export interface BookSerialRef {
  serialId: number;
  name: string;
}

/**
 * §3 "Book detail": one volume as the volume detail and `GET /books/{book_id}` show it.
 * Prices are those in effect at the request's instant; per-member fields (`wished`,
 * `reviewed`, `reviewId`) are filled for a member only; `bought` is false until orders fill it.
 */
export interface BookDetail {
  bookId: number;
  bookTitle: string;
  titleId: number;
  /** Same as titleId: the series a volume belongs to. */
  seriesId: number;
  titleName: string;
  vol: number;
  authors: BookAuthor[];
  price: number;
  /** The struck-through previous price; only an integer different from price (§5). */
  beforePrice: number | null;
  /** Regular price, tax included, and the tax inside it. */
  regularPrice: number;
  taxAmount: number;
  bought: boolean;
  /** 0: a single volume (the only book type so far). */
  bookType: number;
  imageUrl: string;
  coverSrcSet: string;
  coverSrcSetJpeg: string;
  /** Rental period in minutes, null when the book cannot be rented. */
  rentalTime: number | null;
  rentalEnd: number | null;
  description: string;
  publisherId: number | null;
  publisherName: string | null;
  magazineId: number | null;
  magazineName: string | null;
  /** The title's genre. */
  categoryId: number | null;
  /** The title's page type (§9). */
  subCategory: string;
  pageType: string;
  eroticType: number;
  layoutType: number;
  direction: 'rtl' | 'ltr';
  totalPage: number;
  samplePageTotal: number;
  hasSample: boolean;
  hasCustomSample: boolean;
  wishCount: number;
  wished: boolean;
  buyCount: number;
  /** Basic points earned buying at the price in effect; pointTotal is the §5 point detail total of `pointCampaign`. */
  point: number;
  pointTotal: number;
  /** §3 Point campaign: the lines buying this book now earns (member lines only for a member); null when none applies. */
  pointCampaign: PointCampaignSummary | null;
  /** Live reviews of the title. */
  commentTotal: number;
  /** The title's average star, one decimal; 0 without reviews. */
  rating: number;
  /** The member has a live review of the title (false for a guest); `reviewId` is that review. */
  reviewed: boolean;
  reviewId: number | null;
  bundleId: number | null;
  bundleTotalPrice: number | null;
  bundleSalePrice: number | null;
  /** End of the sale or free period in effect; null for none or no end. */
  endDatetime: number | null;
  /** Sales rank of the book; null until it ranks. */
  rank: number | null;
  free: boolean;
  limitedFree: boolean;
  limitedSale: boolean;
  /** The title has two or more volumes on sale, so "buy all" applies. */
  isBulkBuy: boolean;
  newTags: string[];
  serial: BookSerialRef | null;
  startDatetime: number;
  salesStatus: SalesStatus;
  salable: boolean;
  /** A pre-order: released after now. */
  reservable: boolean;
}

/** §3 "Book v3". `price` is the regular price; `discount` is the reduction in effect, if any. */
export interface BookV3 {
  id: number;
  contentsName: string;
  titleId: number;
  titleName: string;
  vol: number;
  price: number;
  taxAmount: number;
  discount: Discount | null;
  startDatetime: number;
  salesStatus: SalesStatus;
  eroticType: number;
  layoutType: number;
  pageType: string;
  genreId: number | null;
  hasSample: boolean;
  hasCustomSample: boolean;
  imageUrl: string;
  pub: { id: number | null; name: string | null };
  authors: BookAuthor[];
}

/** `GET /book_infos`: what a reader needs to open a book. */
export interface BookInfo {
  bookId: number;
  titleId: number;
  titleName: string;
  contentsName: string;
  vol: number;
  layoutType: number;
  direction: 'rtl' | 'ltr';
  writingMode: 'vertical' | 'horizontal' | null;
  totalPage: number;
  samplePageTotal: number;
  hasSample: boolean;
  hasCustomSample: boolean;
  imagedReflow: boolean;
  eroticType: number;
  startDatetime: number;
  salesStatus: SalesStatus;
  imageUrl: string;
}
