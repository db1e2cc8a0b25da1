import type { OrderV3Body, OrderV3Response } from '@hondana/domain/cart';
import { couponDiscount } from '@hondana/domain/coupons';
import { AppError, ErrorCode } from '@hondana/domain/errors';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema';
import { withRetry } from '../orders/buy.service';
import { purchase } from '../orders/purchase';
import { type StoredResponse, withOneTimeToken } from '../tokens/one-time-tokens';
import { chooseCoupon, useCoupon } from './cart.repository';
import { type CartMember, loadCart } from './cart-view';

/** Token purpose of `GET /cart/create_token` (order v3 and the coupon calls). */
export const CART_TOKEN_PURPOSE = 'cart';

const refuse = (code: ErrorCode, message: string) => new AppError(403, code, [message]);
const sameIds = (a: readonly number[], b: readonly number[]) => a.length === b.length && [...a].sort().join() === [...b].sort().join();

/**
 * `POST /cart/order/v3`: the cart's valid items as one order, once per token. Inside one
 * transaction: the cart is read again and compared with what the member saw (other books →
 * DIFF_CART_ITEMS_REQUEST, another total → DIFF_PRICE_REQUEST), then the wallet's `purchase`
 * (points, then coins, entitlements, earned points, order COMPLETE) runs with the coupon's
 * discount, the coupon is used (UNUSED → USED, conditionally) and the bought items leave the
 * cart. Any refusal rolls all of it back: nothing is charged.
 */
export function orderV3(db: Kysely<Database>, member: CartMember, input: OrderV3Body & { token: string }, now: number): Promise<StoredResponse<OrderV3Response>> {
  const { token, ...request } = input;
  return withRetry(() =>
    withOneTimeToken(db, { token, userId: member.userId, purpose: CART_TOKEN_PURPOSE, request: { o: request }, now }, (trx) =>
      checkout(trx, member, request, now),
    ),
  );
}

async function checkout(trx: Transaction<Database>, member: CartMember, body: OrderV3Body, now: number): Promise<{ body: OrderV3Response }> {
  const state = await loadCart(trx, member, now);
  if (state.active.length === 0) throw refuse(ErrorCode.CART_EMPTY, 'the cart is empty');
  const bookIds = state.valid.map((l) => l.row.id);
  if (!sameIds(bookIds, body.bookIds)) throw refuse(ErrorCode.DIFF_CART_ITEMS_REQUEST, 'bookIds: the cart has changed');
  const coupon = state.chosen;
  let discount = 0;
  const { orderId, quote } = await purchase(trx, {
    userId: member.userId,
    adultChecked: member.adultChecked,
    bookIds,
    currency: body.paymentType,
    usePoint: body.usePoint,
    buyFree: false,
    expectedPrice: body.salePrice,
    discountFor: (books) => {
      if (!coupon) return 0;
      const byId = new Map(books.map((b) => [b.row.id, b.price]));
      const lines = state.valid.map((l) => ({ ...l.coupon, price: byId.get(l.row.id) ?? l.coupon.price }));
      const result = couponDiscount(coupon, lines, now);
      if (!result.ok) throw refuse(ErrorCode.COUPON_INVALID, `coupon: ${result.refusal}`);
      discount = result.discount;
      return discount;
    },
    now,
  });
  if (coupon && !(await useCoupon(trx, member.userId, coupon.id, orderId, now))) throw refuse(ErrorCode.COUPON_INVALID, 'coupon: already used');
  await trx.deleteFrom('cart_items').where('user_id', '=', member.userId).where('book_id', 'in', bookIds).execute();
  if (coupon) await chooseCoupon(trx, member.userId, null);
  return {
    body: {
      status: { code: 0 },
      results: {
        orderId,
        bookIds,
        totalPrice: quote.totalPrice,
        discount,
        usePoint: quote.usePoint,
        payPrice: quote.payPrice,
        pointCampaign: quote.pointCampaign,
      },
    },
  };
}
