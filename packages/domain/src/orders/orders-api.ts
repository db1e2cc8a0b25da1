/**
 * Orders API contract (§7 "Orders", "Point campaigns"). Paths under `/api`; member
 * calls answer 401 without a session. Bodies may be form-encoded or JSON (numbers as strings are
 * accepted). Business refusals of buy, buy check and manga coin calls are 403 `{ errorCode,
 * messages }` (§8): CART_NOT_ENOUGH_AMEBA_COIN / CART_NOT_ENOUGH_MANGA_COIN (shortage),
 * CART_NOT_ENOUGH_POINT, CART_NOT_USE_POINT_OVER_PRICE, DIFF_PRICE_REQUEST (price changed, or
 * buy_free_flag on a book that is not free; nothing spent), ALREADY_BUY ('already have this
 * book'), ADULT_CHECK_REQUIRED (R18 book without the adult check). Unknown or unsalable book: 404.
 *
 * Coin flow (COIN, plus points):
 *   POST /order/buy_check/v2   book_ids=1,2 book_type=0 use_point=0 buy_free_flag=0 ac  → BuyCheckV2Response
 *   GET  /order/create_token                                                            → { status: { code: 0, token } }
 *   POST /order/buy/v2         book_ids book_type token use_point buy_type module_name module_book_id ac → BuyV2Response
 *   POST /order/buy_check      book_id book_type use_point buy_free_flag ac (v1: one book)  → BuyCheckV2Response
 *   POST /order/buy            book_id book_type token use_point buy_type ac (v1: one book) → BuyV2Response
 * Manga coin flow:
 *   POST /order/book/manga_coin/buy_check  book_id request_price ac   → MangaCoinBuyCheckResponse
 *   GET  /order/book/manga_coin/create_token                          → { status: { code: 0, token } }
 *   POST /order/book/manga_coin/buy        token book_id checked_price ac → MangaCoinBuyResponse
 * Free books (§4; no token: granting a free book twice changes nothing):
 *   POST /order/free_book      book_id ac   → FreeBookResponse  (free book on viewer load)
 *   POST /order/free_next_book book_id ac   → FreeBookResponse  (the free next volume of book_id)
 * History and entitlements:
 *   GET /order/payments?offset=0&limit=20&ac            → PaymentsResponse (book orders and coin packs)
 *   GET /user/recently_bought/v3?transactionId=<orderId> → RecentlyBoughtResponse
 *   GET /user/recently_bought/v2?purchaseToken=<token of the buy> → RecentlyBoughtResponse
 *   GET /user_books/me/by_book?book_id=1,2              → UserBooksResponse (guest: empty list)
 *   GET /user_books/me/by_book/v2?book_id=1,2           → UserBooksResponse (isInCart from the member's cart)
 * Point campaigns:
 *   GET /point_campaign/basic                           → BasicPointCampaignResponse
 *   GET /book_point_campaigns/by_book?book_id=1&ac      → PointCampaignSummary (for this member)
 *
 * Rules: `orders.ts` (statuses, transitions, possession, point breakdown, buy rules).
 */
import { z } from 'zod';
import { rowId } from '../common/ids';
import { OkStatus } from '../common/responses';
import { PointCampaignSummary } from '../campaigns/point-campaigns-api';
import { OrderStatus, PossessionStatus } from './orders';
import { PaymentType } from '../wallet/wallet-payments';
import { SerialRentalPayment } from '../serials/serials-api';

const int = (min = 0) => z.coerce.number({ message: 'must be a number' }).int().min(min);
const flag = z.coerce.number({ message: 'must be 0 or 1' }).int().min(0).max(1).default(0);
const bookId = rowId;
/** `book_ids`: "1,2,3", or repeated/array values; at most 100, duplicates dropped. */
const bookIds = z
  .union([z.string(), z.number(), z.array(z.union([z.string(), z.number()]))])
  .transform((v) => (Array.isArray(v) ? v.map(String) : String(v).split(',')).map((s) => s.trim()))
  .pipe(
    z
      .array(z.string().regex(/^\d{1,9}$/, 'must be book ids separated by commas'))
      .min(1)
      .max(100),
  )
  .transform((ids) => [...new Set(ids.map(Number))]);
const token = z.string({ message: 'is required' }).min(1).max(200);

export const BuyCheckV2Body = z.object({
  book_ids: bookIds,
  book_type: int().max(0, 'only single volumes (0) are sold'),
  use_point: int(),
  buy_free_flag: flag,
  point_campaign_type: z.string().max(40).optional(),
  ac: flag,
});
export type BuyCheckV2Body = z.infer<typeof BuyCheckV2Body>;

export const BuyV2Body = z.object({
  book_ids: bookIds,
  book_type: int().max(0, 'only single volumes (0) are sold'),
  token: token.optional(),
  use_point: int(),
  buy_type: z.string().max(40).default('one_click'),
  module_name: z.string().max(100).optional(),
  module_book_id: z.string().max(20).optional(),
  ac: flag,
});
/** v1 (`POST /order/buy_check`): one book, `book_id`; otherwise as v2. */
export const BuyCheckV1Body = z.object({
  book_id: bookId,
  book_type: int().max(0, 'only single volumes (0) are sold'),
  use_point: int(),
  buy_free_flag: flag,
  point_campaign_type: z.string().max(40).optional(),
  ac: flag,
});
/** v1 (`POST /order/buy`): one book, `book_id`; the token in the body or the query. */
export const BuyV1Body = z.object({
  book_id: bookId,
  book_type: int().max(0, 'only single volumes (0) are sold'),
  token: token.optional(),
  use_point: int(),
  buy_type: z.string().max(40).default('one_click'),
  ac: flag,
});
export const TokenQuery = z.object({ token: token.optional(), ac: flag.optional() });

export const MangaCoinBuyCheckBody = z.object({ book_id: bookId, request_price: int(), ac: flag });
export const MangaCoinBuyBody = z.object({ token: token.optional(), book_id: bookId, checked_price: int(), ac: flag });
export const FreeBookBody = z.object({ book_id: bookId, ac: flag });

export const PaymentsQuery = z.object({
  offset: int(),
  limit: z.coerce.number({ message: 'must be a number' }).int().min(1).max(100),
  ac: flag,
});
export const RecentlyBoughtQuery = z.object({ transactionId: rowId });
export const RecentlyBoughtV2Query = z.object({ purchaseToken: token });
export const UserBooksQuery = z.object({
  book_id: z
    .string({ message: 'is required' })
    .regex(/^\d{1,9}(,\d{1,9})*$/, 'must be book ids separated by commas')
    .transform((v) => [...new Set(v.split(',').map(Number))])
    .refine((ids) => ids.length <= 100, 'must list at most 100 ids'),
});
export const BookPointCampaignsQuery = z.object({ book_id: bookId, ac: flag });

const num = z.number();
const ids = z.array(num);
const ok = OkStatus;

/** A lottery ticket an order earned. */
export const LotteryTicket = z.object({ lotteryCampaignId: num });

export const BuyCheckV2Response = z.object({
  status: ok,
  results: z.object({
    /** 0 when the buy may go ahead (§5). */
    status: z.literal(0),
    bookIds: ids,
    /** Sum of prices in effect. */
    totalPrice: num,
    usePoint: num,
    /** Coins the buy will spend: totalPrice − usePoint. */
    payPrice: num,
    coin: num,
    point: num,
    isFirstPaying: z.boolean(),
    pointCampaign: PointCampaignSummary,
  }),
});
export type BuyCheckV2Response = z.infer<typeof BuyCheckV2Response>;

export const BuyV2Response = z.object({
  status: ok,
  results: z.object({
    orderId: num,
    totalPrice: num,
    usePoint: num,
    userLotteryTickets: z.array(LotteryTicket),
    pointCampaign: PointCampaignSummary,
  }),
});
export type BuyV2Response = z.infer<typeof BuyV2Response>;

export const MangaCoinBuyCheckResponse = z.object({
  status: ok,
  results: z.object({ status: z.literal('NORMAL'), checkedPrice: num, mangaCoin: num, pointCampaign: PointCampaignSummary }),
});
export type MangaCoinBuyCheckResponse = z.infer<typeof MangaCoinBuyCheckResponse>;

export const MangaCoinBuyResponse = z.object({
  status: ok,
  results: z.object({ orderId: num, price: num, userLotteryTickets: z.array(LotteryTicket) }),
});
export type MangaCoinBuyResponse = z.infer<typeof MangaCoinBuyResponse>;

export const FreeBookResponse = z.object({
  /** True when this call granted the book; false when there was nothing to do. */
  bought: z.boolean(),
  bookId: num.nullable(),
  orderId: num.nullable(),
  /** Why nothing was granted ('already have this book', 'this book is not free', 'Next book id is null', …). */
  reason: z.string().nullable(),
});
export type FreeBookResponse = z.infer<typeof FreeBookResponse>;

export const OrderItemView = z.object({
  bookId: num,
  name: z.string(),
  vol: num,
  titleId: num,
  price: num,
  imageUrl: z.string(),
});
export type OrderItemView = z.infer<typeof OrderItemView>;

export const PaymentHistoryItem = z.object({
  orderId: num,
  orderDatetime: num,
  /** SERIAL_RENTAL: a serial episode rented with coins or manga coins (`orderId` is the rental's own id). */
  kind: z.enum(['BOOK', 'MANGA_COIN', 'SERIAL_RENTAL']),
  status: z.enum(OrderStatus),
  paymentType: z.enum(PaymentType),
  /** §9 numeric code of paymentType. */
  paymentTypeCode: num,
  /** Coins (BOOK) or yen (MANGA_COIN). */
  totalPrice: num,
  usePoint: num,
  /** Points earned by the order. */
  point: num,
  items: z.array(OrderItemView),
  /** MANGA_COIN orders: what the pack granted. */
  coinItem: z.object({ coin: num, bonus: num, bonusPoint: num }).nullable(),
  /** SERIAL_RENTAL: the serial and episode rented. */
  rental: SerialRentalPayment.optional(),
});
export type PaymentHistoryItem = z.infer<typeof PaymentHistoryItem>;
export const PaymentsResponse = z.object({ totalCount: num, payments: z.array(PaymentHistoryItem) });
export type PaymentsResponse = z.infer<typeof PaymentsResponse>;

/** §3 Recently-bought response. */
export const RecentlyBoughtResponse = z.object({
  totalCount: num,
  totalPrice: num,
  totalPriceIncTax: num,
  bookIds: ids,
  orderId: num,
  items: z.array(OrderItemView),
  isFirstPaying: z.boolean(),
});
export type RecentlyBoughtResponse = z.infer<typeof RecentlyBoughtResponse>;

/** §3 User book. */
export const UserBook = z.object({
  bookId: num,
  bought: z.boolean(),
  coupons: z.array(z.never()),
  possessionStatus: z.enum(PossessionStatus),
  isInCart: z.boolean(),
});
export type UserBook = z.infer<typeof UserBook>;
export const UserBooksResponse = z.object({ userBooks: z.array(UserBook) });
export type UserBooksResponse = z.infer<typeof UserBooksResponse>;

export const BasicPointCampaignResponse = z.object({
  id: num,
  name: z.string(),
  rate: num,
  expireDays: num,
  start: num.nullable(),
  end: num.nullable(),
});
export type BasicPointCampaignResponse = z.infer<typeof BasicPointCampaignResponse>;

/** §3 Pre-order bonus. `totalPoint` is what pre-ordering `bookId` at its price in effect earns. */
export const PreOrderBonus = z.object({
  id: num,
  name: z.string(),
  /** Percent of the price paid, given back as points. */
  rate: num,
  /** Fixed points on top of the rate. */
  points: num,
  startDatetime: num,
  endDatetime: num.nullable(),
  totalPoint: num,
  bookId: num,
});
export type PreOrderBonus = z.infer<typeof PreOrderBonus>;

/** `GET /pre_order/bonus`. */
export const PreOrderBonusList = z.object({ totalCount: num, list: z.array(PreOrderBonus) });
export type PreOrderBonusList = z.infer<typeof PreOrderBonusList>;

/** `GET /pre_order/bonus/by_book`. */
export const PreOrderBookBonus = PreOrderBonusList.extend({
  bookId: num,
  price: num,
  releaseDatetime: num,
  /** Σ totalPoint of the list. */
  totalPoint: num,
});
export type PreOrderBookBonus = z.infer<typeof PreOrderBookBonus>;

export const BonusGrantStatus = { PENDING: 'PENDING', GRANTED: 'GRANTED', CANCELED: 'CANCELED' } as const;
export type BonusGrantStatus = (typeof BonusGrantStatus)[keyof typeof BonusGrantStatus];

export const EarnedBonus = z.object({
  bonusId: num,
  name: z.string(),
  preOrderId: num,
  bookId: num,
  point: num,
  status: z.enum(BonusGrantStatus),
  releaseDatetime: num,
  grantedDatetime: num.nullable(),
});
export type EarnedBonus = z.infer<typeof EarnedBonus>;

/** `GET /pre_order/bonus/earned`. */
export const EarnedBonusList = z.object({
  totalCount: num,
  /** Σ points of PENDING bonuses (granted at their releases). */
  pendingPoint: num,
  list: z.array(EarnedBonus),
});
export type EarnedBonusList = z.infer<typeof EarnedBonusList>;

/** One book of the guest cart (§7 "Guest"): price in effect and, when it applies, the coupon price and label. */
export const GuestCartBook = z.object({
  bookId: num,
  titleId: num,
  titleName: z.string(),
  vol: num,
  imageUrl: z.string(),
  price: num,
  /** Struck previous price during a sale, else null. */
  beforePrice: num.nullable(),
  salesStatus: z.string(),
  /** Guest coupon label (§5) when the coupon targets this book, else null. */
  couponLabel: z.string().nullable(),
  couponPrice: num.nullable(),
});
export type GuestCartBook = z.infer<typeof GuestCartBook>;

/** `GET /guest/cart_books`. */
export const GuestCartBooks = z.object({
  totalCount: num,
  totalPrice: num,
  /** The guest coupon on the cart (banner view), null when none applies. */
  coupon: z.object({ name: z.string(), label: z.string(), limit: num.nullable(), remaining: z.string() }).nullable(),
  items: z.array(GuestCartBook),
});
export type GuestCartBooks = z.infer<typeof GuestCartBooks>;
