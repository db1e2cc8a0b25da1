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
import { type OrderStatus, type PointLine, type PossessionStatus, PointCampaignType } from './orders';
import type { PaymentType } from '../wallet/wallet-payments';
import type { SerialRentalPayment } from '../serials/serials-api';

const int = (min = 0) => z.coerce.number({ message: 'must be a number' }).int().min(min);
const flag = z.coerce.number({ message: 'must be 0 or 1' }).int().min(0).max(1).default(0);
const bookId = rowId;
/** `book_ids`: "1,2,3", or repeated/array values; at most 100, duplicates dropped. */
const bookIds = z
  .union([z.string(), z.number(), z.array(z.union([z.string(), z.number()]))])
  .transform((v) => (Array.isArray(v) ? v.map(String) : String(v).split(',')).map((s) => s.trim()))
  .pipe(z.array(z.string().regex(/^\d{1,9}$/, 'must be book ids separated by commas')).min(1).max(100))
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

/** One §3 point breakdown line, as the point rules (`orders.ts`) write it. */
const PointLineResponse = z.object({
  id: z.number(),
  type: z.enum(PointCampaignType),
  name: z.string(),
  point: z.number(),
  rate: z.number(),
  start: z.number().nullable(),
  end: z.number().nullable(),
  expireDays: z.number(),
}) satisfies z.ZodType<PointLine>;

/** §3 Point campaign: totalPoint and its lines. */
export const PointCampaignSummary = z.object({ totalPoint: z.number(), list: z.array(PointLineResponse) });
export type PointCampaignSummary = z.infer<typeof PointCampaignSummary>;

export interface BuyCheckV2Response {
  status: { code: 0 };
  results: {
    /** 0 when the buy may go ahead (§5). */
    status: 0;
    bookIds: number[];
    /** Sum of prices in effect. */
    totalPrice: number;
    usePoint: number;
    /** Coins the buy will spend: totalPrice − usePoint. */
    payPrice: number;
    coin: number;
    point: number;
    isFirstPaying: boolean;
    pointCampaign: PointCampaignSummary;
  };
}

export interface BuyV2Response {
  status: { code: 0 };
  results: {
    orderId: number;
    totalPrice: number;
    usePoint: number;
    userLotteryTickets: { lotteryCampaignId: number }[];
    pointCampaign: PointCampaignSummary;
  };
}

export interface MangaCoinBuyCheckResponse {
  status: { code: 0 };
  results: { status: 'NORMAL'; checkedPrice: number; mangaCoin: number; pointCampaign: PointCampaignSummary };
}

export interface MangaCoinBuyResponse {
  status: { code: 0 };
  results: { orderId: number; price: number; userLotteryTickets: { lotteryCampaignId: number }[] };
}

export interface FreeBookResponse {
  /** True when this call granted the book; false when there was nothing to do. */
  bought: boolean;
  bookId: number | null;
  orderId: number | null;
  /** Why nothing was granted ('already have this book', 'this book is not free', 'Next book id is null', …). */
  reason: string | null;
}

export interface OrderItemView {
  bookId: number;
  name: string;
  vol: number;
  titleId: number;
  price: number;
  imageUrl: string;
}

export interface PaymentHistoryItem {
  orderId: number;
  orderDatetime: number;
  /** SERIAL_RENTAL: a serial episode rented with coins or manga coins (`orderId` is the rental's own id). */
  kind: 'BOOK' | 'MANGA_COIN' | 'SERIAL_RENTAL';
  status: OrderStatus;
  paymentType: PaymentType;
  /** §9 numeric code of paymentType. */
  paymentTypeCode: number;
  /** Coins (BOOK) or yen (MANGA_COIN). */
  totalPrice: number;
  usePoint: number;
  /** Points earned by the order. */
  point: number;
  items: OrderItemView[];
  /** MANGA_COIN orders: what the pack granted. */
  coinItem: { coin: number; bonus: number; bonusPoint: number } | null;
  /** SERIAL_RENTAL: the serial and episode rented. */
  rental?: SerialRentalPayment;
}
export interface PaymentsResponse {
  totalCount: number;
  payments: PaymentHistoryItem[];
}

/** §3 Recently-bought response. */
export interface RecentlyBoughtResponse {
  totalCount: number;
  totalPrice: number;
  totalPriceIncTax: number;
  bookIds: number[];
  orderId: number;
  items: OrderItemView[];
  isFirstPaying: boolean;
}

/** §3 User book. */
export interface UserBook {
  bookId: number;
  bought: boolean;
  coupons: never[];
  possessionStatus: PossessionStatus;
  isInCart: boolean;
}
export interface UserBooksResponse {
  userBooks: UserBook[];
}

export interface BasicPointCampaignResponse {
  id: number;
  name: string;
  rate: number;
  expireDays: number;
  start: number | null;
  end: number | null;
}
