/**
 * Cart contract and rules (§3 Cart, Cart item, Order preview; §5 cart; §7 "Cart").
 * Paths under `/api`, member calls 401 without a session:
 *
 *   POST   /cart/book          book_id                 → CartChangeResponse  (cartType BOOK)
 *   POST   /cart/books         book_ids (≤ 100)        → CartChangeResponse  (guest cart merge: duplicates ignored)
 *   POST   /cart/bulk          title_id                → CartChangeResponse  (the title's salable volumes not owned)
 *   POST   /cart/items/invalid cart_ids                → CartChangeResponse  (to buy later)
 *   POST   /cart/items/valid   cart_ids                → CartChangeResponse  (back to the cart)
 *   DELETE /cart/items         cart_ids                → CartChangeResponse
 *   POST   /cart/items/refresh                         → { result: CartView }
 *   GET    /cart/me/active_items?use_point=&all_use_point=  → CartView (the order preview)
 *   GET    /cart/me/later_items                        → LaterItemsResponse
 *   GET    /cart/coupons                               → { totalCount, list }
 *   GET    /cart/create_token                          → { status: { code: 0, token } }
 *   POST   /cart/coupon?token=  { couponId }           → CartView   (COUPON_NOT_EXISTS 404, COUPON_INVALID 403)
 *   DELETE /cart/coupon?token=                         → CartView
 *   POST   /cart/order/v3?token=  OrderV3Body          → OrderV3Response
 *
 * The cart holds at most CART_LIMIT items (active and buy-later together); one more is refused
 * 403 CART_LIST_LIMIT_EXCEEDED. Order v3 compares the cart with what the member saw: other
 * books → DIFF_CART_ITEMS_REQUEST, another total → DIFF_PRICE_REQUEST (nothing charged).
 */
import { z } from 'zod';
import { rowId } from '../common/ids';
import { GUEST_CART_LIMIT } from './guest-cart';
import type { PointCampaignSummary } from '../orders/orders-api';

/** The spec leaves the size open (§9 "not shown"): 200 items, twice the guest cart's 100 ids. */
export const CART_LIMIT = 200;
export const CartType = { BOOK: 'BOOK', BUNDLE: 'BUNDLE', BULK: 'BULK' } as const;
export type CartType = (typeof CartType)[keyof typeof CartType];

export const CartItemLevel = { ERROR: 'ERROR', WARNING: 'WARNING', NONE: 'NONE' } as const;
export type CartItemLevel = (typeof CartItemLevel)[keyof typeof CartItemLevel];

/** §5 cart status values. */
export const CartStatus = {
  NORMAL: 'NORMAL',
  ALREADY: 'ALREADY',
  INVALID: 'INVALID',
  UNDER_18: 'UNDER_18',
  CART_LIST_LIMIT_EXCEEDED: 'CART_LIST_LIMIT_EXCEEDED',
  BUNDLE_INVALID: 'BUNDLE_INVALID',
  BUY_FREE: 'BUY_FREE',
  NOT_ENOUGH_POINT: 'NOT_ENOUGH_POINT',
  NOT_ENOUGH_COIN: 'NOT_ENOUGH_COIN',
  CART_LIMIT_EXCEEDED: 'CART_LIMIT_EXCEEDED',
  COIN_LIMIT_EXCEEDED: 'COIN_LIMIT_EXCEEDED',
  CART_EMPTY: 'CART_EMPTY',
  PAYMENT_RESERVE_ERROR: 'PAYMENT_RESERVE_ERROR',
  FIRMORDER_ERROR: 'FIRMORDER_ERROR',
  ALREADY_BUY: 'ALREADY_BUY',
  NOT_CHOOSE: 'NOT_CHOOSE',
  ADULT_CHECK_REQUIRED: 'ADULT_CHECK_REQUIRED',
} as const;
export type CartStatus = (typeof CartStatus)[keyof typeof CartStatus];

/** §5 cart error types of an item. */
export const CartItemError = {
  ALREADY_BOUGHT: 'ALREADY_BOUGHT',
  CHANGED_PRICE: 'CHANGED_PRICE',
  INVALID_ITEM: 'INVALID_ITEM',
  ADULT_CHECK_REQUIRED: 'ADULT_CHECK_REQUIRED',
  DUPLICATE: 'DUPLICATE',
} as const;
export type CartItemError = (typeof CartItemError)[keyof typeof CartItemError];

/** What an item's validity depends on. */
export interface CartItemFacts {
  owned: boolean;
  salable: boolean;
  adultOnly: boolean;
  adultChecked: boolean;
  /** Price when added and price in effect now. */
  priceWhenAdded: number;
  price: number;
}

export interface ItemCheck {
  validFlg: boolean;
  level: CartItemLevel;
  errors: CartItemError[];
}

/**
 * Why an item cannot be bought (ERROR: it stays visible but is left out of the order) or
 * deserves a look (WARNING: the price changed since it was added; it is still bought).
 */
export function checkCartItem(facts: CartItemFacts): ItemCheck {
  const errors: CartItemError[] = [];
  if (facts.owned) errors.push(CartItemError.ALREADY_BOUGHT);
  if (!facts.salable) errors.push(CartItemError.INVALID_ITEM);
  if (facts.adultOnly && !facts.adultChecked) errors.push(CartItemError.ADULT_CHECK_REQUIRED);
  if (errors.length > 0) return { validFlg: false, level: CartItemLevel.ERROR, errors };
  if (facts.price !== facts.priceWhenAdded) return { validFlg: true, level: CartItemLevel.WARNING, errors: [CartItemError.CHANGED_PRICE] };
  return { validFlg: true, level: CartItemLevel.NONE, errors: [] };
}

export interface TotalsInput {
  /** Prices in effect of the items to buy (tax included). */
  prices: readonly number[];
  /** Regular (list) prices of the same items. */
  regularPrices: readonly number[];
  /** Coupon discount (already capped by the coupon rules). */
  couponDiscount: number;
  /** Points asked for and points held. */
  usePoint: number;
  pointBalance: number;
}

export interface OrderTotals {
  totalCount: number;
  totalRegularPrice: number;
  /** Σ prices in effect (salePrice of §3 Cart). */
  salePrice: number;
  totalDiscount: number;
  minUsePoint: number;
  maxUsePoint: number;
  usePoint: number;
  /** What is paid in coins: salePrice − discount − usePoint, never negative. */
  totalAmount: number;
  totalPriceIncTax: number;
}

export type PointUseRefusal = 'CART_NOT_ENOUGH_POINT' | 'CART_NOT_USE_POINT_OVER_PRICE';

/** The order preview's totals; usePoint outside [minUsePoint, maxUsePoint] is refused. */
export function orderTotals(input: TotalsInput): { ok: true; totals: OrderTotals } | { ok: false; refusal: PointUseRefusal } {
  const salePrice = input.prices.reduce((sum, p) => sum + p, 0);
  const totalDiscount = Math.min(Math.max(Math.floor(input.couponDiscount), 0), salePrice);
  const afterDiscount = salePrice - totalDiscount;
  if (input.usePoint > afterDiscount) return { ok: false, refusal: 'CART_NOT_USE_POINT_OVER_PRICE' };
  if (input.usePoint > input.pointBalance) return { ok: false, refusal: 'CART_NOT_ENOUGH_POINT' };
  const usePoint = Math.max(Math.floor(input.usePoint), 0);
  const totalAmount = afterDiscount - usePoint;
  return {
    ok: true,
    totals: {
      totalCount: input.prices.length,
      totalRegularPrice: input.regularPrices.reduce((sum, p) => sum + p, 0),
      salePrice,
      totalDiscount,
      minUsePoint: 0,
      maxUsePoint: Math.max(Math.min(input.pointBalance, afterDiscount), 0),
      usePoint,
      totalAmount,
      totalPriceIncTax: totalAmount,
    },
  };
}

const int = (min = 0) => z.coerce.number({ message: 'must be a number' }).int().min(min);
const id = rowId;
const idList = (max: number) =>
  z
    .union([z.string(), z.number(), z.array(z.union([z.string(), z.number()]))], { message: 'is required' })
    .transform((v) => (Array.isArray(v) ? v.map(String) : String(v).split(',')).map((s) => s.trim()))
    .pipe(z.array(z.string().regex(/^\d{1,9}$/, 'must be ids separated by commas')).min(1).max(max))
    .transform((ids) => [...new Set(ids.map(Number))]);

export const CartBookBody = z.object({ book_id: id });
export const CartBooksBody = z.object({ book_ids: idList(GUEST_CART_LIMIT) });
export const CartBulkBody = z.object({ title_id: id });
export const CartIdsBody = z.object({ cart_ids: idList(CART_LIMIT) });
export const ActiveItemsQuery = z.object({
  use_point: int().default(0),
  all_use_point: z.coerce.number().int().min(0).max(1).default(0),
  payment_type: z.enum(['COIN', 'MANGA_COIN']).default('COIN'),
  ac: z.coerce.number().int().optional(),
});
export const CartTokenQuery = z.object({ token: z.string({ message: 'is required' }).min(1).max(200), ac: z.coerce.number().int().optional() });
export const SetCouponBody = z.object({ couponId: id });
export const OrderV3Body = z.object({
  usePoint: int(),
  /** Σ prices in effect the member was shown. */
  salePrice: int(),
  /** Book ids of the cart the member was shown. */
  bookIds: z.array(id).min(1).max(CART_LIMIT),
  paymentType: z.enum(['COIN', 'MANGA_COIN'], { message: 'must be COIN or MANGA_COIN' }),
});
export type OrderV3Body = z.infer<typeof OrderV3Body>;

export interface CartItemView {
  cartId: number;
  cartType: CartType;
  bookId: number;
  titleId: number;
  name: string;
  imageUrl: string;
  price: number;
  salePrice: number;
  regularPrice: number;
  priceIncTax: number;
  discountAmount: number;
  validFlg: boolean;
  level: CartItemLevel;
  errors: CartItemError[];
  errorMessage: string | null;
  salable: boolean;
  saleEndDatetime: number | null;
  point: number;
  status: 'ACTIVE' | 'LATER';
  /** cartType BUNDLE: the bundle, its books (one line for all of them) and its first book. */
  bundleId: number | null;
  bundleBooks: number[];
  bundleFirstBookId: number | null;
}

export interface CartCouponView {
  id: number;
  name: string;
  couponType: number;
  rate: number | null;
  discount: number;
}

export interface CartView extends OrderTotals {
  cartStatus: CartStatus;
  items: CartItemView[];
  invalidItems: CartItemView[];
  myMangaCoin: number;
  myCoin: number;
  myPoint: number;
  isFirstPaying: boolean;
  cartCoupon: CartCouponView | null;
  /** The best applicable coupon when none is chosen (or a better one exists). */
  suggestedCoupon: CartCouponView | null;
  /** The member's coupons that apply to the cart now, each with its discount, best first (the cart's picker). */
  applicableCoupons: CartCouponView[];
  couponError: string | null;
  points: PointCampaignSummary;
}

export interface CartChangeResponse {
  status: { code: 0 };
  results: { added: number[]; skipped: number[]; cartSize: number };
}

export interface OrderV3Response {
  status: { code: 0 };
  results: {
    orderId: number;
    bookIds: number[];
    totalPrice: number;
    discount: number;
    usePoint: number;
    payPrice: number;
    pointCampaign: PointCampaignSummary;
    /** Lottery tickets the order earned, one entry per ticket. */
    userLotteryTickets: { lotteryCampaignId: number }[];
  };
}

/**
 * §7 "Pre-orders":
 *   GET  /pre_order/create_token                         → { status: { code: 0, token } }
 *   POST /pre_order/manga_coin/order/book?token=  { bookId, price } → PreOrderResponse (RESERVED until release)
 *   GET  /pre_order/order_status/{id}                    → PreOrderResponse (ACCEPTED, COMPLETED at release, CANCELED)
 *   POST /pre_order/order_status/{id}/cancel             → PreOrderResponse (before the release only)
 */
export const PreOrderBody = z.object({ bookId: id, price: int() });
export const PreOrderIdPath = z.object({ id });
export const BulkBuyListQuery = z.object({ title_id: id, ac: z.coerce.number().int().optional() });
