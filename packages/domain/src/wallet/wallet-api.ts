/**
 * Wallet API contract (§7 "Manga coin and subscription"). All paths under `/api`;
 * member calls answer 401 UNAUTHORIZED without a session. Errors are `{ errorCode, messages? }`.
 *
 *   GET  /manga_coin/items/v3?payment_type=creditcard&display_scenes=shop   → MangaCoinItemsResponse
 *   GET  /manga_coin/good_value?payment_type=paypay                         → GoodValueResponse
 *   GET  /manga_coin/appeal_mapping?payment_type=…                          → AppealMappingResponse
 *   GET  /manga_coin/cart_appeal?payment_type=… (member)                    → CartAppealResponse
 *   GET  /manga_coin/balance                        (member)                → MangaCoinBalance
 *   GET  /manga_coin/history?offset=0&limit=20[&currency=MANGA_COIN|COIN|POINT] (member) → WalletHistoryResponse
 *        (one currency's entries when `currency` is given — the statement of /wallet/manga_coin lists
 *        manga coins only and points apart, issue 34 item 5; every currency without it)
 *   GET  /manga_coin/period_balance?offset&limit    (member)                → PeriodBalanceResponse
 *   GET  /manga_coin/expiration_balance?days=30     (member)                → ExpirationBalance
 *   GET  /user/get_coin                             (member)                → GetCoinResponse
 *   GET  /manga_coin/purchase/create_token          (member)                → { status: { code: 0, token } }
 *   POST /manga_coin/purchase?token=…  JSON CoinPurchaseBody (member)       → CoinPurchaseResult
 *        (a card by its `cardId` from `POST /sandbox/cards`; a body carrying `card` is 400 naming it)
 *        card: 200 { status: 'COMPLETE' } or 400 { errorCode: DECLINED_CARD | UNSUPPORTED_CARD |
 *        USER_CREDIT_CARD_LIMIT_EXCEEDED | CLIENT_ERROR | INVALID_COIN_SALES_ID | POSSESSION_LIMIT |
 *        COIN_POSESSION_OVER | PAYMENT_MAINTENANCE }; carriers/wallets: 200 { status: 'PROCESSING',
 *        confirmUrl } → the browser goes to confirmUrl (the sandbox's page), the member approves or
 *        cancels, and comes back to `returnUrl?order_id=…&result=COMPLETE|CANCEL`.
 *        PAYMENT_PROVIDER=stripe (CoinPurchaseAnswer): the `cardId` is a Stripe PaymentMethod `pm_…`;
 *        200 { status: 'COMPLETE' }, { status: 'REQUIRES_ACTION', clientSecret } (3-D Secure on the
 *        page, the coins come with Stripe's webhook) or { status: 'PENDING' }, or 400 as above.
 *   POST /payments/stripe/webhook                   (Stripe, signed)        → { received: true }
 *        konbini (Stripe only): 200 { status: 'VOUCHER', voucher } (paid later at a store, by its expiresAt).
 *   GET  /manga_coin/payment_config                                         → CoinPaymentConfig
 *        the provider, the methods it offers, and Stripe.js's publishable key
 *   GET  /manga_coin/purchases/:order_id           (member)                → CoinPurchaseStatus
 *   GET  /manga_coin/purchases/unsettled            (member)                → UnsettledCoinPurchase
 *        a carrier payment left on the provider's page: waiting (until expiresAt), or ended at that limit
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
import { OkStatus } from '../common/responses';
import { CardId, CoinPaymentMethod, RefusedCardData, coinPaymentMethodParam } from './wallet-payments';
import { Currency, LedgerKind } from './wallet-lots';

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
export const WalletPageQuery = z.object({ offset: pageOffset, limit: pageLimit });
export const WalletHistoryQuery = WalletPageQuery.extend({ currency: z.enum(Currency).optional() });
export const ExpirationBalanceQuery = z.object({
  days: z.coerce.number({ message: 'must be a number' }).int().min(1).max(3650),
});

const num = z.number();
const paymentMethod = z.enum(CoinPaymentMethod);

/** §3 Manga coin item. `limit` null means no per-member limit; `purchasableCount` is what is left of it. */
export const MangaCoinItem = z.object({
  id: num,
  coin: num,
  taxIncludedPrice: num,
  bonus: num,
  bonusPoint: num,
  limit: num.nullable(),
  purchasableCount: num.nullable(),
  highlight: z.enum(CoinHighlight),
  displayScene: z.enum(DisplayScene),
  /** §5/§9: bonus / coin > 0.3 shows the coupon appeal instead of the coin appeal. */
  couponAppeal: z.boolean(),
});
export type MangaCoinItem = z.infer<typeof MangaCoinItem>;
export const MangaCoinItemsResponse = z.object({ paymentType: paymentMethod, items: z.array(MangaCoinItem) });
export type MangaCoinItemsResponse = z.infer<typeof MangaCoinItemsResponse>;

/** §3 Good-value item per payment type. */
export const GoodValueResponse = z.object({
  paymentType: paymentMethod,
  goodValueFlg: z.boolean(),
  item: MangaCoinItem.pick({ id: true, coin: true, bonus: true, bonusPoint: true, taxIncludedPrice: true }).nullable(),
});
export type GoodValueResponse = z.infer<typeof GoodValueResponse>;

/** For a shortage of up to `coverUpTo` coins, appeal with `item` (the cheapest pack that covers it). */
export const AppealMappingResponse = z.object({
  paymentType: paymentMethod,
  mappings: z.array(z.object({ coverUpTo: num, item: MangaCoinItem })),
});
export type AppealMappingResponse = z.infer<typeof AppealMappingResponse>;

/** `GET /manga_coin/cart_appeal`: the coin appeal for the member's cart. */
export const CartAppealResponse = z.object({
  paymentType: paymentMethod,
  /** What the cart's valid items cost now in coins, after its coupon (the cart's totalAmount). */
  cartAmount: num,
  mangaCoin: num,
  /** Coins missing to buy the cart with manga coins (0 when the balance covers it). */
  shortage: num,
  /** NONE without a shortage or a pack covering it; COUPON when that pack's bonus / coin exceeds 0.3 (§5), else COIN. */
  appeal: z.enum(['NONE', 'COIN', 'COUPON']),
  /** The cheapest cart pack (else viewer pack) whose coins plus bonus cover the shortage. */
  item: MangaCoinItem.nullable(),
});
export type CartAppealResponse = z.infer<typeof CartAppealResponse>;

/** `/manga_coin/balance`: integers (§5: a non-integer balance fails the fetch). */
export const MangaCoinBalance = z.object({ balance: num, paidBalance: num, bonusBalance: num });
export type MangaCoinBalance = z.infer<typeof MangaCoinBalance>;

const WalletHistoryEntry = z.object({
  id: num,
  datetime: num,
  currency: z.enum(Currency),
  kind: z.enum(LedgerKind),
  /** Signed: grants and refunds positive, spends and expiries negative. */
  amount: num,
  paid: z.boolean(),
  reason: z.string(),
  orderId: num.nullable(),
  expireDatetime: num,
});
type WalletHistoryEntry = z.infer<typeof WalletHistoryEntry>;
export const WalletHistoryResponse = z.object({ totalCount: num, history: z.array(WalletHistoryEntry) });
export type WalletHistoryResponse = z.infer<typeof WalletHistoryResponse>;

/** Balance by expiry date (one row per expiry instant), earliest first. */
const PeriodBalance = z.object({ expireDatetime: num, amount: num, paid: num, bonus: num });
type PeriodBalance = z.infer<typeof PeriodBalance>;
export const PeriodBalanceResponse = z.object({ totalCount: num, periods: z.array(PeriodBalance) });
export type PeriodBalanceResponse = z.infer<typeof PeriodBalanceResponse>;

export const ExpirationBalance = z.object({ days: num, amount: num, earliestExpireDatetime: num.nullable() });
export type ExpirationBalance = z.infer<typeof ExpirationBalance>;

/** `/user/get_coin` (§5: succeeds only with status code 0). */
export const GetCoinResponse = z.object({ status: OkStatus, results: z.object({ coin: num, mangaCoin: num, point: num }) });
export type GetCoinResponse = z.infer<typeof GetCoinResponse>;

/** Same-origin path the sandbox's confirmation page returns to. */
const returnUrl = z
  .string()
  .max(500)
  .regex(/^\/(?!\/)[^\s\\]*$/, 'must be a path on this site');

/** `GET /manga_coin/pcb` (§7, §5 required `path`): a same-site path to come back to after buying coins. */
export const CoinReturnQuery = z.object({ path: returnUrl });
export const CoinReturnRegistered = z.object({
  status: OkStatus,
  results: z.object({ path: z.string(), /** The coin shop, told to come back through `/cb`. */ shopUrl: z.string() }),
});
export type CoinReturnRegistered = z.infer<typeof CoinReturnRegistered>;
/** `GET /manga_coin/cb`: after a coin purchase. */
export const CoinCallbackResponse = z.object({
  status: OkStatus,
  results: z.object({
    /** The path `/pcb` kept (handed out once), else null. */
    path: z.string().nullable(),
    /** The member's latest coin pack order since that path was kept (or ever, without one). */
    purchase: z.object({ orderId: num, status: z.string(), coin: num, bonus: num }).nullable(),
    mangaCoin: num,
  }),
});
export type CoinCallbackResponse = z.infer<typeof CoinCallbackResponse>;

export const CoinPurchaseQuery = z.object({ token: z.string().min(1).max(200) });
export const CoinPurchaseBody = z.object({
  itemId: jsonRowId,
  paymentType: coinPaymentMethodParam,
  /** Required for creditcard (the provider's card fields answer it), ignored otherwise. */
  cardId: CardId.optional(),
  card: RefusedCardData,
  returnUrl: returnUrl.default('/mangacoin'),
});
export type CoinPurchaseBody = z.infer<typeof CoinPurchaseBody>;

export const CoinPurchaseResult = z.discriminatedUnion('status', [
  z.object({ status: z.literal('COMPLETE'), orderId: num, coin: num, bonus: num, bonusPoint: num, balance: num }),
  z.object({ status: z.literal('PROCESSING'), orderId: num, confirmUrl: z.string() }),
]);
export type CoinPurchaseResult = z.infer<typeof CoinPurchaseResult>;

/** A konbini voucher as Stripe gives it (`next_action.konbini_display_details`). */
export const KonbiniVoucher = z.object({
  /** The last moment it may be paid (epoch ms). */
  expiresAt: num,
  /** Stripe's voucher page (払込票): how to pay at each chain, to print or show at the till. */
  voucherUrl: z.string().nullable(),
  /** Each chain's numbers to give at the till. */
  stores: z.array(
    z.object({
      store: z.enum(['familymart', 'lawson', 'ministop', 'seicomart']),
      confirmationNumber: z.string().nullable(),
      paymentCode: z.string().nullable(),
    }),
  ),
});
export type KonbiniVoucher = z.infer<typeof KonbiniVoucher>;

/**
 * `GET /manga_coin/payment_config`: how the coin shop takes payments: the provider, the methods it
 * offers (the shop's tabs), and for Stripe what the page's Stripe.js needs. The same for everyone
 * and constant for the process (no database work).
 */
export const CoinPaymentConfig = z.object({
  provider: z.enum(['sandbox', 'stripe']),
  methods: z.array(z.enum(CoinPaymentMethod)),
  stripe: z
    .object({
      publishableKey: z.string(),
      /** Where Stripe.js is loaded from; null: Stripe's own (`@stripe/stripe-js`). Another only for tests (STRIPE_JS_URL). */
      jsUrl: z.string().nullable(),
    })
    .nullable(),
});
export type CoinPaymentConfig = z.infer<typeof CoinPaymentConfig>;

/**
 * What `/manga_coin/purchase` answers with every provider: CoinPurchaseResult (the sandbox's) or,
 * with PAYMENT_PROVIDER=stripe (issue 39), three more, which the coin shop's Stripe checkout
 * (`stripe-checkout.tsx`, Stripe.js's Payment Element) handles.
 */
export const CoinPurchaseAnswer = z.discriminatedUnion('status', [
  ...CoinPurchaseResult.options,
  /**
   * The card's bank asks for 3-D Secure: the page runs it with Stripe.js
   * (`handleNextAction({ clientSecret })`); the coins come with Stripe's webhook, the page polls
   * `/manga_coin/purchases/:order_id`. PayPay: `redirectUrl` is PayPay's page, where the browser
   * goes; Stripe sends it back to the coin shop's return URL with `order_id`.
   */
  z.object({ status: z.literal('REQUIRES_ACTION'), orderId: num, clientSecret: z.string(), redirectUrl: z.string().optional() }),
  /** The payment is being decided (no answer from Stripe yet); the page polls `/manga_coin/purchases/:order_id`. */
  z.object({ status: z.literal('PENDING'), orderId: num }),
  /**
   * Konbini: the voucher to pay at a convenience store by `expiresAt` (epoch ms). The order stays
   * PROCESSING; the coins come with Stripe's webhook when it is paid, an unpaid one ends CANCEL
   * (PAYMENT_EXPIRED) after that time.
   */
  z.object({ status: z.literal('VOUCHER'), orderId: num, voucher: KonbiniVoucher }),
]);
export type CoinPurchaseAnswer = z.infer<typeof CoinPurchaseAnswer>;

/** A coin pack payment as `/manga_coin/purchases/:order_id` reports it (after the return URL). */
export const CoinPurchaseStatus = z.object({
  orderId: num,
  /** Order status of §4: PROCESSING while awaiting confirmation, then COMPLETE, CANCEL or PAYMENT_ERROR. */
  status: z.string(),
  paymentType: paymentMethod,
  itemId: num,
  coin: num,
  bonus: num,
  bonusPoint: num,
  taxIncludedPrice: num,
  /** Why it failed or was cancelled (§8 code), null otherwise. */
  failureCode: z.string().nullable(),
  orderDatetime: num,
});
export type CoinPurchaseStatus = z.infer<typeof CoinPurchaseStatus>;
export const OrderIdPath = z.object({ order_id: rowId });

/**
 * `GET /manga_coin/purchases/unsettled` (member): the member's latest coin pack payment made on a
 * provider's confirmation page (docomo, PayPay…) while it waits for the member (PROCESSING, with
 * the time limit `expiresAt`), or once it ended unapproved at that limit (CANCEL with
 * PAYMENT_EXPIRED, for a day); otherwise null. The coin shop says with it what became of a
 * payment the member left (the back button on the confirmation page).
 */
export const UnsettledCoinPurchase = z.object({
  purchase: CoinPurchaseStatus.nullable(),
  /** When a PROCESSING payment ends unapproved if the member does not decide (epoch ms). */
  expiresAt: num.nullable(),
  /** A konbini payment still waiting: its voucher again (the numbers for the till, Stripe's 払込票), asked of Stripe; null otherwise or when Stripe does not answer. */
  voucher: KonbiniVoucher.nullable(),
});
export type UnsettledCoinPurchase = z.infer<typeof UnsettledCoinPurchase>;

/** 資金決済法に基づく表示 (Payment Services Act disclosure for prepaid paid coins). */
export const PaymentServicesActNotice = z.object({
  title: z.string(),
  sections: z.array(z.object({ heading: z.string(), body: z.string() })),
});
export type PaymentServicesActNotice = z.infer<typeof PaymentServicesActNotice>;
