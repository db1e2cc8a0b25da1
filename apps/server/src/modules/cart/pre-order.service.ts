import { salesStatusAt } from '@hondana/domain/catalog/books';
import type { PreOrderResponse, PreOrderStatus } from '@hondana/domain/cart/cart-api';
import { SalesStatus } from '@hondana/domain/catalog/catalog';
import { AppError, ErrorCode, notFound } from '@hondana/domain/common/errors';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { withRetry } from '../ledger/ledger';
import { cancelBookOrder } from '../orders/cancel-order.service';
import { entitledBookIds } from '../orders/entitlements';
import { booksForPurchase } from '../orders/order-rows';
import { purchase } from '../orders/purchase';
import { type StoredResponse, withOneTimeToken } from '../tokens/one-time-tokens';
import { memberPreOrderRow } from './cart.repository';
import type { CartMember } from './cart-view';
import { cancelPreOrderBonuses, orderBonusPoint, recordPreOrderBonuses } from './pre-order-bonus.service';

/** Token purpose of `GET /pre_order/create_token`. */
export const PRE_ORDER_TOKEN_PURPOSE = 'pre_order';

const refuse = (code: ErrorCode, message: string) => new AppError(403, code, [message]);

/**
 * `POST /pre_order/manga_coin/order/book`: a volume not yet released, paid with manga coins at
 * the price the member saw. The entitlement is RESERVED and turns OWNED by itself when the
 * release instant passes (no delivery job); its pre-order bonuses are fixed now and granted at
 * the release (`pre-order-bonus.service.ts`). Refusals of §8: INVALID_BOOK_ID (unknown or already
 * released), ALREADY_RESERVED, NOT_ENOUGH_MANGA_COIN, DIFF_PRICE_REQUEST — nothing is charged.
 */
export function preOrderBook(
  db: Kysely<Database>,
  member: CartMember,
  input: { token: string; bookId: number; price: number },
  now: number,
): Promise<StoredResponse<PreOrderResponse>> {
  return withRetry(() =>
    withOneTimeToken(
      db,
      { token: input.token, userId: member.userId, purpose: PRE_ORDER_TOKEN_PURPOSE, request: { b: input.bookId, p: input.price }, now },
      async (trx) => {
        const [row] = await booksForPurchase(trx, [input.bookId]);
        const window = row && { salesStatus: row.sales_status, startDatetime: row.start_datetime, endDatetime: row.end_datetime };
        if (!row || salesStatusAt(window!, now) !== SalesStatus.IN_RESERVATION)
          throw new AppError(400, ErrorCode.INVALID_BOOK_ID, ['bookId: not open for pre-order']);
        if ((await entitledBookIds(trx, member.userId, [input.bookId])).size > 0)
          throw refuse(ErrorCode.ALREADY_RESERVED, 'already reserved');
        try {
          const { orderId, quote } = await purchase(trx, {
            ...member,
            bookIds: [input.bookId],
            currency: 'MANGA_COIN',
            usePoint: 0,
            buyFree: false,
            preOrder: true,
            expectedPrice: input.price,
            now,
          });
          const bonuses = await recordPreOrderBonuses(trx, { userId: member.userId, orderId, book: row, price: quote.totalPrice, now });
          const body: PreOrderResponse = {
            preOrderId: orderId,
            bookId: input.bookId,
            orderStatus: 'ACCEPTED',
            price: quote.totalPrice,
            point: quote.pointCampaign.totalPoint,
            releaseDatetime: row.start_datetime,
            bonusPoint: bonuses.reduce((sum, b) => sum + b.point, 0),
          };
          return { body };
        } catch (error) {
          if (error instanceof AppError && error.errorCode === ErrorCode.CART_NOT_ENOUGH_MANGA_COIN)
            throw refuse(ErrorCode.NOT_ENOUGH_MANGA_COIN, 'not enough manga coins');
          if (error instanceof AppError && error.errorCode === ErrorCode.ALREADY_BUY)
            throw refuse(ErrorCode.ALREADY_RESERVED, 'already reserved');
          throw error;
        }
      },
    ),
  );
}

/** `GET /pre_order/order_status/{id}`: the member's own pre-order only (another's is 404). */
export async function preOrderStatus(db: Kysely<Database>, userId: number, orderId: number, now: number): Promise<PreOrderResponse> {
  const row = await memberPreOrderRow(db, userId, orderId);
  if (!row) throw notFound('pre-order');
  const orderStatus: PreOrderStatus = row.status === 'CANCEL' ? 'CANCELED' : row.start_datetime <= now ? 'COMPLETED' : 'ACCEPTED';
  return {
    preOrderId: row.id,
    bookId: row.book_id,
    orderStatus,
    price: row.price,
    point: row.point,
    releaseDatetime: row.start_datetime,
    bonusPoint: await orderBonusPoint(db, row.id),
  };
}

/** Cancels a pre-order before the release: coins back to their lots, points taken back, entitlement removed. */
export async function cancelPreOrder(db: Kysely<Database>, userId: number, orderId: number, now: number): Promise<PreOrderResponse> {
  const status = await preOrderStatus(db, userId, orderId, now);
  if (status.orderStatus !== 'ACCEPTED')
    throw new AppError(400, ErrorCode.BAD_REQUEST, [`id: a ${status.orderStatus} pre-order cannot be cancelled`]);
  await cancelBookOrder(db, orderId, 'pre-order cancelled by the member', now);
  // Were this step lost, the settlement would still cancel them (the order is CANCEL).
  await cancelPreOrderBonuses(db, orderId);
  return preOrderStatus(db, userId, orderId, now);
}
