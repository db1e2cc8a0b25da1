import type { CartOrderResponse, CartOrderStatus } from '@hondana/domain/cart/cart-api';
import { AppError, ErrorCode, badRequest, notFound } from '@hondana/domain/common/errors';
import type { OrderStatus, PointLine } from '@hondana/domain/orders/orders';
import { type CoinPaymentMethod, paymentTypeOfMethod } from '@hondana/domain/wallet/wallet-payments';
import { ledgerLine } from '@hondana/domain/wallet/ledger-lines';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema';
import type { PaymentDecisionHandler, PaymentProvider } from '../../payments/payment-provider';
import { isStripeProvider } from '../../payments/stripe-provider';
import { entitledBookIds } from '../orders/entitlements';
import { booksForPurchase, insertOrder, transitionOrder } from '../orders/order-rows';
import {
  type PricedBook,
  type PurchaseRequest,
  deliver,
  grantEarnedPoints,
  ledgerBooks,
  mailReceipt,
  priceBooks,
} from '../orders/purchase';
import { refundOrderSpends, spend } from '../ledger/ledger';
import { rewardPurchase, ticketsOfOrder } from '../campaigns/purchase-rewards';
import * as payments from './cart-payments.repository';
import { useCoupon } from './cart.repository';

type Trx = Transaction<Database>;
const refuse = (code: ErrorCode, message: string) => new AppError(403, code, [message]);

interface ProviderCheckout {
  /** The purchase as the coin checkout would make it (prices agreed for bundle books, the coupon's discount). */
  request: PurchaseRequest;
  couponId: number | null;
  method: CoinPaymentMethod;
  /** The provider's id of the card (creditcard). */
  cardId: string | undefined;
  returnUrl: string;
}

/**
 * A cart paid by card or carrier, inside the checkout's transaction. The order is written
 * INCOMPLETE with what it will deliver (cart_payments), the points are spent and the coupon is
 * held by the order; then the provider decides (nothing to pay: the order completes at once, with
 * no card and no provider, PAYMENT_PROVIDER=stripe included). A declined card rolls everything back (nothing
 * charged, the cart as it was, CART_PAYMENT_FAILED with the provider's code), as does a carrier
 * refusing to reserve the payment (CART_PAYMENT_RESERVE_ERROR). A card captured
 * at once completes the order now; a carrier leaves it PROCESSING until the member decides on
 * the provider's page (`cartPaymentDecision`). The cart keeps its items until the completion.
 */
export async function payCartByProvider(
  trx: Trx,
  provider: PaymentProvider,
  input: ProviderCheckout,
): Promise<{ body: CartOrderResponse }> {
  const { request: req, method } = input;
  if (provider.underMaintenance(method)) throw new AppError(400, ErrorCode.MAINTENANCE, ['paymentType: under maintenance']);
  const priced = await priceBooks(trx, req);
  const discount = Math.min(Math.max(req.discountFor?.(priced.books) ?? 0, 0), priced.totalPrice);
  if (req.usePoint > priced.totalPrice - discount) throw refuse(ErrorCode.CART_NOT_USE_POINT_OVER_PRICE, 'use_point: more than the price');
  const payPrice = priced.totalPrice - discount - req.usePoint;
  // Nothing to pay (the coupon and points cover it): no card is asked for, nor charged (Stripe refuses 0 yen).
  if (payPrice > 0 && method === 'creditcard' && !input.cardId) throw badRequest('cardId', 'is required');
  const orderId = await insertOrder(trx, {
    user_id: req.userId,
    kind: 'BOOK',
    status: 'INCOMPLETE',
    payment_type: payPrice > 0 ? paymentTypeOfMethod[method] : req.usePoint > 0 ? 'POINT' : 'FREE',
    total_price: payPrice,
    use_point: req.usePoint,
    point: priced.pointCampaign.totalPoint,
    is_first_paying: priced.isFirstPaying ? 1 : 0,
    created_at: req.now,
    updated_at: req.now,
  });
  if (
    (await spend(trx, {
      userId: req.userId,
      currency: 'POINT',
      amount: req.usePoint,
      orderId,
      reason: ledgerLine.bookPurchase(ledgerBooks(priced.books)),
      now: req.now,
    })) === null
  ) {
    throw refuse(ErrorCode.CART_NOT_ENOUGH_POINT, 'not enough points');
  }
  if (input.couponId !== null && !(await useCoupon(trx, req.userId, input.couponId, orderId, req.now))) {
    throw refuse(ErrorCode.COUPON_INVALID, 'coupon: already used');
  }
  await payments.insertCartPayment(trx, {
    order_id: orderId,
    user_id: req.userId,
    books: JSON.stringify(priced.books.map((b) => ({ bookId: b.row.id, price: b.price, points: b.points }))),
    point_lines: JSON.stringify(priced.pointCampaign.list),
    coupon_id: input.couponId,
    created_at: req.now,
  });
  const bookIds = priced.books.map((b) => b.row.id);
  const done = {
    status: { code: 0 as const },
    results: {
      orderId,
      bookIds,
      totalPrice: priced.totalPrice,
      discount,
      usePoint: req.usePoint,
      payPrice,
      pointCampaign: priced.pointCampaign,
    },
  };
  if (payPrice === 0) {
    await transitionOrder(trx, orderId, 'INCOMPLETE', 'PROCESSING', req.now);
    await completeCartPayment(trx, orderId, req.now);
    return { body: await withTickets(trx, done) };
  }
  // Stripe (issue 39): the order waits PROCESSING; the card is charged after this transaction (stripe-cart-payments.ts).
  if (isStripeProvider(provider) && method === 'creditcard') {
    await transitionOrder(trx, orderId, 'INCOMPLETE', 'PROCESSING', req.now);
    return {
      body: { status: { code: 0 }, results: { orderId, orderStatus: 'PROCESSING', confirmUrl: input.returnUrl, bookIds, payPrice } },
    };
  }
  const outcome = await provider.start(trx, {
    orderId,
    userId: req.userId,
    method,
    amountYen: payPrice,
    cardId: input.cardId,
    returnUrl: input.returnUrl,
    now: new Date(req.now),
  });
  // §8: a declined card is CART_PAYMENT_FAILED; a carrier that refuses to reserve the payment
  // (before the member ever sees its page) is CART_PAYMENT_RESERVE_ERROR. Either rolls back.
  if (outcome.kind === 'FAILED') {
    const code = method === 'creditcard' ? ErrorCode.CART_PAYMENT_FAILED : ErrorCode.CART_PAYMENT_RESERVE_ERROR;
    throw new AppError(400, code, [`${outcome.errorCode}: ${outcome.message}`]);
  }
  if (outcome.kind === 'REDIRECT') {
    await transitionOrder(trx, orderId, 'INCOMPLETE', 'PROCESSING', req.now, { provider_ref: outcome.providerRef });
    return {
      body: { status: { code: 0 }, results: { orderId, orderStatus: 'PROCESSING', confirmUrl: outcome.confirmUrl, bookIds, payPrice } },
    };
  }
  await transitionOrder(trx, orderId, 'INCOMPLETE', 'PROCESSING', req.now, {
    provider_ref: outcome.providerRef,
    card_brand: outcome.cardBrand,
    card_last4: outcome.cardLast4,
  });
  await completeCartPayment(trx, orderId, req.now);
  return { body: await withTickets(trx, done) };
}

/** A payment completed at once: the order result names the lottery tickets it earned. */
async function withTickets<B extends { results: { orderId: number } }>(trx: Trx, body: B) {
  return { ...body, results: { ...body.results, userLotteryTickets: await ticketsOfOrder(trx, body.results.orderId) } };
}

interface StoredBook {
  bookId: number;
  price: number;
  points: PointLine[];
}

/**
 * PROCESSING → COMPLETE once: the books (entitlements and order lines at the agreed prices),
 * the earned points, and the bought books leave the cart. A second completion (a replayed or
 * concurrent approval) finds the order no longer PROCESSING and does nothing. A book the member
 * got meanwhile another way makes the order GRANT_ERROR, with its points and coupon given back.
 */
export async function completeCartPayment(trx: Trx, orderId: number, now: number): Promise<boolean> {
  const pay = await payments.findCartPayment(trx, orderId);
  if (!pay) return false;
  const stored = JSON.parse(pay.books) as StoredBook[];
  const bookIds = stored.map((b) => b.bookId);
  if ((await entitledBookIds(trx, pay.user_id, bookIds)).size > 0) {
    await endCartPayment(trx, orderId, 'GRANT_ERROR', 'ALREADY_BUY', now);
    return false;
  }
  if (!(await transitionOrder(trx, orderId, 'PROCESSING', 'COMPLETE', now))) return false;
  const rows = new Map((await booksForPurchase(trx, bookIds)).map((r) => [r.id, r]));
  const books: PricedBook[] = stored.map((b) => ({ row: rows.get(b.bookId)!, price: b.price, free: b.price === 0, points: b.points }));
  const req: PurchaseRequest = { userId: pay.user_id, adultChecked: true, bookIds, currency: 'COIN', usePoint: 0, buyFree: false, now };
  await deliver(trx, req, orderId, books, 'PURCHASE');
  await grantEarnedPoints(trx, req, orderId, JSON.parse(pay.point_lines) as PointLine[], books);
  const totalPrice = stored.reduce((sum, b) => sum + b.price, 0);
  await rewardPurchase(trx, { userId: pay.user_id, orderId, totalPrice, now });
  await payments.removeBoughtFromCart(trx, pay.user_id, bookIds, pay.coupon_id);
  const order = await payments.memberCartOrder(trx, pay.user_id, orderId);
  if (order && order.payment_type !== 'FREE') {
    const paid = { payPrice: order.total_price, usePoint: order.use_point, paymentType: order.payment_type };
    await mailReceipt(trx, {
      userId: pay.user_id,
      orderId,
      at: now,
      books,
      totalPrice,
      discount: Math.max(0, totalPrice - paid.usePoint - paid.payPrice),
      ...paid,
    });
  }
  return true;
}

/** PROCESSING → CANCEL / PAYMENT_ERROR / GRANT_ERROR / PURCHASE_RESULT_ERROR once: the points spent and the coupon held go back; nothing was delivered. */
export async function endCartPayment(trx: Trx, orderId: number, to: OrderStatus, failureCode: string, now: number): Promise<boolean> {
  if (!(await transitionOrder(trx, orderId, 'PROCESSING', to, now, { failure_code: failureCode }))) return false;
  await refundOrderSpends(trx, orderId, ledgerLine.refund(orderId), now);
  await payments.releaseOrderCoupons(trx, orderId);
  return true;
}

/** The provider's report of the member's decision on a cart payment (approved once, or cancelled / expired). */
export const cartPaymentDecision: PaymentDecisionHandler = async (trx, { orderId, approved, expired, resultError, now }) => {
  if (approved) await completeCartPayment(trx, orderId, now);
  else if (resultError) await endCartPayment(trx, orderId, 'PURCHASE_RESULT_ERROR', 'PURCHASE_RESULT_ERROR', now);
  else await endCartPayment(trx, orderId, expired ? 'PAYMENT_ERROR' : 'CANCEL', expired ? 'PAYMENT_EXPIRED' : 'CANCELLED_BY_USER', now);
};

/** `GET /cart/order/{order_id}`: what became of one of the member's cart orders (after the provider's page). */
export async function cartOrderStatus(db: Kysely<Database>, userId: number, orderId: number): Promise<CartOrderStatus> {
  const order = await payments.memberCartOrder(db, userId, orderId);
  if (!order) throw notFound('order');
  const [items, pay] = await Promise.all([payments.orderItemBookIds(db, orderId), payments.findCartPayment(db, orderId)]);
  const bookIds = items.length > 0 ? items : pay ? (JSON.parse(pay.books) as StoredBook[]).map((b) => b.bookId) : [];
  return {
    orderId,
    status: order.status as OrderStatus,
    paymentType: order.payment_type,
    bookIds,
    payPrice: order.total_price,
    failureCode: order.failure_code,
  };
}
