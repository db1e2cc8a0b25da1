/**
 * Wallet API contract (§7 "Manga coin and subscription"). All paths under `/api`;
 * member calls answer 401 UNAUTHORIZED without a session. Errors are `{ errorCode, messages? }`.
 *
 *   GET  /manga_coin/items/v3?payment_type=creditcard&display_scenes=shop   → MangaCoinItemsResponse
 *   GET  /manga_coin/good_value?payment_type=paypay                         → GoodValueResponse
 *   GET  /manga_coin/appeal_mapping?payment_type=…                          → AppealMappingResponse
 *   GET  /manga_coin/cart_appeal?payment_type=… (member)                    → CartAppealResponse
 *   GET  /manga_coin/balance                        (member)                → MangaCoinBalance
 *   GET  /manga_coin/history?offset=0&limit=20      (member)                → WalletHistoryResponse
 *   GET  /manga_coin/period_balance?offset&limit    (member)                → PeriodBalanceResponse
 *   GET  /manga_coin/expiration_balance?days=30     (member)                → ExpirationBalance
 *   GET  /user/get_coin                             (member)                → GetCoinResponse
 *   GET  /manga_coin/purchase/create_token          (member)                → { status: { code: 0, token } }
 *   POST /manga_coin/purchase?token=…  JSON CoinPurchaseBody (member)       → CoinPurchaseResult
 *        card: 200 { status: 'COMPLETE' } or 400 { errorCode: DECLINED_CARD | UNSUPPORTED_CARD |
 *        USER_CREDIT_CARD_LIMIT_EXCEEDED | CLIENT_ERROR | INVALID_COIN_SALES_ID | POSSESSION_LIMIT |
 *        COIN_POSESSION_OVER | PAYMENT_MAINTENANCE }; carriers/wallets: 200 { status: 'PROCESSING',
 *        confirmUrl } → the browser goes to confirmUrl (the sandbox's page), the member approves or
 *        cancels, and comes back to `returnUrl?order_id=…&result=COMPLETE|CANCEL`.
 *   GET  /manga_coin/purchases/:order_id           (member)                → CoinPurchaseStatus
 *   GET  /manga_coin/pcb?path=/…                    (member)                → CoinReturnRegistered
 *        the page to come back to after buying coins (kept until /cb; the coin shop returns to /cb)
 *   GET  /manga_coin/cb                             (member)                → CoinCallbackResponse
 *        after the coin purchase: its outcome, the balance and the kept path (handed out once)
 *   GET  /manga_coin/legal_notice                                           → PaymentServicesActNotice
 *        (資金決済法に基づく表示, to render on its own page linked from /mangacoin)
 *
 * Rules (pure) are in `wallet-lots.ts` (lots, spending order, expiry, coin appeal threshold,
 * shortage) and `wallet-payments.ts` (payment types and §9 codes, card brands, sandbox test cards).
 */
import { z } from 'zod';
import { jsonRowId, rowId } from '../common/ids';
import { type CoinPaymentMethod, CardInput, coinPaymentMethodParam } from './wallet-payments';
import type { Currency, LedgerKind } from './wallet-lots';

export const CoinHighlight = { none: 'none', popular: 'popular', bargain: 'bargain' } as const;
export type CoinHighlight = (typeof CoinHighlight)[keyof typeof CoinHighlight];

/** Where a coin pack is offered; `display_scenes` filters on it. */
export const DisplayScene = { shop: 'shop', viewer: 'viewer', cart: 'cart' } as const;
export type DisplayScene = (typeof DisplayScene)[keyof typeof DisplayScene];
const displayScenes = Object.values(DisplayScene);

const pageOffset = z.coerce.number({ message: 'must be a number' }).int().min(0).default(0);
const pageLimit = z.coerce.number({ message: 'must be a number' }).int().min(1).max(100).default(20);

export const CoinItemsQuery = z.object({
  payment_type: coinPaymentMethodParam.default('creditcard'),
  display_scenes: z
    .string()
    .optional()
    .transform((v) => (v ? v.split(',').filter(Boolean) : []))
    .refine((list) => list.every((s) => (displayScenes as string[]).includes(s)), {
      message: `must list scenes of ${displayScenes.join(', ')}`,
    }),
});
export const PaymentTypeQuery = z.object({ payment_type: coinPaymentMethodParam });
/** `GET /manga_coin/cart_appeal` (member): the coin appeal for the member's cart; payment_type defaults to creditcard. */
export const CartAppealQuery = z.object({ payment_type: coinPaymentMethodParam.default('creditcard') });
export interface CartAppealResponse {
  paymentType: CoinPaymentMethod;
  /** What the cart's valid items cost now in coins, after its coupon (the cart's totalAmount). */
  cartAmount: number;
  mangaCoin: number;
  /** Coins missing to buy the cart with manga coins (0 when the balance covers it). */
  shortage: number;
  /** NONE without a shortage or a pack covering it; COUPON when that pack's bonus / coin exceeds 0.3 (§5), else COIN. */
  appeal: 'NONE' | 'COIN' | 'COUPON';
  /** The cheapest cart pack (else viewer pack) whose coins plus bonus cover the shortage. */
  item: MangaCoinItem | null;
}
export const WalletPageQuery = z.object({ offset: pageOffset, limit: pageLimit });
export const ExpirationBalanceQuery = z.object({
  days: z.coerce.number({ message: 'must be a number' }).int().min(1).max(3650),
});

/** §3 Manga coin item. `limit` null means no per-member limit; `purchasableCount` is what is left of it. */
export interface MangaCoinItem {
  id: number;
  coin: number;
  taxIncludedPrice: number;
  bonus: number;
  bonusPoint: number;
  limit: number | null;
  purchasableCount: number | null;
  highlight: CoinHighlight;
  displayScene: DisplayScene;
  /** §5/§9: bonus / coin > 0.3 shows the coupon appeal instead of the coin appeal. */
  couponAppeal: boolean;
}
export interface MangaCoinItemsResponse {
  paymentType: CoinPaymentMethod;
  items: MangaCoinItem[];
}

/** §3 Good-value item per payment type. */
export interface GoodValueResponse {
  paymentType: CoinPaymentMethod;
  goodValueFlg: boolean;
  item: Pick<MangaCoinItem, 'id' | 'coin' | 'bonus' | 'bonusPoint' | 'taxIncludedPrice'> | null;
}

/** For a shortage of up to `coverUpTo` coins, appeal with `item` (the cheapest pack that covers it). */
export interface AppealMappingResponse {
  paymentType: CoinPaymentMethod;
  mappings: { coverUpTo: number; item: MangaCoinItem }[];
}

/** `/manga_coin/balance`: integers (§5: a non-integer balance fails the fetch). */
export interface MangaCoinBalance {
  balance: number;
  paidBalance: number;
  bonusBalance: number;
}

export interface WalletHistoryEntry {
  id: number;
  datetime: number;
  currency: Currency;
  kind: LedgerKind;
  /** Signed: grants and refunds positive, spends and expiries negative. */
  amount: number;
  paid: boolean;
  reason: string;
  orderId: number | null;
  expireDatetime: number;
}
export interface WalletHistoryResponse {
  totalCount: number;
  history: WalletHistoryEntry[];
}

/** Balance by expiry date (one row per expiry instant), earliest first. */
export interface PeriodBalance {
  expireDatetime: number;
  amount: number;
  paid: number;
  bonus: number;
}
export interface PeriodBalanceResponse {
  totalCount: number;
  periods: PeriodBalance[];
}

export interface ExpirationBalance {
  days: number;
  amount: number;
  earliestExpireDatetime: number | null;
}

/** `/user/get_coin` (§5: succeeds only with status code 0). */
export interface GetCoinResponse {
  status: { code: 0 };
  results: { coin: number; mangaCoin: number; point: number };
}

/** Same-origin path the sandbox's confirmation page returns to. */
const returnUrl = z
  .string()
  .max(500)
  .regex(/^\/(?!\/)[^\s\\]*$/, 'must be a path on this site');

/** `GET /manga_coin/pcb` (§7, §5 required `path`): a same-site path to come back to after buying coins. */
export const CoinReturnQuery = z.object({ path: returnUrl });
export interface CoinReturnRegistered {
  status: { code: 0 };
  results: { path: string; /** The coin shop, told to come back through `/cb`. */ shopUrl: string };
}
/** `GET /manga_coin/cb`: after a coin purchase. */
export interface CoinCallbackResponse {
  status: { code: 0 };
  results: {
    /** The path `/pcb` kept (handed out once), else null. */
    path: string | null;
    /** The member's latest coin pack order since that path was kept (or ever, without one). */
    purchase: { orderId: number; status: string; coin: number; bonus: number } | null;
    mangaCoin: number;
  };
}

export const CoinPurchaseQuery = z.object({ token: z.string().min(1).max(200) });
export const CoinPurchaseBody = z.object({
  itemId: jsonRowId,
  paymentType: coinPaymentMethodParam,
  /** Required for creditcard, ignored otherwise. */
  card: CardInput.optional(),
  returnUrl: returnUrl.default('/mangacoin'),
});
export type CoinPurchaseBody = z.infer<typeof CoinPurchaseBody>;

export type CoinPurchaseResult =
  | { status: 'COMPLETE'; orderId: number; coin: number; bonus: number; bonusPoint: number; balance: number }
  | { status: 'PROCESSING'; orderId: number; confirmUrl: string };

/** A coin pack payment as `/manga_coin/purchases/:order_id` reports it (after the return URL). */
export interface CoinPurchaseStatus {
  orderId: number;
  /** Order status of §4: PROCESSING while awaiting confirmation, then COMPLETE, CANCEL or PAYMENT_ERROR. */
  status: string;
  paymentType: CoinPaymentMethod;
  itemId: number;
  coin: number;
  bonus: number;
  bonusPoint: number;
  taxIncludedPrice: number;
  /** Why it failed or was cancelled (§8 code), null otherwise. */
  failureCode: string | null;
  orderDatetime: number;
}
export const OrderIdPath = z.object({ order_id: rowId });

/** 資金決済法に基づく表示 (Payment Services Act disclosure for prepaid paid coins). */
export interface PaymentServicesActNotice {
  title: string;
  sections: { heading: string; body: string }[];
}
