import type { BookCouponResponse } from '@hondana/domain/cart/cart-api';
import { queryOptions } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api/client';
import { CART_KEY } from './active-items-query';

export type BookCoupon = NonNullable<BookCouponResponse['coupon']>;

/**
 * `GET /api/cart/coupons/by_book?book_id=`: the member's coupon that lowers this book most when
 * bought in the cart, with the price the cart charges (null when none applies or the call fails).
 */
export const bookCouponQuery = (bookId: number) =>
  queryOptions({
    queryKey: [CART_KEY, 'book-coupon', bookId],
    queryFn: async (): Promise<BookCoupon | null> => {
      try {
        return (await apiGet<BookCouponResponse>('/cart/coupons/by_book', { book_id: bookId }, { allowUnauthorized: true })).coupon;
      } catch {
        return null;
      }
    },
  });
