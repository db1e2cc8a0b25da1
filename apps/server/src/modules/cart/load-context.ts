import type { GuestCouponOffer } from '@hondana/domain/cart/coupon-banner';
import { AppError, ErrorCode } from '@hondana/domain/common/errors';
import type { PreOrderBookBonus } from '@hondana/domain/orders/pre-orders';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { activeCartCount } from './cart.repository';
import { guestCouponOffer } from './coupon.service';
import { type VolumeBonus, bonusesByBook, volumeBonus } from './pre-order-bonus.service';

/** The header's cart count as a subquery (the pages' member statement, `web/member-answers.repository.ts`). */
export { activeCartCountQuery } from './cart.repository';

/** The pages' cart and coupons. */
export interface CartPageContext {
  /** The open guest coupon of the login-appeal banner (§3 Guest coupon, §5); null when none. */
  guestCouponOffer(): Promise<GuestCouponOffer | null>;
  /** What pre-ordering the volume now earns (§3 Pre-order bonus); null unless it is open for pre-order to this viewer. */
  preOrderBonus(bookId: number): Promise<PreOrderBookBonus | null>;
  /**
   * The running pre-order bonuses of a volume open for pre-order, read as the page read it (its id,
   * title and price in effect): the same for every viewer, from a kept list (the volume page is hot).
   */
  volumeBonus(book: { bookId: number; titleId: number; price: number }): Promise<VolumeBonus>;
  /** How many books the member's cart holds to buy now (0 for a guest): the header's count. */
  activeCount(): Promise<number>;
}

/** The cart section of the pages' context: coupons and pre-order bonuses, read in-process. */
export function cartContext(db: Kysely<Database>, at: number, includeAdult: boolean, userId: number | null = null): CartPageContext {
  return {
    activeCount: async () => (userId === null ? 0 : activeCartCount(db, userId)),
    guestCouponOffer: () => guestCouponOffer(db, at),
    volumeBonus: (book) => volumeBonus(db, book, at),
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
