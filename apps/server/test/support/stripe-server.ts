import { type IncomingMessage, type Server, type ServerResponse, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import type { StripeConfig } from '../../src/payments/stripe-provider';

/**
 * A local stand-in for Stripe's API, speaking the subset the store calls (PaymentIntents: create
 * with confirm, retrieve, search by metadata, cancel) with Stripe's documented object shapes and
 * error bodies (https://docs.stripe.com/api/payment_intents/object, /api/errors). The official
 * `stripe` package is pointed at it (`host`, `port`, `protocol: 'http'`). Cards are Stripe's test
 * PaymentMethods: `pm_card_visa` succeeds, `pm_card_threeDSecure2Required` asks for 3-D Secure,
 * Refunds (https://docs.stripe.com/api/refunds/object): create against a payment_intent (never
 * more than is left unrefunded of its charge) and list by payment_intent. Customers (create) and
 * SetupIntents (create with confirm: the card attached to the customer for off-session use);
 * off-session PaymentIntents (`off_session=true` with the customer): `pm_card_authenticationRequired`
 * is then refused with `authentication_required`, as Stripe's test card 4000 0027 6000 3184 is;
 * `pm_card_authenticationRequiredOnSetup` (4000 0025 0000 3155) asks for it on-session only, until set up.
 * An on-session PaymentIntent with the customer and `setup_future_usage=off_session` (a
 * subscription's first payment) attaches its card to the customer when it succeeds.
 * `pm_card_chargeDeclined` / `pm_card_chargeDeclinedInsufficientFunds` are declined; `pm_konbini`
 * gets a voucher (`next_action.konbini_display_details`) and `pm_paypay` a redirect
 * (`next_action.redirect_to_url`), both waiting in requires_action until `pay` (or `expire`).
 *
 * For a browser (the e2e journey's stand-in Stripe.js): `POST /v1/payment_methods` with the
 * publishable key (`key` in the form, as Stripe.js sends it) makes PaymentMethods from Stripe's
 * test card numbers or konbini's billing details; `POST /v1/payment_intents/:id/stand_in_authenticate`
 * (the stand-in's own, for its 3-D Secure step and its PayPay page) passes or fails the challenge;
 * `files` are served as they are (the stand-in Stripe.js, its 3-D Secure frame, its PayPay page:
 * with one, PayPay's redirect goes there); answers carry CORS headers. With `webhookUrl` set, the
 * events of what the browser did are signed and sent there, as Stripe does.
 */
export const STRIPE_TEST_SECRET = 'sk_test_hondana_local';
export const STRIPE_TEST_WEBHOOK_SECRET = 'whsec_hondana_local';

type Intent = Record<string, unknown> & {
  id: string;
  status: string;
  amount: number;
  metadata: Record<string, string>;
  latest_charge: string | null;
  payment_method: string;
};

export interface StripeStandIn {
  config: StripeConfig;
  intents: Map<string, Intent>;
  refunds: Map<
    string,
    Record<string, unknown> & { id: string; amount: number; payment_intent: string; status: string; metadata: Record<string, string> }
  >;
  /** Refund creates fail: `api_error` answers 500 and makes nothing; `lost` makes the refund and drops the answer (retries too). */
  refundFailure: 'api_error' | 'lost' | null;
  /** Every request: method, path and the Idempotency-Key header. */
  calls: { method: string; path: string; idempotencyKey: string | undefined }[];
  /** Runs after an intent is made and before the create call is answered (a webhook that overtakes the answer). */
  beforeCreateAnswer: ((intent: Intent) => Promise<void>) | null;
  /** Stripe's clock (epoch ms): the events' signing time; the store's test clock may be ahead of the real one. */
  now: () => number;
  /** The create calls' answers are lost (the connection drops after the intent is made), retries too. */
  loseCreateAnswers: boolean;
  /** The member passed 3-D Secure on Stripe.js: the intent is charged. */
  authenticate(id: string): Intent;
  /** The member paid: a konbini voucher at the till, or on PayPay's page (the intent succeeds). */
  pay(id: string): Intent;
  /** The konbini voucher's time limit passed unpaid, or the member left PayPay's page: back to requires_payment_method, as Stripe does. */
  expire(id: string): Intent;
  /** Where the events of what a browser did are sent, signed (null: nowhere). */
  webhookUrl: string | null;
  /** Signs the intent's event as it is now and sends it to `webhookUrl`; answers the store's status code. */
  deliver(type: string, id: string): Promise<number>;
  /** The card network refused a refund Stripe had taken (a closed card): failed, with Stripe's failure_reason. */
  failRefund(id: string, reason?: string): void;
  /** A signed webhook of the intent (or the refund) as it is now (`timestamp`: seconds, default now). */
  event(type: string, id: string, options?: { timestamp?: number; secret?: string }): { payload: string; signature: string };
  close(): Promise<void>;
}

/** `setUpOnce`: asks for 3-D Secure on-session, and no more off-session once set up for later use (4000 0025 0000 3155). */
type Card = {
  brand: string;
  last4: string;
  outcome: 'succeeded' | 'requires_action' | 'declined';
  declineCode?: string;
  attaches?: boolean;
  setUpOnce?: boolean;
};
type Method = ({ type: 'card' } & Card) | { type: 'konbini' | 'paypay' };
const CARD_METHODS: Record<string, Card> = {
  pm_card_visa: { brand: 'visa', last4: '4242', outcome: 'succeeded' },
  pm_card_jcb: { brand: 'jcb', last4: '0000', outcome: 'succeeded' },
  pm_card_threeDSecure2Required: { brand: 'visa', last4: '3220', outcome: 'requires_action' },
  // Succeeds once set up for later use (a SetupIntent authenticated it); asks for authentication again off-session.
  pm_card_authenticationRequired: { brand: 'visa', last4: '3184', outcome: 'requires_action' },
  pm_card_authenticationRequiredOnSetup: { brand: 'visa', last4: '3155', outcome: 'requires_action', setUpOnce: true },
  pm_card_chargeDeclined: { brand: 'visa', last4: '0002', outcome: 'declined', declineCode: 'generic_decline' },
  pm_card_chargeDeclinedInsufficientFunds: { brand: 'visa', last4: '9995', outcome: 'declined', declineCode: 'insufficient_funds' },
  // 4000 0000 0000 0341: attaching it to a customer succeeds, charging it later is declined.
  pm_card_chargeCustomerFail: { brand: 'visa', last4: '0341', outcome: 'declined', declineCode: 'generic_decline', attaches: true },
};

/** Stripe's test card numbers (https://docs.stripe.com/testing) as the browser's stand-in Stripe.js sends them. */
const TEST_CARD_NUMBERS: Record<string, (typeof CARD_METHODS)[string]> = {
  '4242424242424242': CARD_METHODS.pm_card_visa!,
  '3566002020360505': { brand: 'jcb', last4: '0505', outcome: 'succeeded' },
  '4000000000003220': CARD_METHODS.pm_card_threeDSecure2Required!,
  '4000002500003155': CARD_METHODS.pm_card_authenticationRequiredOnSetup!,
  '4000000000000002': CARD_METHODS.pm_card_chargeDeclined!,
  '4000000000009995': CARD_METHODS.pm_card_chargeDeclinedInsufficientFunds!,
};

export const STRIPE_TEST_PUBLISHABLE = 'pk_test_hondana_local';
const KONBINI_STORES = ['familymart', 'lawson', 'ministop', 'seicomart'] as const;
const DAY_S = 24 * 60 * 60;
const JST_S = 9 * 60 * 60;

export async function startStripeStandIn(options: { files?: Record<string, string> } = {}): Promise<StripeStandIn> {
  const methods = new Map<string, Method>([
    ...Object.entries(CARD_METHODS).map(([id, card]) => [id, { type: 'card' as const, ...card }] as const),
    ['pm_konbini', { type: 'konbini' }],
    ['pm_paypay', { type: 'paypay' }],
  ]);
  const intents = new Map<string, Intent>();
  const charges = new Map<string, Record<string, unknown>>();
  const idempotent = new Map<string, { status: number; body: unknown }>();
  const refunds: StripeStandIn['refunds'] = new Map();
  const customers = new Map<string, Record<string, unknown>>();
  /** Payment methods attached to a customer (by a SetupIntent). */
  const attached = new Map<string, string>();
  let serial = 0;
  const nextId = (prefix: string) => `${prefix}_${(++serial).toString().padStart(6, '0')}Hondana`;
  const stand: StripeStandIn = {
    config: {
      secretKey: STRIPE_TEST_SECRET,
      publishableKey: STRIPE_TEST_PUBLISHABLE,
      webhookSecret: STRIPE_TEST_WEBHOOK_SECRET,
      host: '127.0.0.1',
      port: 0,
      protocol: 'http',
    },
    intents,
    refunds,
    refundFailure: null,
    calls: [],
    beforeCreateAnswer: null,
    loseCreateAnswers: false,
    now: () => Date.now(),
    webhookUrl: null,
    authenticate(id) {
      const intent = intents.get(id)!;
      charge(intent);
      return intent;
    },
    pay(id) {
      const intent = intents.get(id)!;
      charge(intent);
      return intent;
    },
    expire(id) {
      const intent = intents.get(id)!;
      const lastError = {
        type: 'invalid_request_error',
        code: 'payment_intent_payment_attempt_expired',
        message: 'The payment attempt expired.',
        payment_method: { id: intent.payment_method, object: 'payment_method', type: methods.get(intent.payment_method)?.type },
      };
      Object.assign(intent, { status: 'requires_payment_method', next_action: null, last_payment_error: lastError });
      return intent;
    },
    failRefund(id, reason = 'expired_or_canceled_card') {
      Object.assign(refunds.get(id)!, { status: 'failed', failure_reason: reason, failure_balance_transaction: nextId('txn') });
    },
    async deliver(type, id) {
      if (!stand.webhookUrl) return 0;
      const { payload, signature } = stand.event(type, id);
      const response = await fetch(stand.webhookUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'stripe-signature': signature },
        body: payload,
      });
      return response.status;
    },
    event(type, id, options = {}) {
      const timestamp = options.timestamp ?? Math.floor(stand.now() / 1000);
      const payload = JSON.stringify({
        id: nextId('evt'),
        object: 'event',
        api_version: '2025-01-27.acacia',
        created: timestamp,
        data: { object: intents.get(id) ?? refunds.get(id) },
        livemode: false,
        pending_webhooks: 1,
        request: { id: null, idempotency_key: null },
        type,
      });
      const signature = Stripe.webhooks.generateTestHeaderString({
        payload,
        secret: options.secret ?? STRIPE_TEST_WEBHOOK_SECRET,
        timestamp,
      });
      return { payload, signature };
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };

  function charge(intent: Intent) {
    const method = methods.get(intent.payment_method)!;
    const id = nextId('ch');
    const details =
      method.type === 'card'
        ? { type: 'card', card: { brand: method.brand, last4: method.last4, exp_month: 12, exp_year: 2039 } }
        : method.type === 'konbini'
          ? { type: 'konbini', konbini: { store: { chain: 'lawson' } } }
          : { type: 'paypay', paypay: { buyer_id: null } };
    charges.set(id, {
      id,
      object: 'charge',
      amount: intent.amount,
      currency: 'jpy',
      paid: true,
      status: 'succeeded',
      payment_intent: intent.id,
      payment_method_details: details,
    });
    Object.assign(intent, { status: 'succeeded', latest_charge: id, next_action: null, amount_received: intent.amount });
    if (intent.setup_future_usage === 'off_session' && typeof intent.customer === 'string')
      attached.set(intent.payment_method, intent.customer);
  }

  /** PayPay's page: Stripe's redirect, or the stand-in's own page when it serves one (`/paypay.html`, the journeys'). */
  const paypayPage = (intent: Intent) =>
    options.files?.['/paypay.html'] !== undefined
      ? `http://127.0.0.1:${stand.config.port}/paypay.html?${new URLSearchParams({ key: STRIPE_TEST_PUBLISHABLE, client_secret: String(intent.client_secret), return_url: intent.return_url as string })}`
      : `https://pm-redirects.stripe.com/authorize/acct_hondana/pa_nonce_${intent.id}`;

  const view = (intent: Intent, expand: string[]) =>
    expand.includes('latest_charge') && intent.latest_charge
      ? { ...intent, latest_charge: charges.get(intent.latest_charge) }
      : { ...intent };

  async function create(form: URLSearchParams): Promise<{ status: number; body: unknown }> {
    const pm = form.get('payment_method') ?? '';
    const method = methods.get(pm);
    if (!method)
      return error(400, {
        type: 'invalid_request_error',
        code: 'resource_missing',
        param: 'payment_method',
        message: `No such PaymentMethod: '${pm}'`,
      });
    const allowed = [...form].filter(([k]) => k.startsWith('allowed_payment_method_types[')).map(([, v]) => v);
    const types = allowed.length > 0 ? allowed : ['card'];
    if (!types.includes(method.type)) {
      return error(400, {
        type: 'invalid_request_error',
        code: 'payment_intent_incompatible_payment_method',
        param: 'payment_method',
        message: `The PaymentMethod provided (${method.type}) is not allowed for this PaymentIntent.`,
      });
    }
    if (method.type === 'paypay' && !form.get('return_url')) {
      return error(400, {
        type: 'invalid_request_error',
        code: 'parameter_missing',
        param: 'return_url',
        message:
          'A return_url must be specified because this Payment Intent is configured to automatically accept the payment methods enabled in the Dashboard, some of which may require a full page redirect to succeed.',
      });
    }
    const card = method.type === 'card' ? method : null;
    const customer = form.get('customer');
    // setup_future_usage: a card not yet on the Customer is attached to it when this payment succeeds.
    const saveForLater = form.get('setup_future_usage') === 'off_session' && !attached.has(pm);
    if (customer && attached.get(pm) !== customer && !saveForLater) {
      return error(400, {
        type: 'invalid_request_error',
        code: 'resource_missing',
        param: 'payment_method',
        message: `The provided PaymentMethod ${pm} does not belong to the Customer ${customer}.`,
      });
    }
    const offSession = form.get('off_session') === 'true';
    const id = nextId('pi');
    const intent: Intent = {
      id,
      object: 'payment_intent',
      amount: Number(form.get('amount')),
      amount_received: 0,
      currency: form.get('currency') ?? 'jpy',
      automatic_payment_methods: allowed.length > 0 ? null : { enabled: true, allow_redirects: 'never' },
      allowed_payment_method_types: allowed.length > 0 ? allowed : null,
      cancellation_reason: null,
      capture_method: 'automatic',
      client_secret: `${id}_secret_${'x'.repeat(24)}`,
      confirmation_method: 'automatic',
      created: Math.floor(Date.now() / 1000),
      last_payment_error: null,
      latest_charge: null,
      livemode: false,
      metadata: Object.fromEntries([...form].filter(([k]) => k.startsWith('metadata[')).map(([k, v]) => [k.slice(9, -1), v])),
      next_action: null,
      payment_method: pm,
      payment_method_types: types,
      status: 'requires_confirmation',
      customer: customer ?? null,
      setup_future_usage: form.get('setup_future_usage'),
    };
    intents.set(id, intent);
    if (offSession && card?.outcome === 'requires_action' && !(card.setUpOnce && customer && attached.get(pm) === customer)) {
      // Off-session, nobody can pass 3-D Secure: Stripe refuses with authentication_required.
      const lastError = {
        type: 'card_error',
        code: 'authentication_required',
        decline_code: 'authentication_required',
        message: 'Your card was declined. This transaction requires authentication.',
        doc_url: 'https://stripe.com/docs/error-codes/authentication-required',
        payment_method: { id: pm, object: 'payment_method', type: 'card' },
      };
      Object.assign(intent, { status: 'requires_payment_method', last_payment_error: lastError });
      return error(402, {
        ...lastError,
        payment_intent: view(intent, []),
        request_log_url: 'https://dashboard.stripe.com/test/logs/req_x',
      });
    }
    const expand = [...form].filter(([k]) => k.startsWith('expand[')).map(([, v]) => v);
    if (method.type === 'konbini') {
      // Until 23:59:59 JST of the voucher's last day (expires_after_days, default 3).
      const days = Number(form.get('payment_method_options[konbini][expires_after_days]') ?? 3);
      const nowS = Math.floor(stand.now() / 1000);
      const expiresAt = Math.floor((nowS + JST_S) / DAY_S) * DAY_S + (days + 1) * DAY_S - JST_S - 1;
      const stores = Object.fromEntries(
        KONBINI_STORES.map((store, i) => [
          store,
          {
            confirmation_number: store === 'familymart' ? null : `${11000000000 + serial * 10 + i}`,
            payment_code: `${123456 + serial}${i}`,
          },
        ]),
      );
      Object.assign(intent, {
        status: 'requires_action',
        next_action: {
          type: 'konbini_display_details',
          konbini_display_details: {
            expires_at: expiresAt,
            hosted_voucher_url: `https://payments.stripe.com/konbini/voucher/test_${id}`,
            stores,
          },
        },
      });
    }
    if (method.type === 'paypay') {
      intent.return_url = form.get('return_url');
      Object.assign(intent, {
        status: 'requires_action',
        next_action: { type: 'redirect_to_url', redirect_to_url: { url: paypayPage(intent), return_url: form.get('return_url') } },
      });
    }
    if (card?.outcome === 'succeeded' || (offSession && card?.setUpOnce)) charge(intent);
    else if (card?.outcome === 'requires_action') {
      Object.assign(intent, {
        status: 'requires_action',
        next_action: {
          type: 'use_stripe_sdk',
          use_stripe_sdk: { type: 'three_d_secure_redirect', stripe_js: 'https://hooks.stripe.com/3d_secure_2/hosted', source: 'src_x' },
        },
      });
    }
    if (card?.outcome === 'declined') {
      const chargeId = nextId('ch');
      const lastError = {
        type: 'card_error',
        code: 'card_declined',
        decline_code: card!.declineCode,
        message: 'Your card was declined.',
        doc_url: 'https://stripe.com/docs/error-codes/card-declined',
        charge: chargeId,
        payment_method: { id: pm, object: 'payment_method', type: 'card' },
      };
      Object.assign(intent, { status: 'requires_payment_method', last_payment_error: lastError, latest_charge: chargeId });
      if (stand.beforeCreateAnswer) await stand.beforeCreateAnswer(intent);
      return error(402, {
        ...lastError,
        payment_intent: view(intent, expand),
        request_log_url: `https://dashboard.stripe.com/test/logs/req_x`,
      });
    }
    if (stand.beforeCreateAnswer) await stand.beforeCreateAnswer(intent);
    return { status: 200, body: view(intent, expand) };
  }

  const error = (status: number, body: Record<string, unknown>) => ({ status, body: { error: body } });

  function createRefund(form: URLSearchParams): { status: number; body: unknown } {
    const intent = intents.get(form.get('payment_intent') ?? '');
    if (!intent)
      return error(404, {
        type: 'invalid_request_error',
        code: 'resource_missing',
        param: 'payment_intent',
        message: `No such payment_intent: '${form.get('payment_intent') ?? ''}'`,
      });
    if (intent.status !== 'succeeded' || !intent.latest_charge) {
      return error(400, {
        type: 'invalid_request_error',
        code: 'charge_not_refundable',
        message: `This PaymentIntent (${intent.id}) does not have a successful charge to refund.`,
      });
    }
    const refunded = [...refunds.values()]
      .filter((r) => r.payment_intent === intent.id && r.status !== 'failed' && r.status !== 'canceled')
      .reduce((sum, r) => sum + r.amount, 0);
    const left = intent.amount - refunded;
    const amount = form.has('amount') ? Number(form.get('amount')) : left;
    if (left <= 0)
      return error(400, {
        type: 'invalid_request_error',
        code: 'charge_already_refunded',
        message: `Charge ${intent.latest_charge} has already been refunded.`,
      });
    if (amount > left)
      return error(400, {
        type: 'invalid_request_error',
        code: 'amount_too_large',
        param: 'amount',
        message: `Refund amount (¥${amount}) is greater than unrefunded amount on charge (¥${left})`,
      });
    const id = nextId('re');
    const refund = {
      id,
      object: 'refund',
      amount,
      balance_transaction: nextId('txn'),
      charge: intent.latest_charge,
      created: Math.floor(Date.now() / 1000),
      currency: 'jpy',
      destination_details: { type: 'card', card: { type: 'refund', reference_status: 'pending' } },
      metadata: Object.fromEntries([...form].filter(([k]) => k.startsWith('metadata[')).map(([k, v]) => [k.slice(9, -1), v])),
      payment_intent: intent.id,
      reason: form.get('reason'),
      receipt_number: null,
      source_transfer_reversal: null,
      status: 'succeeded',
      transfer_reversal: null,
    };
    refunds.set(id, refund);
    return { status: 200, body: refund };
  }

  /** What Stripe.js may do with the publishable key: make PaymentMethods, and (the stand-in's own) answer a 3-D Secure challenge. */
  async function browserRoute(form: URLSearchParams, url: URL): Promise<{ status: number; body: unknown }> {
    if (url.pathname === '/v1/payment_methods') {
      const type = form.get('type');
      const billing = { name: form.get('billing_details[name]'), email: form.get('billing_details[email]'), phone: null, address: null };
      const id = nextId('pm');
      if (type === 'konbini' || type === 'paypay') {
        if (type === 'konbini' && (!billing.name || !billing.email)) {
          return error(400, {
            type: 'invalid_request_error',
            code: 'parameter_missing',
            param: billing.name ? 'billing_details[email]' : 'billing_details[name]',
            message: 'Missing required param.',
          });
        }
        methods.set(id, { type });
        return {
          status: 200,
          body: {
            id,
            object: 'payment_method',
            type,
            [type]: {},
            billing_details: billing,
            created: Math.floor(Date.now() / 1000),
            livemode: false,
          },
        };
      }
      const number = (form.get('card[number]') ?? '').replace(/\D/g, '');
      const card = TEST_CARD_NUMBERS[number];
      if (type !== 'card' || !card)
        return error(402, {
          type: 'card_error',
          code: 'incorrect_number',
          param: 'card[number]',
          message: 'Your card number is incorrect.',
        });
      methods.set(id, { type: 'card', ...card });
      const expMonth = Number(form.get('card[exp_month]'));
      const expYear = Number(form.get('card[exp_year]'));
      return {
        status: 200,
        body: {
          id,
          object: 'payment_method',
          type: 'card',
          card: { brand: card.brand, last4: card.last4, exp_month: expMonth, exp_year: expYear, country: 'JP' },
          billing_details: billing,
          created: Math.floor(Date.now() / 1000),
          livemode: false,
        },
      };
    }
    const match = /^\/v1\/payment_intents\/(pi_\w+)\/stand_in_authenticate$/.exec(url.pathname);
    const intent = match ? intents.get(match[1]!) : undefined;
    if (!intent || form.get('client_secret') !== intent.client_secret)
      return error(404, { type: 'invalid_request_error', code: 'resource_missing', message: 'No such payment_intent' });
    if (intent.status !== 'requires_action')
      return error(400, { type: 'invalid_request_error', code: 'payment_intent_unexpected_state', message: `status ${intent.status}` });
    if (form.get('outcome') === 'pass') {
      charge(intent);
      void stand.deliver('payment_intent.succeeded', intent.id).catch(() => undefined);
    } else {
      const lastError = {
        type: 'card_error',
        code: 'payment_intent_authentication_failure',
        message: 'The provided PaymentMethod has failed authentication.',
        payment_method: { id: intent.payment_method, object: 'payment_method', type: 'card' },
      };
      Object.assign(intent, { status: 'requires_payment_method', next_action: null, last_payment_error: lastError });
      void stand.deliver('payment_intent.payment_failed', intent.id).catch(() => undefined);
    }
    const { id, status, client_secret, last_payment_error } = intent;
    return { status: 200, body: { id, object: 'payment_intent', status, client_secret, last_payment_error } };
  }

  async function route(request: IncomingMessage, form: URLSearchParams, url: URL): Promise<{ status: number; body: unknown }> {
    if (request.method === 'POST' && form.get('key') === STRIPE_TEST_PUBLISHABLE) return browserRoute(form, url);
    if (request.headers.authorization !== `Bearer ${STRIPE_TEST_SECRET}`) {
      return error(401, { type: 'invalid_request_error', message: 'Invalid API Key provided: sk_test_****' });
    }
    const key = request.headers['idempotency-key'] as string | undefined;
    const expand = url.searchParams.getAll('expand[0]').concat(url.searchParams.getAll('expand[]'));
    if (request.method === 'POST' && url.pathname === '/v1/payment_intents') {
      if (key && idempotent.has(key)) return idempotent.get(key)!;
      const answer = await create(form);
      if (key) idempotent.set(key, answer);
      return answer;
    }
    if (request.method === 'POST' && url.pathname === '/v1/customers') {
      if (key && idempotent.has(key)) return idempotent.get(key)!;
      const id = nextId('cus');
      const customer = {
        id,
        object: 'customer',
        created: Math.floor(Date.now() / 1000),
        email: form.get('email'),
        invoice_settings: { default_payment_method: null },
        livemode: false,
        metadata: Object.fromEntries([...form].filter(([k]) => k.startsWith('metadata[')).map(([k, v]) => [k.slice(9, -1), v])),
      };
      customers.set(id, customer);
      const answer = { status: 200, body: customer };
      if (key) idempotent.set(key, answer);
      return answer;
    }
    if (request.method === 'POST' && url.pathname === '/v1/setup_intents') {
      const pm = form.get('payment_method') ?? '';
      const customer = form.get('customer') ?? '';
      const method = methods.get(pm);
      const card = method?.type === 'card' ? method : null;
      if (!card)
        return error(400, {
          type: 'invalid_request_error',
          code: 'resource_missing',
          param: 'payment_method',
          message: `No such PaymentMethod: '${pm}'`,
        });
      if (!customers.has(customer))
        return error(400, {
          type: 'invalid_request_error',
          code: 'resource_missing',
          param: 'customer',
          message: `No such customer: '${customer}'`,
        });
      const id = nextId('seti');
      const base = {
        id,
        object: 'setup_intent',
        client_secret: `${id}_secret_${'y'.repeat(24)}`,
        created: Math.floor(Date.now() / 1000),
        customer,
        livemode: false,
        metadata: {},
        payment_method: pm,
        usage: form.get('usage') ?? 'off_session',
        next_action: null,
        last_setup_error: null,
      };
      if (card.outcome === 'declined' && !card.attaches) {
        const lastError = { type: 'card_error', code: 'card_declined', decline_code: card.declineCode, message: 'Your card was declined.' };
        return error(402, { ...lastError, setup_intent: { ...base, status: 'requires_payment_method', last_setup_error: lastError } });
      }
      // A card set up for later use is authenticated once here (the test cards pass it at once).
      attached.set(pm, customer);
      return {
        status: 200,
        body: { ...base, status: 'succeeded', payment_method: pm, latest_attempt: null, mandate: null, single_use_mandate: null },
      };
    }
    if (request.method === 'POST' && url.pathname === '/v1/refunds') {
      if (stand.refundFailure === 'api_error') return error(500, { type: 'api_error', message: 'An unknown error occurred' });
      if (key && idempotent.has(key)) return idempotent.get(key)!;
      const answer = createRefund(form);
      if (key) idempotent.set(key, answer);
      return answer;
    }
    if (request.method === 'GET' && url.pathname === '/v1/refunds') {
      const pi = url.searchParams.get('payment_intent');
      const data = [...refunds.values()].filter((r) => !pi || r.payment_intent === pi);
      return { status: 200, body: { object: 'list', data, has_more: false, url: '/v1/refunds' } };
    }
    if (request.method === 'GET' && url.pathname === '/v1/payment_intents/search') {
      const orderId = /metadata\['order_id'\]:'(\d+)'/.exec(url.searchParams.get('query') ?? '')?.[1];
      const data = [...intents.values()].filter((i) => i.metadata.order_id === orderId).map((i) => view(i, []));
      return { status: 200, body: { object: 'search_result', data, has_more: false, next_page: null, url: '/v1/payment_intents/search' } };
    }
    const match = /^\/v1\/payment_intents\/(pi_\w+)(\/cancel)?$/.exec(url.pathname);
    const intent = match ? intents.get(match[1]!) : undefined;
    if (!intent)
      return error(404, {
        type: 'invalid_request_error',
        code: 'resource_missing',
        param: 'intent',
        message: `No such payment_intent: '${match?.[1] ?? ''}'`,
      });
    if (request.method === 'GET' && !match![2]) return { status: 200, body: view(intent, expand) };
    if (request.method === 'POST' && match![2]) {
      if (intent.status === 'succeeded' || intent.status === 'canceled') {
        return error(400, {
          type: 'invalid_request_error',
          code: 'payment_intent_unexpected_state',
          message: `You cannot cancel this PaymentIntent because it has a status of ${intent.status}. Only a PaymentIntent with one of the following statuses may be canceled: requires_payment_method, requires_capture, requires_confirmation, requires_action, processing.`,
          payment_intent: view(intent, []),
        });
      }
      Object.assign(intent, {
        status: 'canceled',
        cancellation_reason: form.get('cancellation_reason'),
        next_action: null,
        canceled_at: Math.floor(Date.now() / 1000),
      });
      return { status: 200, body: view(intent, []) };
    }
    return error(404, { type: 'invalid_request_error', message: `Unrecognized request URL (${request.method}: ${url.pathname}).` });
  }

  const cors = {
    'access-control-allow-origin': '*',
    'access-control-allow-headers': 'content-type',
    'access-control-allow-methods': 'GET, POST',
  };
  const server: Server = createServer((request: IncomingMessage, response: ServerResponse) => {
    const file = request.method === 'GET' ? options.files?.[new URL(request.url ?? '/', 'http://stripe.local').pathname] : undefined;
    if (file !== undefined) {
      const type = (request.url ?? '').split('?')[0]!.endsWith('.html') ? 'text/html' : 'text/javascript';
      response.writeHead(200, { 'content-type': `${type}; charset=utf-8`, 'cache-control': 'no-store', ...cors });
      response.end(file);
      return;
    }
    if (request.method === 'OPTIONS') {
      // Whatever headers the browser adds (the journeys' devices add forwarding headers to every request).
      response.writeHead(204, {
        ...cors,
        'access-control-allow-headers': request.headers['access-control-request-headers'] ?? 'content-type',
      });
      response.end();
      return;
    }
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const url = new URL(request.url ?? '/', 'http://stripe.local');
      stand.calls.push({
        method: request.method ?? '',
        path: url.pathname,
        idempotencyKey: request.headers['idempotency-key'] as string | undefined,
      });
      const form = new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
      route(request, form, url).then(
        ({ status, body }) => {
          const lost =
            (stand.loseCreateAnswers && url.pathname === '/v1/payment_intents') ||
            (stand.refundFailure === 'lost' && url.pathname === '/v1/refunds');
          if (lost && request.method === 'POST') {
            response.socket?.destroy();
            return;
          }
          response.writeHead(status, { 'content-type': 'application/json', 'request-id': `req_${serial}`, ...cors });
          response.end(JSON.stringify(body));
        },
        (err: unknown) => {
          response.writeHead(500, { 'content-type': 'application/json' });
          response.end(JSON.stringify({ error: { type: 'api_error', message: String(err) } }));
        },
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  stand.config.port = (server.address() as AddressInfo).port;
  return stand;
}
