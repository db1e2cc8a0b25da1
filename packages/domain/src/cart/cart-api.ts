/**
 * Cart contract (§3 Cart, Cart item, Order preview; §5 cart; §7 "Cart").
 * Paths under `/api`, member calls 401 without a session:
 *
 *   POST   /cart/book          book_id                 → CartChangeResponse  (cartType BOOK)
 *   POST   /cart/books         book_ids (≤ 100)        → CartChangeResponse  (guest cart merge: duplicates ignored)
 *   POST   /cart/bulk          title_id                → CartChangeResponse  (the title's salable volumes not owned)
 *   POST   /cart/items/invalid cart_ids                → CartChangeResponse  (to buy later)
 *   POST   /cart/items/valid   cart_ids                → CartChangeResponse  (back to the cart)
 *   DELETE /cart/items         cart_ids                → CartChangeResponse
 *   POST   /cart/items/refresh                         → CartRefreshResponse ({ result: CartView })
 *   GET    /cart/me/active_items?use_point=&all_use_point=  → CartView (the order preview)
 *   GET    /cart/me/later_items                        → LaterItemsResponse
 *   GET    /cart/coupons                               → CouponListResponse
 *   GET    /cart/coupons/by_book?book_id=              → BookCouponResponse (the member's best coupon for that book alone)
 *   GET    /cart/create_token                          → CreatedToken
 *   POST   /cart/coupon?token=  { couponId }           → CartView   (COUPON_NOT_EXISTS 404, COUPON_INVALID 403)
 *   DELETE /cart/coupon?token=                         → CartView
 *   POST   /cart/order/v3?token=  OrderV3Body          → OrderV3Response
 *   GET    /guest/coupon                               → GuestCouponResponse (the login-appeal coupon, public)
 *   GET    /point_campaign/bulk_buy_list?title_id=     → BulkBuyList (public; owned books left out for a member)
 *
 * The routes of `cart-checkout.ts` (bundles, order v2, card and carrier payments, the bulk-buy
 * title list) answer with the schemas below too; the pre-order bonus and guest cart answers are
 * in `orders/orders-api.ts`.
 *
 * The cart holds at most CART_LIMIT items (active and buy-later together); one more is refused
 * 403 CART_LIST_LIMIT_EXCEEDED. Order v3 compares the cart with what the member saw: other
 * books → DIFF_CART_ITEMS_REQUEST, another total → DIFF_PRICE_REQUEST (nothing charged).
 * An item's validity and the preview's totals are rules of `cart.ts`.
 */
import { z } from 'zod';
import { rowId } from '../common/ids';
import { acParam } from '../common/params';
import { GUEST_CART_LIMIT } from './guest-cart';
import { OkStatus } from '../common/responses';
import { OrderStatus } from '../orders/orders';
import { LotteryTicket } from '../orders/orders-api';
import { PointCampaignSummary } from '../campaigns/point-campaigns-api';
import { CouponStatus, CouponTargetScope } from './coupons';

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

const OrderTotals = z.object({
  totalCount: z.number(),
  totalRegularPrice: z.number(),
  /** Σ prices in effect (salePrice of §3 Cart). */
  salePrice: z.number(),
  totalDiscount: z.number(),
  minUsePoint: z.number(),
  maxUsePoint: z.number(),
  usePoint: z.number(),
  /** What is paid in coins: salePrice − discount − usePoint, never negative. */
  totalAmount: z.number(),
  totalPriceIncTax: z.number(),
});
export type OrderTotals = z.infer<typeof OrderTotals>;

const int = (min = 0) => z.coerce.number({ message: 'must be a number' }).int().min(min);
const id = rowId;
const idList = (max: number) =>
  z
    .union([z.string(), z.number(), z.array(z.union([z.string(), z.number()]))], { message: 'is required' })
    .transform((v) => (Array.isArray(v) ? v.map(String) : String(v).split(',')).map((s) => s.trim()))
    .pipe(
      z
        .array(z.string().regex(/^\d{1,9}$/, 'must be ids separated by commas'))
        .min(1)
        .max(max),
    )
    .transform((ids) => [...new Set(ids.map(Number))]);

export const CartBookBody = z.object({ book_id: id });
export const CartBooksBody = z.object({ book_ids: idList(GUEST_CART_LIMIT) });
export const CartBulkBody = z.object({ title_id: id });
export const CartIdsBody = z.object({ cart_ids: idList(CART_LIMIT) });
/** `GET /cart/me/later_items` (§7 ac): a later item of an R18 title only with `ac=1` for a verified adult. */
export const LaterItemsQuery = z.object({ ac: acParam });
export const ActiveItemsQuery = z.object({
  use_point: int().default(0),
  all_use_point: z.coerce.number().int().min(0).max(1).default(0),
  payment_type: z.enum(['COIN', 'MANGA_COIN']).default('COIN'),
  ac: z.coerce.number().int().optional(),
});
export const CartTokenQuery = z.object({
  token: z.string({ message: 'is required' }).min(1).max(200),
  ac: z.coerce.number().int().optional(),
});
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

const num = z.number();
const ids = z.array(num);

export const CartItemView = z.object({
  cartId: num,
  cartType: z.enum(CartType),
  bookId: num,
  titleId: num,
  name: z.string(),
  imageUrl: z.string(),
  price: num,
  salePrice: num,
  regularPrice: num,
  priceIncTax: num,
  discountAmount: num,
  validFlg: z.boolean(),
  level: z.enum(CartItemLevel),
  errors: z.array(z.enum(CartItemError)),
  errorMessage: z.string().nullable(),
  salable: z.boolean(),
  saleEndDatetime: num.nullable(),
  point: num,
  status: z.enum(['ACTIVE', 'LATER']),
  /** cartType BUNDLE: the bundle, its books (one line for all of them) and its first book. */
  bundleId: num.nullable(),
  bundleBooks: ids,
  bundleFirstBookId: num.nullable(),
});
export type CartItemView = z.infer<typeof CartItemView>;

export const CartCouponView = z.object({
  id: num,
  name: z.string(),
  couponType: num,
  rate: num.nullable(),
  discount: num,
});
export type CartCouponView = z.infer<typeof CartCouponView>;

/** §3 Cart / Order preview (`GET /cart/me/active_items`, and the coupon calls' answer). */
export const CartView = OrderTotals.extend({
  cartStatus: z.enum(CartStatus),
  items: z.array(CartItemView),
  invalidItems: z.array(CartItemView),
  myMangaCoin: num,
  myCoin: num,
  myPoint: num,
  isFirstPaying: z.boolean(),
  cartCoupon: CartCouponView.nullable(),
  /** The best applicable coupon when none is chosen (or a better one exists). */
  suggestedCoupon: CartCouponView.nullable(),
  /** The member's coupons that apply to the cart now, each with its discount, best first (the cart's picker). */
  applicableCoupons: z.array(CartCouponView),
  couponError: z.string().nullable(),
  /**
   * Coupons the member holds that this cart is too small for yet (below their minimum), with how
   * much more to add: shown as not yet usable rather than left out (issue 34 item 13).
   */
  pendingCoupons: z.array(
    z.object({ id: num, name: z.string(), couponType: num, rate: num.nullable(), minCartPrice: num, shortfall: num }),
  ),
  points: PointCampaignSummary,
});
export type CartView = z.infer<typeof CartView>;

/** `POST /cart/items/refresh`. */
export const CartRefreshResponse = z.object({ result: CartView });
export type CartRefreshResponse = z.infer<typeof CartRefreshResponse>;

export const CartChangeResponse = z.object({
  status: OkStatus,
  results: z.object({ added: ids, skipped: ids, cartSize: num }),
});
export type CartChangeResponse = z.infer<typeof CartChangeResponse>;

/** `GET /cart/me/later_items`: the items put aside to buy later. */
export const LaterItemsResponse = z.object({
  totalCount: num,
  items: z.array(CartItemView),
  errors: z.array(z.string()),
  errorType: z.string().nullable(),
});
export type LaterItemsResponse = z.infer<typeof LaterItemsResponse>;

/** A coupon's step: stepType is BOOK_COUNT or TITLE_COUNT (following the coupon type). */
export const CouponStepView = z.object({ stepNumber: num, requiredStepCount: num, stepType: z.string(), stepRate: num });
export type CouponStepView = z.infer<typeof CouponStepView>;
/** Which books a coupon targets: ids of the scope; for PUBLISHER_GENRE both lists must match. */
export const CouponTargetView = z.object({ scope: z.enum(CouponTargetScope), ids, genreIds: ids.optional() });
export type CouponTargetView = z.infer<typeof CouponTargetView>;

/** One of the member's coupons as `GET /cart/coupons` lists it, with its status at the time of the call. */
export const CouponListItem = z.object({
  id: num,
  name: z.string(),
  couponType: num,
  rate: num.nullable(),
  limit: num.nullable(),
  minCartPrice: num,
  status: z.enum(CouponStatus),
  expireDatetime: num,
  expireRemainingMilliSec: num,
  steps: z.array(CouponStepView),
  couponTarget: CouponTargetView,
});
export type CouponListItem = z.infer<typeof CouponListItem>;
export const CouponListResponse = z.object({ totalCount: num, list: z.array(CouponListItem) });
export type CouponListResponse = z.infer<typeof CouponListResponse>;

/** `GET /guest/coupon`: the login-appeal coupon of §5, null when none (or when its label hides it). */
export const GuestCouponResponse = z.object({
  coupon: z
    .object({
      rate: num.nullable(),
      limit: num.nullable(),
      couponType: z.enum(['reduction', 'discount']),
      imageUrl: z.string().nullable(),
      name: z.string(),
      label: z.string(),
      expireRemainingMilliSec: num,
      couponTarget: CouponTargetView,
    })
    .nullable(),
});
export type GuestCouponResponse = z.infer<typeof GuestCouponResponse>;

export const BookCouponQuery = z.object({ book_id: rowId });
/**
 * The member's coupon that lowers one book most when bought alone in the cart (issue 34 item 2):
 * the volume page shows `couponPrice` and sends the member to the cart, which charges it. null
 * when no coupon of theirs applies (or the book is not on sale, free, or already theirs).
 */
export const BookCouponResponse = z.object({
  coupon: z
    .object({
      id: num,
      name: z.string(),
      /** 30%OFFクーポン適用価格, 半額クーポン適用価格 or クーポン適用価格 (§5 labels). */
      label: z.string(),
      price: num,
      discount: num,
      couponPrice: num,
    })
    .nullable(),
});
export type BookCouponResponse = z.infer<typeof BookCouponResponse>;

export const OrderV3Response = z.object({
  status: OkStatus,
  results: z.object({
    orderId: num,
    bookIds: ids,
    totalPrice: num,
    discount: num,
    usePoint: num,
    payPrice: num,
    pointCampaign: PointCampaignSummary,
    /** Lottery tickets the order earned, one entry per ticket. */
    userLotteryTickets: z.array(LotteryTicket),
  }),
});
export type OrderV3Response = z.infer<typeof OrderV3Response>;

/**
 * A provider payment waiting for the member on the provider's page. With Stripe (issue 39) a card
 * that asks for 3-D Secure answers its `clientSecret` for Stripe.js on the page (confirmUrl is then
 * the cart's return address, where the order's status is read).
 */
export const CartOrderPending = z.object({
  status: OkStatus,
  results: z.object({
    orderId: num,
    orderStatus: z.literal('PROCESSING'),
    confirmUrl: z.string(),
    bookIds: ids,
    payPrice: num,
    clientSecret: z.string().optional(),
  }),
});
export type CartOrderPending = z.infer<typeof CartOrderPending>;
/** `POST /cart/order/v3` and `/v2`: the order made, or (card, carrier) the provider's page to go to. */
export const CartOrderResponse = z.union([OrderV3Response, CartOrderPending]);
export type CartOrderResponse = z.infer<typeof CartOrderResponse>;

/** `GET /cart/order/{order_id}`: what became of a cart order (after the provider's page). */
export const CartOrderStatus = z.object({
  orderId: num,
  status: z.enum(OrderStatus),
  paymentType: z.string(),
  bookIds: ids,
  payPrice: num,
  failureCode: z.string().nullable(),
});
export type CartOrderStatus = z.infer<typeof CartOrderStatus>;

/** `GET /bundles/{id}`. */
export const BundleView = z.object({
  bundleId: num,
  name: z.string(),
  bookIds: ids,
  /** Σ the books' prices in effect (§3 bundleTotalPrice) and the bundle's price (bundleSalePrice). */
  bundleTotalPrice: num,
  bundleSalePrice: num,
  startDatetime: num,
  endDatetime: num.nullable(),
  onSale: z.boolean(),
});
export type BundleView = z.infer<typeof BundleView>;

export const BulkBuyTitle = z.object({
  titleId: num,
  titleName: z.string(),
  /** Salable volumes, at least the campaign's book count. */
  salableCount: num,
  campaign: z.object({ id: num, name: z.string(), rate: num, point: num, minBooks: num, start: num.nullable(), end: num.nullable() }),
});
export type BulkBuyTitle = z.infer<typeof BulkBuyTitle>;

/** `GET /point_campaign/bulk_buy_title_list`. */
export const BulkBuyTitleList = z.object({ totalCount: num, list: z.array(BulkBuyTitle) });
export type BulkBuyTitleList = z.infer<typeof BulkBuyTitleList>;

/** `GET /point_campaign/bulk_buy_list?title_id=`: the price and points of buying the title's remaining volumes at once. */
export const BulkBuyList = z.object({
  titleId: num,
  /** The volumes a bulk buy would take: salable now, not owned or reserved by the member. */
  bookIds: ids,
  totalCount: num,
  totalPrice: num,
  pointCampaign: PointCampaignSummary,
});
export type BulkBuyList = z.infer<typeof BulkBuyList>;

/**
 * §7 "Pre-orders":
 *   GET  /pre_order/create_token                         → CreatedToken
 *   POST /pre_order/manga_coin/order/book?token=  { bookId, price } → PreOrderResponse (RESERVED until release)
 *   GET  /pre_order/order_status/{id}                    → PreOrderResponse (ACCEPTED, COMPLETED at release, CANCELED)
 *   POST /pre_order/order_status/{id}/cancel             → PreOrderResponse (before the release only)
 */
export const PreOrderBody = z.object({ bookId: id, price: int() });
export const PreOrderIdPath = z.object({ id });
/** §3 Pre-order status: ACCEPTED until the release instant, COMPLETED after it, CANCELED. */
export const PreOrderStatus = z.enum(['ACCEPTED', 'CANCELED', 'COMPLETED']);
export type PreOrderStatus = z.infer<typeof PreOrderStatus>;

export const PreOrderResponse = z.object({
  preOrderId: num,
  bookId: num,
  orderStatus: PreOrderStatus,
  price: num,
  point: num,
  releaseDatetime: num,
  /** Pre-order bonus points (§3 Pre-order bonus) fixed at the order, granted at the release; 0 once cancelled. */
  bonusPoint: num,
});
export type PreOrderResponse = z.infer<typeof PreOrderResponse>;

export const BulkBuyListQuery = z.object({ title_id: id, ac: z.coerce.number().int().optional() });
