import { guestCouponBanner } from '@hondana/domain/cart/coupon-banner';
import type { GuestCartBook, GuestCartBooks } from '@hondana/domain/orders/orders-api';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { guestCouponOffer } from './coupon.service';

/** What the guest cart shows of a book, and what the guest coupon's targeting reads. */
type GuestCartBookFacts = Omit<GuestCartBook, 'couponLabel' | 'couponPrice'> & { publisherId: number | null; categoryId: number | null };

/**
 * The visible books of `bookIds` in the order asked (R18 only with `includeAdult`), priced at
 * `now`: the catalog's book details, handed to the cart's routes by `app.ts`.
 */
export type GuestBookDetails = (
  db: Kysely<Database>,
  q: { bookIds: readonly number[]; includeAdult: boolean; now: number },
) => Promise<GuestCartBookFacts[]>;

/**
 * `GET /guest/cart_books` (§7 "Guest", §5 guest cart): the books of the cart a guest keeps in
 * the browser — at most 100 ids, duplicates ignored (the query schema) — in the order given,
 * with the price in effect and, for each book the guest coupon targets, its §5 label and the
 * coupon price. Unknown or hidden books (R18 without the adult check, §6) are left out.
 */
export async function guestCartBooks(
  db: Kysely<Database>,
  bookDetails: GuestBookDetails,
  q: { bookIds: readonly number[]; includeAdult: boolean; now: number },
): Promise<GuestCartBooks> {
  const [found, offer] = await Promise.all([bookDetails(db, q), guestCouponOffer(db, q.now)]);
  const byId = new Map(found.map((book) => [book.bookId, book]));
  let coupon: GuestCartBooks['coupon'] = null;
  const items = q.bookIds.flatMap((id): GuestCartBook[] => {
    const book = byId.get(id);
    if (!book) return [];
    const banner =
      offer &&
      guestCouponBanner(
        offer,
        { bookId: book.bookId, titleId: book.titleId, publisherId: book.publisherId, genreId: book.categoryId, price: book.price },
        q.now,
      );
    if (banner && !coupon) coupon = { name: banner.name, label: banner.label, limit: banner.limit, remaining: banner.remaining };
    return [
      {
        bookId: book.bookId,
        titleId: book.titleId,
        titleName: book.titleName,
        vol: book.vol,
        imageUrl: book.imageUrl,
        price: book.price,
        beforePrice: book.beforePrice,
        salesStatus: book.salesStatus,
        couponLabel: banner ? banner.label : null,
        couponPrice: banner ? banner.couponPrice : null,
      },
    ];
  });
  return { totalCount: items.length, totalPrice: items.reduce((s, b) => s + b.price, 0), coupon, items };
}
