/**
 * Error codes of spec §8, plus the few that the spec leaves to the server (accounts,
 * one-time tokens, rate limits). Every error body is `{ errorCode, messages? }`.
 */
export const ErrorCode = {
  // General (§8)
  BAD_REQUEST: 'BAD_REQUEST',
  NOT_FOUND: 'NOT_FOUND',
  UNAUTHORIZED: 'UNAUTHORIZED',
  FORBIDDEN: 'FORBIDDEN',
  INTERNAL_SERVER_ERROR: 'INTERNAL_SERVER_ERROR',
  REQUEST_TIMEOUT: 'REQUEST_TIMEOUT',
  // Accounts and tokens (not named by the spec)
  EMAIL_ALREADY_REGISTERED: 'EMAIL_ALREADY_REGISTERED',
  INVALID_CREDENTIALS: 'INVALID_CREDENTIALS',
  INVALID_TOKEN: 'INVALID_TOKEN',
  TOKEN_REUSED_WITH_DIFFERENT_REQUEST: 'TOKEN_REUSED_WITH_DIFFERENT_REQUEST',
  TOO_MANY_REQUESTS: 'TOO_MANY_REQUESTS',
  PAYLOAD_TOO_LARGE: 'PAYLOAD_TOO_LARGE',
  // A paid purchase before the member opened their address's confirmation link (403)
  EMAIL_NOT_CONFIRMED: 'EMAIL_NOT_CONFIRMED',
  // Operator console (not named by the spec): a record changed since the operator loaded it
  EDIT_CONFLICT: 'EDIT_CONFLICT',
  // Operator console: a subscription plan members have held cannot be deleted (409), only ended
  PLAN_HAS_MEMBERS: 'PLAN_HAS_MEMBERS',
  // Operator console (403): the staff member gives their second factor first (in this sign-in, or again before a money action)
  SECOND_FACTOR_REQUIRED: 'SECOND_FACTOR_REQUIRED',
  // Serial (§8)
  SERIAL_NOT_EXISTS: 'SERIAL_NOT_EXISTS',
  SERIAL_EPISODE_NOT_EXISTS: 'SERIAL_EPISODE_NOT_EXISTS',
  RENTAL_INVALID_SPEND_TYPE: 'RENTAL_INVALID_SPEND_TYPE',
  RENTAL_INVALID_PAYMENT_TYPE: 'RENTAL_INVALID_PAYMENT_TYPE',
  EPISODE_PAYMENT_FAILED: 'EPISODE_PAYMENT_FAILED',
  NOT_ON_RELEASE: 'NOT_ON_RELEASE',
  EPISODE_NOT_ON_RELEASE: 'EPISODE_NOT_ON_RELEASE',
  NOT_TARGET_ORDER_ONLY_EPISODE: 'NOT_TARGET_ORDER_ONLY_EPISODE',
  INVALID_PRICE: 'INVALID_PRICE',
  CHARGE_NOT_FULL: 'CHARGE_NOT_FULL',
  ALREADY_RENTED: 'ALREADY_RENTED',
  RENTAL_NOT_ENOUGH_MANGA_COIN: 'RENTAL_NOT_ENOUGH_MANGA_COIN',
  RENTAL_NOT_ENOUGH_AMEBA_COIN: 'RENTAL_NOT_ENOUGH_AMEBA_COIN',
  RENTAL_FAILED: 'RENTAL_FAILED',
  OSUSUME_NOT_EXISTS: 'OSUSUME_NOT_EXISTS',
  NOT_USABLE_CHARGE: 'NOT_USABLE_CHARGE',
  NOT_USABLE_TICKET: 'NOT_USABLE_TICKET',
  TICKET_NOT_ENOUGH: 'TICKET_NOT_ENOUGH',
  CATEGORY_NOT_EXISTS: 'CATEGORY_NOT_EXISTS',
  TO_SERIAL_INVALID_TYPE: 'TO_SERIAL_INVALID_TYPE',
  // Content (§8)
  CAMPAIGN_NOT_EXISTS: 'CAMPAIGN_NOT_EXISTS',
  FEATURED_TOPIC_NOT_EXISTS: 'FEATURED_TOPIC_NOT_EXISTS',
  PAGE_TYPE_NOT_EXISTS: 'PAGE_TYPE_NOT_EXISTS',
  // Coupon (§8)
  COUPON_NOT_EXISTS: 'COUPON_NOT_EXISTS',
  USER_COUPO_NOT_EXISTS: 'USER_COUPO_NOT_EXISTS',
  COUPON_INVALID: 'COUPON_INVALID',
  COUPON_EVENT_URL_NOT_EXISTS: 'COUPON_EVENT_URL_NOT_EXISTS',
  ALREADY_EXISTS: 'ALREADY_EXISTS',
  DISPLAY_FLG_OFF: 'DISPLAY_FLG_OFF',
  CHANGED_COND: 'CHANGED_COND',
  // Cart and payment (§8)
  DIFF_PRICE_REQUEST: 'DIFF_PRICE_REQUEST',
  DIFF_CART_ITEMS_REQUEST: 'DIFF_CART_ITEMS_REQUEST',
  CART_NOT_ENOUGH_MANGA_COIN: 'CART_NOT_ENOUGH_MANGA_COIN',
  CART_NOT_ENOUGH_AMEBA_COIN: 'CART_NOT_ENOUGH_AMEBA_COIN',
  CART_INVALID_PAYMENT_TYPE: 'CART_INVALID_PAYMENT_TYPE',
  CART_COIN_LIMIT_EXCEEDED: 'CART_COIN_LIMIT_EXCEEDED',
  CART_NOT_ENOUGH_POINT: 'CART_NOT_ENOUGH_POINT',
  CART_NOT_USE_POINT_OVER_PRICE: 'CART_NOT_USE_POINT_OVER_PRICE',
  INVALID_CARD_ID: 'INVALID_CARD_ID',
  MAINTENANCE: 'MAINTENANCE',
  AMEBA_PAY_MAINTENANCE: 'AMEBA_PAY_MAINTENANCE',
  CART_PAYMENT_RESERVE_ERROR: 'CART_PAYMENT_RESERVE_ERROR',
  CART_PAYMENT_FAILED: 'CART_PAYMENT_FAILED',
  // Coin purchase (§8)
  INVALID_COIN_SALES_ID: 'INVALID_COIN_SALES_ID',
  POSSESSION_LIMIT: 'POSSESSION_LIMIT',
  UNSUPPORTED_CARD: 'UNSUPPORTED_CARD',
  DECLINED_CARD: 'DECLINED_CARD',
  CLIENT_ERROR: 'CLIENT_ERROR',
  PAYMENT_MAINTENANCE: 'PAYMENT_MAINTENANCE',
  COIN_POSESSION_OVER: 'COIN_POSESSION_OVER',
  USER_CREDIT_CARD_LIMIT_EXCEEDED: 'USER_CREDIT_CARD_LIMIT_EXCEEDED',
  // Subscription (§8)
  SIMPLY_SUBSCRIBE_ERROR: 'SIMPLY_SUBSCRIBE_ERROR',
  SIMPLY_UNSUBSCRIBE_ERROR: 'SIMPLY_UNSUBSCRIBE_ERROR',
  SIMPLY_CREDIT_CARD_ERROR: 'SIMPLY_CREDIT_CARD_ERROR',
  // Pre-order (§8; DIFF_PRICE_REQUEST is shared with the cart)
  NOT_ENOUGH_MANGA_COIN: 'NOT_ENOUGH_MANGA_COIN',
  INVALID_BOOK_ID: 'INVALID_BOOK_ID',
  ALREADY_RESERVED: 'ALREADY_RESERVED',
  // Buy refusals named by §5's cart statuses ('already have this book', adult check)
  ALREADY_BUY: 'ALREADY_BUY',
  ADULT_CHECK_REQUIRED: 'ADULT_CHECK_REQUIRED',
  // Cart statuses of §5 used as refusals: a full cart, an order of an empty cart
  CART_LIST_LIMIT_EXCEEDED: 'CART_LIST_LIMIT_EXCEEDED',
  CART_EMPTY: 'CART_EMPTY',
  // §5 cart status: a bundle that can no longer be bought as a whole
  BUNDLE_INVALID: 'BUNDLE_INVALID',
  // Reading (not named by the spec): a page sync older than the stored position (409)
  SYNC_PAGE_CONFLICT: 'SYNC_PAGE_CONFLICT',
  // Lottery ticket grant (§8)
  ALREADY_GRANT_TICKET: 'ALREADY_GRANT_TICKET',
  NOT_TARGET_BOOK: 'NOT_TARGET_BOOK',
  OUT_OF_TERM: 'OUT_OF_TERM',
  // Lottery draw (not named by the spec): a used or expired ticket, an empty box, a failed human check
  LOTTERY_TICKET_USED: 'LOTTERY_TICKET_USED',
  LOTTERY_TICKET_EXPIRED: 'LOTTERY_TICKET_EXPIRED',
  LOTTERY_PRIZE_SOLD_OUT: 'LOTTERY_PRIZE_SOLD_OUT',
  HUMAN_CHECK_FAILED: 'HUMAN_CHECK_FAILED',
  // Invitation (§8)
  INVITATION_NOT_EXIST: 'INVITATION_NOT_EXIST',
  INVITATION_OUT_OF_TERM: 'INVITATION_OUT_OF_TERM',
  INVITATION_OWN_CODE: 'INVITATION_OWN_CODE',
  USER_HAS_PURCHASED_BOOK: 'USER_HAS_PURCHASED_BOOK',
  USER_HAS_RECEIVED_TICKET: 'USER_HAS_RECEIVED_TICKET',
} as const;

export type ErrorCode = (typeof ErrorCode)[keyof typeof ErrorCode];

/** The wire shape of every error response. */
export interface ErrorBody {
  errorCode: ErrorCode;
  messages?: string[];
}

/** HTTP statuses that spec §8 gives a handler to, plus 409 and 429 for the server's own rules. */
type ErrorStatus = 400 | 401 | 403 | 404 | 408 | 409 | 429 | 500;

/**
 * An expected failure of a use case. Thrown at the edge of a service and rendered by the
 * server's one error handler as `{ errorCode, messages }` with `status`.
 */
export class AppError extends Error {
  constructor(
    readonly status: ErrorStatus,
    readonly errorCode: ErrorCode,
    readonly messages?: string[],
  ) {
    super(messages?.[0] ?? errorCode);
    this.name = 'AppError';
  }

  toBody(): ErrorBody {
    return this.messages ? { errorCode: this.errorCode, messages: this.messages } : { errorCode: this.errorCode };
  }
}

export const badRequest = (field: string, reason: string) => new AppError(400, ErrorCode.BAD_REQUEST, [`${field}: ${reason}`]);
export const unauthorized = () => new AppError(401, ErrorCode.UNAUTHORIZED);
export const notFound = (what?: string) => new AppError(404, ErrorCode.NOT_FOUND, what ? [what] : undefined);
