import { AppError, ErrorCode } from '@hondana/domain/common/errors';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { StoreLoadContext } from '../../web/load-context';
import { activeCartCount } from './cart.repository';
import { guestCouponOffer } from './coupon.service';
import { bonusesByBook } from './pre-order-bonus.service';

/** The header's cart count as a subquery (the pages' member statement, `web/member-answers.repository.ts`). */
export { activeCartCountQuery } from './cart.repository';

/** The cart section of the pages' context: coupons and pre-order bonuses, read in-process. */
export function cartContext(db: Kysely<Database>, at: number, includeAdult: boolean, userId: number | null = null): StoreLoadContext['cart'] {
  return {
    activeCount: async () => (userId === null ? 0 : activeCartCount(db, userId)),
    guestCouponOffer: () => guestCouponOffer(db, at),
    async preOrderBonus(bookId) {
      try {
        return await bonusesByBook(db, bookId, includeAdult, at);
      } catch (error) {
        if (error instanceof AppError && error.errorCode === ErrorCode.INVALID_BOOK_ID) return null;
        throw error;
      }
    },
  };
}
