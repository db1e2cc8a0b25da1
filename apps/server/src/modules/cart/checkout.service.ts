import type { CartOrderResponse, OrderV3Response } from '@hondana/domain/cart/cart-api';
import { type CartOrderBody, type CartPaymentType, isProviderMethod } from '@hondana/domain/cart/cart-checkout';
import { couponDiscount } from '@hondana/domain/cart/coupons';
import { AppError, ErrorCode } from '@hondana/domain/common/errors';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema';
import type { PaymentProvider } from '../../payments/payment-provider';
import { withRetry } from '../ledger/ledger';
import { type PurchaseRequest, purchase } from '../orders/purchase';
import { type StoredResponse, withOneTimeToken } from '../tokens/one-time-tokens';
import { rewardPurchase } from '../campaigns/purchase-rewards';
import { chooseCoupon, deleteCartBooks, useCoupon } from './cart.repository';
import { payCartByProvider } from './cart-payment.service';
import { type CartMember, loadCart } from './cart-view';

/** Token purpose of `GET /cart/create_token` (order v3 and the coupon calls). */
export const CART_TOKEN_PURPOSE = 'cart';

const refuse = (code: ErrorCode, message: string) => new AppError(403, code, [message]);
const sameIds = (a: readonly number[], b: readonly number[]) => a.length === b.length && [...a].sort().join() === [...b].sort().join();

/** How the member names the cart they saw: by its book ids (v3) or by its size (v2's item_size). */
type CartExpectation = { bookIds: readonly number[] } | { itemSize: number };

interface CheckoutInput {
  expect: CartExpectation;
  usePoint: number;
  /** Σ prices in effect the member was shown. */
  salePrice: number;
  paymentType: CartPaymentType;
  /** The provider's id of the card (creditcard). */
  cardId?: string | undefined;
  returnUrl?: string | undefined;
}

/**
 * `POST /cart/order/v3`: the cart's valid items as one order, once per token. Inside one
 * transaction: the cart is read again and compared with what the member saw (other books →
 * DIFF_CART_ITEMS_REQUEST, another total → DIFF_PRICE_REQUEST), then the wallet's `purchase`
 * (points, then coins, entitlements, earned points, order COMPLETE) runs with the coupon's
 * discount and the bundles' prices, the coupon is used (UNUSED → USED, conditionally) and the
 * bought items leave the cart. Any refusal rolls all of it back: nothing is charged. Card and
 * carrier payments go through the payment provider (`payCartByProvider`).
 */
export function orderV3(
  db: Kysely<Database>,
  provider: PaymentProvider,
  member: CartMember,
  input: CartOrderBody & { token: string },
  now: number,
): Promise<StoredResponse<CartOrderResponse>> {
  const { token, card: _refused, ...rest } = input;
  const request = { o: rest };
  const body: CheckoutInput = {
    expect: { bookIds: input.bookIds },
    usePoint: input.usePoint,
    salePrice: input.salePrice,
    paymentType: input.paymentType,
    cardId: input.cardId,
    returnUrl: input.returnUrl,
  };
  return orderCart(db, provider, member, token, request, body, now);
}

/** `POST /cart/order/v2` (§7, form fields): the same checkout as v3, the cart named by its size, coins only. */
export function orderV2(
  db: Kysely<Database>,
  provider: PaymentProvider,
  member: CartMember,
  input: { token: string; usePoint: number; salePrice: number; itemSize: number; paymentType: 'COIN' | 'MANGA_COIN' },
  now: number,
): Promise<StoredResponse<CartOrderResponse>> {
  const { token, ...rest } = input;
  const body: CheckoutInput = {
    expect: { itemSize: input.itemSize },
    usePoint: input.usePoint,
    salePrice: input.salePrice,
    paymentType: input.paymentType,
  };
  return orderCart(db, provider, member, token, { v2: rest }, body, now);
}

function orderCart(
  db: Kysely<Database>,
  provider: PaymentProvider,
  member: CartMember,
  token: string,
  request: unknown,
  body: CheckoutInput,
  now: number,
): Promise<StoredResponse<CartOrderResponse>> {
  return withRetry(() =>
    withOneTimeToken(db, { token, userId: member.userId, purpose: CART_TOKEN_PURPOSE, request, now }, (trx) =>
      checkout(trx, provider, member, body, now),
    ),
  );
}

async function checkout(
  trx: Transaction<Database>,
  provider: PaymentProvider,
  member: CartMember,
  input: CheckoutInput,
  now: number,
): Promise<{ body: CartOrderResponse }> {
  const state = await loadCart(trx, member, now);
  if (state.active.length === 0) throw refuse(ErrorCode.CART_EMPTY, 'the cart is empty');
  const bookIds = state.valid.map((l) => l.row.id);
  const same = 'bookIds' in input.expect ? sameIds(bookIds, input.expect.bookIds) : bookIds.length === input.expect.itemSize;
  if (!same) throw refuse(ErrorCode.DIFF_CART_ITEMS_REQUEST, 'bookIds: the cart has changed');
  const coupon = state.chosen;
  let discount = 0;
  const request: PurchaseRequest = {
    userId: member.userId,
    adultChecked: member.adultChecked,
    bookIds,
    currency: input.paymentType === 'MANGA_COIN' ? 'MANGA_COIN' : 'COIN',
    usePoint: input.usePoint,
    buyFree: false,
    expectedPrice: input.salePrice,
    // A bundle's books at their share of the bundle price.
    prices: new Map(state.valid.filter((l) => l.row.bundle_id !== null).map((l) => [l.row.id, l.view.price])),
    // Read with the cart, in this transaction.
    campaigns: state.campaigns,
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
  };
  if (isProviderMethod(input.paymentType)) {
    return payCartByProvider(trx, provider, {
      request,
      couponId: coupon?.id ?? null,
      method: input.paymentType,
      cardId: input.cardId,
      returnUrl: input.returnUrl ?? '/cart',
    });
  }
  const bought = await purchase(trx, request);
  return completeCoinOrder(
    trx,
    { userId: member.userId, bookIds, couponId: coupon?.id ?? null, discount, clearChosenCoupon: coupon !== null, now },
    bought,
  );
}

/**
 * What a coin order of the cart's books does after the wallet's `purchase`, in its transaction:
 * the coupon is used (UNUSED → USED, conditionally), the bought books leave the cart, the cart's
 * chosen coupon is cleared when asked, the order earns its lottery tickets; the §7 answer.
 * Shared by the cart's checkout and the bulk buy (`bulk-order.service.ts`).
 */
export async function completeCoinOrder(
  trx: Transaction<Database>,
  order: { userId: number; bookIds: number[]; couponId: number | null; discount: number; clearChosenCoupon: boolean; now: number },
  { orderId, quote, facts }: Awaited<ReturnType<typeof purchase>>,
): Promise<{ body: OrderV3Response }> {
  const { userId, bookIds, couponId, now } = order;
  if (couponId !== null && !(await useCoupon(trx, userId, couponId, orderId, now)))
    throw refuse(ErrorCode.COUPON_INVALID, 'coupon: already used');
  await deleteCartBooks(trx, userId, bookIds);
  if (order.clearChosenCoupon) await chooseCoupon(trx, userId, null);
  const userLotteryTickets = await rewardPurchase(trx, { userId, orderId, totalPrice: quote.totalPrice, now, facts });
  return {
    body: {
      status: { code: 0 },
      results: {
        orderId,
        bookIds,
        totalPrice: quote.totalPrice,
        discount: order.discount,
        usePoint: quote.usePoint,
        payPrice: quote.payPrice,
        pointCampaign: quote.pointCampaign,
        userLotteryTickets,
      },
    },
  };
}
