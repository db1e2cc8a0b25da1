import { ErrorCode } from '@hondana/domain/common/errors';
import type { KonbiniVoucher } from '@hondana/domain/wallet/wallet-api';
import type { CardBrand, CoinPaymentMethod } from '@hondana/domain/wallet/wallet-payments';
import Stripe from 'stripe';
import type { PaymentProvider } from './payment-provider';

/**
 * The `stripe` provider (PAYMENT_PROVIDER=stripe, issue 39): real money through Stripe's
 * PaymentIntents. Unlike the sandbox it never moves money inside the store's transaction: the
 * order is written PROCESSING first, the intent is created after that transaction with the order
 * as its idempotency key (`stripePayments.createIntent`), and what the intent became is settled
 * from Stripe's signed webhook or a retrieve (`modules/wallet/stripe-coin-payments.ts`), once per
 * order by a conditional update of its status.
 *
 * Done so far: coin packs by card (3-D Secure as Stripe asks), konbini (a voucher paid later) and
 * PayPay (a redirect); cart orders by card; subscriptions by card (the first cycle on-session by
 * `createIntent` on the member's Customer with `saveForLater`; `chargeOffSession` for the renewals;
 * `saveCard`, a SetupIntent, to change the card) and refunds of an operator's
 * cancellation (`refund`). The areas call these after their transactions, so `start` and
 * `registerCard` (inside one) answer PAYMENT_MAINTENANCE, as carrier billing always does.
 */
export interface StripeConfig {
  secretKey: string;
  publishableKey: string;
  webhookSecret: string;
  /** Another API host (tests: a local stand-in for Stripe's API). */
  host?: string | undefined;
  port?: number | undefined;
  protocol?: 'http' | 'https' | undefined;
  /** Where the page loads Stripe.js from when not Stripe's own (STRIPE_JS_URL: tests only, a local stand-in). */
  jsUrl?: string | undefined;
}

/** The coin pack payment methods Stripe takes (the coin shop's tabs with this provider). */
export const STRIPE_COIN_METHODS = ['creditcard', 'konbini', 'paypay'] as const satisfies readonly CoinPaymentMethod[];
export type StripeCoinMethod = (typeof STRIPE_COIN_METHODS)[number];
/** Stripe's payment method type of each. */
const STRIPE_TYPE: Record<StripeCoinMethod, string> = { creditcard: 'card', konbini: 'konbini', paypay: 'paypay' };
/** How many days a konbini voucher may be paid in (Stripe: until 23:59:59 JST of the last day). */
const KONBINI_EXPIRES_AFTER_DAYS = 3;

/** A 3-D Secure page left unanswered this long ends the order (the intent is cancelled at Stripe). */
export const STRIPE_CONFIRMATION_TTL_MS = 30 * 60 * 1000;
/** The webhook refuses an event signed longer ago than this (a replay). */
const STRIPE_WEBHOOK_TOLERANCE_S = 5 * 60;

/** What the store reads of a PaymentIntent. */
export interface IntentState {
  id: string;
  status: Stripe.PaymentIntent.Status;
  amount: number;
  currency: string;
  orderId: number | null;
  clientSecret: string | null;
  /** §8 code of the last failed attempt (a declined card, failed 3-D Secure), null if none. */
  failureCode: ErrorCode | null;
  /** Stripe's payment method type (`card`, `konbini`, `paypay`). */
  method: string;
  /** Konbini: the voucher to pay (its `expiresAt`: the order's time limit), while it waits. */
  voucher: KonbiniVoucher | null;
  /** PayPay: the page the member is sent to, while it waits. */
  redirectUrl: string | null;
  cardBrand: CardBrand | null;
  cardLast4: string | null;
}

/** An intent's creation: the intent, or the card error Stripe answered (the intent stays for the record). */
export type CreatedIntent = { kind: 'INTENT'; intent: IntentState } | { kind: 'CARD_ERROR'; errorCode: ErrorCode; intentId: string | null };

export interface StripePayments {
  readonly publishableKey: string;
  readonly jsUrl: string | null;
  /** `returnUrl`: absolute, where a redirect method (PayPay) sends the member back. */
  /**
   * `customerId` with `saveForLater` (a subscription's first payment, on-session): the card is kept on
   * the member's Customer for the off-session renewals once this payment succeeds (Stripe's
   * `setup_future_usage`), its 3-D Secure, if the bank asks, covering them.
   */
  createIntent(request: {
    orderId: number;
    userId: number;
    amountYen: number;
    cardId: string;
    method?: StripeCoinMethod;
    returnUrl?: string;
    customerId?: string;
    saveForLater?: boolean;
  }): Promise<CreatedIntent>;
  /** The member's Customer: `customerId` when known, else made once (idempotency key from the member). */
  ensureCustomer(request: { userId: number; customerId: string | null }): Promise<string>;
  retrieveIntent(id: string): Promise<IntentState>;
  /** The order's intent when the store never heard the create call's answer (Stripe's search by metadata); null if none. */
  findIntentOfOrder(orderId: number): Promise<IntentState | null>;
  /** Cancels an intent nobody can finish any more; answers what it is now (a payment that succeeded meanwhile stays succeeded). */
  cancelIntent(id: string): Promise<IntentState>;
  /** The verified event, or null for an unsigned, forged or replayed one (older than 5 minutes). */
  verifyEvent(rawBody: Buffer, signature: string | undefined, nowMs: number): Stripe.Event | null;
  /**
   * Refunds `amountYen` of the order's intent (`refunds.create`, idempotency key from the order and
   * the store's try). A later try first lists the intent's refunds and answers the order's refund
   * an earlier try made (its answer lost), so the money goes back once.
   */
  refundIntent(request: {
    orderId: number;
    intentId: string;
    amountYen: number;
    attempt: number;
  }): Promise<{ id: string; status: string | null }>;
  /**
   * Keeps a card (a PaymentMethod from Stripe.js) for the member's subscription renewals: the
   * member's Customer (made once, idempotency key from the member) and a confirmed SetupIntent for
   * off-session use. Answers the customer, or the card error.
   */
  saveCard(request: {
    userId: number;
    paymentMethod: string;
    customerId: string | null;
  }): Promise<{ kind: 'SAVED'; customerId: string } | { kind: 'CARD_ERROR'; errorCode: ErrorCode; customerId: string }>;
  /** A renewal: the saved card charged off-session (nobody is there for 3-D Secure), the order id as idempotency key. */
  chargeOffSession(request: {
    orderId: number;
    userId: number;
    customerId: string;
    paymentMethod: string;
    amountYen: number;
  }): Promise<CreatedIntent>;
}

type StripeProvider = PaymentProvider & { readonly stripe: StripePayments };

export const isStripeProvider = (provider: PaymentProvider): provider is StripeProvider => 'stripe' in provider;

export function createStripeProvider(config: StripeConfig): StripeProvider {
  const client = new Stripe(config.secretKey, {
    ...(config.host ? { host: config.host } : {}),
    ...(config.port ? { port: config.port } : {}),
    ...(config.protocol ? { protocol: config.protocol } : {}),
    maxNetworkRetries: 2,
    timeout: 20_000,
    telemetry: false,
  });
  const stripe: StripePayments = {
    publishableKey: config.publishableKey,
    jsUrl: config.jsUrl ?? null,
    async createIntent({ orderId, userId, amountYen, cardId, method = 'creditcard', returnUrl, customerId, saveForLater }) {
      // Cards: 3-D Secure runs on the page (Stripe.js), with no redirect (and no return URL) needed.
      // Konbini: the voucher is answered at once; PayPay: a redirect to its page and back to `returnUrl`.
      const byMethod: Partial<Stripe.PaymentIntentCreateParams> =
        method === 'creditcard'
          ? { automatic_payment_methods: { enabled: true, allow_redirects: 'never' } }
          : method === 'konbini'
            ? {
                allowed_payment_method_types: [STRIPE_TYPE.konbini],
                payment_method_options: {
                  konbini: { expires_after_days: KONBINI_EXPIRES_AFTER_DAYS, product_description: 'マンガコイン' },
                },
              }
            : { allowed_payment_method_types: [STRIPE_TYPE[method]], ...(returnUrl ? { return_url: returnUrl } : {}) };
      try {
        const intent = await client.paymentIntents.create(
          {
            amount: amountYen,
            currency: 'jpy',
            payment_method: cardId,
            ...byMethod,
            ...(customerId ? { customer: customerId } : {}),
            ...(customerId && saveForLater ? { setup_future_usage: 'off_session' as const } : {}),
            confirm: true,
            metadata: { order_id: String(orderId), user_id: String(userId) },
            expand: ['latest_charge'],
          },
          { idempotencyKey: `hondana-order-${orderId}` },
        );
        return { kind: 'INTENT', intent: intentState(intent) };
      } catch (error) {
        if (error instanceof Stripe.errors.StripeCardError) {
          const raw = error.raw as { payment_intent?: { id?: string } } | undefined;
          return {
            kind: 'CARD_ERROR',
            errorCode: cardErrorCode(error.code, error.decline_code),
            intentId: raw?.payment_intent?.id ?? null,
          };
        }
        throw error;
      }
    },
    retrieveIntent: async (id) => intentState(await client.paymentIntents.retrieve(id, { expand: ['latest_charge'] })),
    async findIntentOfOrder(orderId) {
      const found = await client.paymentIntents.search({ query: `metadata['order_id']:'${orderId}'`, limit: 1 });
      return found.data[0] ? intentState(found.data[0]) : null;
    },
    async cancelIntent(id) {
      try {
        return intentState(await client.paymentIntents.cancel(id));
      } catch (error) {
        // Stripe refuses to cancel an intent that succeeded (or was cancelled) meanwhile: read what it is.
        if (error instanceof Stripe.errors.StripeInvalidRequestError) return stripe.retrieveIntent(id);
        throw error;
      }
    },
    verifyEvent(rawBody, signature, nowMs) {
      if (!signature) return null;
      try {
        return client.webhooks.constructEvent(rawBody, signature, config.webhookSecret, STRIPE_WEBHOOK_TOLERANCE_S, undefined, nowMs); // receivedAt: in ms
      } catch {
        return null;
      }
    },
    async refundIntent({ orderId, intentId, amountYen, attempt }) {
      if (attempt > 1) {
        const earlier = await client.refunds.list({ payment_intent: intentId, limit: 100 });
        const made = earlier.data.find((r) => r.metadata?.order_id === String(orderId) && r.status !== 'failed' && r.status !== 'canceled');
        if (made) return { id: made.id, status: made.status };
      }
      const refund = await client.refunds.create(
        { payment_intent: intentId, amount: amountYen, reason: 'requested_by_customer', metadata: { order_id: String(orderId) } },
        { idempotencyKey: `hondana-refund-${orderId}-${attempt}` },
      );
      return { id: refund.id, status: refund.status };
    },
    ensureCustomer: async ({ userId, customerId }) =>
      customerId ??
      (await client.customers.create({ metadata: { user_id: String(userId) } }, { idempotencyKey: `hondana-customer-${userId}` })).id,
    async saveCard({ userId, paymentMethod, customerId }) {
      const customer = await stripe.ensureCustomer({ userId, customerId });
      try {
        await client.setupIntents.create({
          customer,
          payment_method: paymentMethod,
          confirm: true,
          usage: 'off_session',
          automatic_payment_methods: { enabled: true, allow_redirects: 'never' },
          metadata: { user_id: String(userId) },
        });
        return { kind: 'SAVED', customerId: customer };
      } catch (error) {
        if (error instanceof Stripe.errors.StripeCardError)
          return { kind: 'CARD_ERROR', errorCode: cardErrorCode(error.code, error.decline_code), customerId: customer };
        throw error;
      }
    },
    async chargeOffSession({ orderId, userId, customerId, paymentMethod, amountYen }) {
      try {
        const intent = await client.paymentIntents.create(
          {
            amount: amountYen,
            currency: 'jpy',
            customer: customerId,
            payment_method: paymentMethod,
            off_session: true,
            confirm: true,
            metadata: { order_id: String(orderId), user_id: String(userId) },
            expand: ['latest_charge'],
          },
          { idempotencyKey: `hondana-order-${orderId}` },
        );
        return { kind: 'INTENT', intent: intentState(intent) };
      } catch (error) {
        if (error instanceof Stripe.errors.StripeCardError) {
          const raw = error.raw as { payment_intent?: { id?: string } } | undefined;
          return {
            kind: 'CARD_ERROR',
            errorCode: cardErrorCode(error.code, error.decline_code),
            intentId: raw?.payment_intent?.id ?? null,
          };
        }
        throw error;
      }
    },
  };
  return {
    name: 'stripe',
    confirmationTtlMs: STRIPE_CONFIRMATION_TTL_MS,
    // Coin packs by card, konbini and PayPay so far (the other areas check this before starting); carrier billing never.
    underMaintenance: (method: CoinPaymentMethod) => !(STRIPE_COIN_METHODS as readonly string[]).includes(method),
    start: async () => ({
      kind: 'FAILED',
      errorCode: ErrorCode.PAYMENT_MAINTENANCE,
      message: 'payment: not offered with Stripe yet',
      cardBrand: null,
      cardLast4: null,
    }),
    registerCard: async () => ({
      kind: 'FAILED',
      errorCode: ErrorCode.PAYMENT_MAINTENANCE,
      message: 'card: not offered with Stripe yet',
      cardBrand: null,
      cardLast4: null,
    }),
    async refund(_db, { orderId, paymentRef, amountYen, attempt }) {
      if (!paymentRef?.startsWith('pi_')) return { kind: 'FAILED', message: 'refund: the order has no Stripe payment' };
      try {
        const refund = await stripe.refundIntent({ orderId, intentId: paymentRef, amountYen, attempt });
        if (refund.status === 'failed' || refund.status === 'canceled')
          return { kind: 'FAILED', message: `refund: ${refund.status} at Stripe (${refund.id})` };
        return { kind: 'REFUNDED', refundRef: refund.id };
      } catch (error) {
        // Only the kind of error and Stripe's code: never the request (nor a key).
        if (error instanceof Stripe.errors.StripeError)
          return { kind: 'FAILED', message: `refund: ${error.type}${error.code ? ` ${error.code}` : ''}` };
        return { kind: 'FAILED', message: `refund: ${error instanceof Error ? error.name : 'error'}` };
      }
    },
    stripe,
  };
}

/** PAYMENT_PROVIDER=stripe with its three keys; the sandbox otherwise. A key is never logged, not even in the error. */
export function stripeConfigFromEnv(env: NodeJS.ProcessEnv = process.env): StripeConfig | null {
  const provider = env.PAYMENT_PROVIDER ?? 'sandbox';
  if (provider === 'sandbox' || provider === '') return null;
  if (provider !== 'stripe') throw new Error(`PAYMENT_PROVIDER must be sandbox or stripe, not "${provider}"`);
  const missing = ['STRIPE_SECRET_KEY', 'STRIPE_PUBLISHABLE_KEY', 'STRIPE_WEBHOOK_SECRET'].filter((name) => !env[name]);
  if (missing.length > 0) throw new Error(`PAYMENT_PROVIDER=stripe needs ${missing.join(', ')}`);
  return {
    secretKey: env.STRIPE_SECRET_KEY!,
    publishableKey: env.STRIPE_PUBLISHABLE_KEY!,
    webhookSecret: env.STRIPE_WEBHOOK_SECRET!,
    ...(env.STRIPE_JS_URL ? { jsUrl: stripeJsUrl(env.STRIPE_JS_URL) } : {}),
    ...(env.STRIPE_API_URL ? stripeApiHost(env.STRIPE_API_URL) : {}),
  };
}

/** STRIPE_API_URL (tests only: the journeys' local stand-in for Stripe's API): its host, port and protocol. */
function stripeApiHost(value: string): Pick<StripeConfig, 'host' | 'port' | 'protocol'> {
  const url = new URL(stripeJsUrl(value, 'STRIPE_API_URL'));
  return {
    host: url.hostname,
    port: Number(url.port) || (url.protocol === 'http:' ? 80 : 443),
    protocol: url.protocol === 'http:' ? 'http' : 'https',
  };
}

/** STRIPE_JS_URL (tests: a local stand-in for Stripe.js): an http(s) URL, whose origin the pages' policy allows. */
function stripeJsUrl(value: string, name = 'STRIPE_JS_URL'): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new Error(`${name} must be an http(s) URL`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error(`${name} must be an http(s) URL`);
  return url.href;
}

const BRANDS: Record<string, CardBrand> = { visa: 'VISA', mastercard: 'MASTER', jcb: 'JCB', amex: 'AMEX', diners: 'DINERS' };

export function intentState(intent: Stripe.PaymentIntent): IntentState {
  const charge = typeof intent.latest_charge === 'object' && intent.latest_charge !== null ? intent.latest_charge : null;
  const card = charge?.payment_method_details?.card ?? null;
  const orderId = Number(intent.metadata?.order_id);
  const lastError = intent.last_payment_error;
  return {
    id: intent.id,
    status: intent.status,
    amount: intent.amount,
    currency: intent.currency,
    orderId: Number.isInteger(orderId) && orderId > 0 ? orderId : null,
    clientSecret: intent.client_secret,
    failureCode: lastError ? cardErrorCode(lastError.code, lastError.decline_code) : null,
    cardBrand: card ? (BRANDS[card.brand ?? ''] ?? null) : null,
    cardLast4: card?.last4 ?? null,
    method: intent.payment_method_types?.[0] ?? 'card',
    voucher: voucherOf(intent.next_action?.konbini_display_details),
    redirectUrl: intent.next_action?.redirect_to_url?.url ?? null,
  };
}

const KONBINI_STORES = ['familymart', 'lawson', 'ministop', 'seicomart'] as const;

function voucherOf(details: Stripe.PaymentIntent.NextAction.KonbiniDisplayDetails | undefined): KonbiniVoucher | null {
  if (!details) return null;
  return {
    expiresAt: details.expires_at * 1000,
    voucherUrl: details.hosted_voucher_url ?? null,
    stores: KONBINI_STORES.filter((store) => details.stores?.[store]).map((store) => ({
      store,
      confirmationNumber: details.stores[store]?.confirmation_number ?? null,
      paymentCode: details.stores[store]?.payment_code ?? null,
    })),
  };
}

/** Stripe's card error and decline codes as §8 payment errors. */
function cardErrorCode(code: string | undefined | null, declineCode: string | undefined | null): ErrorCode {
  const reason = declineCode ?? code ?? '';
  if (['insufficient_funds', 'card_velocity_exceeded', 'withdrawal_count_limit_exceeded'].includes(reason))
    return ErrorCode.USER_CREDIT_CARD_LIMIT_EXCEEDED;
  if (['card_not_supported', 'currency_not_supported', 'transaction_not_allowed'].includes(reason)) return ErrorCode.UNSUPPORTED_CARD;
  if (['processing_error', 'api_key_expired'].includes(reason)) return ErrorCode.CLIENT_ERROR;
  return ErrorCode.DECLINED_CARD;
}
