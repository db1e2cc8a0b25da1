import { type GuestCouponBannerView, type GuestCouponOffer, guestCouponBanner } from '@hondana/domain/cart/coupon-banner';
import type { BookDetail } from '@hondana/domain/catalog/books-api';

export type BookCouponBanner = GuestCouponBannerView;

/**
 * The guest coupon banner of a book page (§2, §5; priority of §4), computed by the loader so the
 * page gets finished HTML and no extra script: only for a guest, when a coupon is open, its label
 * shows and the book is one of its targets. Dismissals live in the browser (§9), which hides a
 * banner closed less than 24 hours ago.
 */
export function bookCouponBanner(offer: GuestCouponOffer | null, book: BookDetail | null, now: number): BookCouponBanner | null {
  if (!offer || !book || book.free) return null;
  return guestCouponBanner(
    offer,
    { bookId: book.bookId, titleId: book.titleId, publisherId: book.publisherId, genreId: book.categoryId, price: book.price },
    now,
  );
}
