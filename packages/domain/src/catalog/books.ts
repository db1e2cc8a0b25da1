/**
 * The pure rules the book calls share (§3 Book detail, Book v3; §5; §7 "Books", "Guest"):
 * sales status at an instant, the discount in effect, the struck previous price (§5), basic
 * points, next volume and title totals. The request and response schemas are in `books-api.ts`.
 */
import { type Discount, SalesStatusFilter, VolumeSort } from './books-api';
import { priceChanged } from './book-tile';
import { type BookPricing, type PriceAt, SalesStatus, priceAt } from './catalog';

/** What the sales status of a book depends on. */
interface SalesWindow {
  /** As stored: ON_SALE, IN_RESERVATION or STOPPED. */
  salesStatus: string;
  startDatetime: number;
  /** End of distribution; null for none. */
  endDatetime: number | null;
}

/**
 * The sales status at `now`: a stopped book or one past its end of distribution is STOPPED;
 * one whose release is still ahead is IN_RESERVATION (a pre-order); else ON_SALE. The stored
 * status only says "stopped": a reservation goes on sale by itself when its start passes.
 */
export function salesStatusAt(book: SalesWindow, now: number): SalesStatus {
  if (book.salesStatus === SalesStatus.STOPPED) return SalesStatus.STOPPED;
  if (book.endDatetime !== null && book.endDatetime <= now) return SalesStatus.STOPPED;
  return book.startDatetime > now ? SalesStatus.IN_RESERVATION : SalesStatus.ON_SALE;
}

export const matchesSalesStatus = (filter: SalesStatusFilter, status: SalesStatus): boolean =>
  filter === SalesStatusFilter.ALL || filter === status;

/** Salable: can be bought now or pre-ordered. */
export const isSalable = (status: SalesStatus): boolean => status !== SalesStatus.STOPPED;

/**
 * Buyable now through the buy flows and the cart: on sale. A volume not released yet
 * (IN_RESERVATION) is salable only as a pre-order, which has its own path (`/pre_order`, with
 * its bonus and its cancel): one way to reserve, one RESERVED state.
 */
export const isBuyableNow = (status: SalesStatus): boolean => status === SalesStatus.ON_SALE;

/**
 * §5: a price counts as changed (the previous price is shown struck through) only when
 * `beforePrice` is an integer different from `price`; otherwise there is no previous price.
 */
export function shownBeforePrice(price: number, beforePrice: unknown): number | null {
  return priceChanged(price, beforePrice) ? beforePrice : null;
}

/** The price in effect with §5 applied to its previous price. */
export function priceInEffect(book: BookPricing, now: number): PriceAt {
  const at = priceAt(book, now);
  return { ...at, beforePrice: shownBeforePrice(at.price, at.beforePrice) };
}

/** The discount in effect at `now`, or null when the book costs its regular price. */
export function discountAt(book: BookPricing, now: number): Discount | null {
  const at = priceInEffect(book, now);
  if (at.free && book.price > 0) {
    return { salePrice: 0, startDatetime: book.freeStartDatetime, endDatetime: book.freeEndDatetime, type: 'FREE' };
  }
  if (at.limitedSale) {
    return { salePrice: at.price, startDatetime: book.saleStartDatetime, endDatetime: book.saleEndDatetime, type: 'SALE' };
  }
  return null;
}

/** Basic points earned on a purchase: 1% of the price paid, rounded down (no campaign). */
const BASIC_POINT_PERCENT = 1;
export const basicPoint = (price: number): number => Math.floor((Math.max(0, price) * BASIC_POINT_PERCENT) / 100);

/** A volume as the next-volume and totals rules see it. */
export interface VolumeRef {
  id: number;
  vol: number;
}

/** The volume after `current` in its title: the smallest greater `vol`, or null on the last one. */
export function nextVolume<T extends VolumeRef>(volumes: readonly T[], current: number): T | null {
  let next: T | null = null;
  for (const v of volumes) if (v.vol > current && (next === null || v.vol < next.vol)) next = v;
  return next;
}

/** Volumes ordered by `vol`, ascending or descending. */
export function sortVolumes<T extends VolumeRef>(volumes: readonly T[], sort: VolumeSort): T[] {
  const sign = sort === VolumeSort.VOL_DESC ? -1 : 1;
  return [...volumes].sort((a, b) => sign * (a.vol - b.vol || a.id - b.id));
}

/**
 * The price a guest pays for a title's volumes (`/guest/titles/total_price`): the sum of the
 * prices in effect of its volumes on sale now, first volumes first, at most `limit` of them.
 */
export function titleTotalPrice(
  volumes: readonly (VolumeRef & BookPricing & SalesWindow)[],
  now: number,
  limit?: number,
): { totalPrice: number; bookCount: number } {
  const onSale = sortVolumes(
    volumes.filter((v) => salesStatusAt(v, now) === SalesStatus.ON_SALE),
    VolumeSort.VOL_ASC,
  ).slice(0, limit ?? volumes.length);
  return {
    totalPrice: onSale.reduce((sum, v) => sum + priceAt(v, now).price, 0),
    bookCount: onSale.length,
  };
}
