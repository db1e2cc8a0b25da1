import { type ErrorBody, ErrorCode, badRequest } from '@hondana/domain/common/errors';
import type { CoinPurchaseAnswer } from '@hondana/domain/wallet/wallet-api';
import { paymentTypeOfMethod } from '@hondana/domain/wallet/wallet-payments';
import type { FastifyPluginAsync } from 'fastify';
import type { Kysely, Selectable } from 'kysely';
import type Stripe from 'stripe';
import type { OrdersTable } from '../../db/orders-schema';
import type { Database } from '../../db/schema';
import {
  type IntentState,
  STRIPE_CONFIRMATION_TTL_MS,
  type StripeCoinMethod,
  type StripePayments,
  intentState,
} from '../../payments/stripe-provider';
import { transitionOrder } from '../orders/order-rows';
import { balance } from '../ledger/ledger';
import { setProcessingPaymentFields } from '../orders/order-rows';
import { orderById, stripeCoinOrdersToReconcile } from './coin-packs.repository';
import { PAYMENT_EXPIRED, onPaymentDecision } from './coin-purchase.service';

/** The failure code of a payment the member cancelled (or was refused) on the provider's page, as the sandbox's. */
const CANCELLED_BY_USER = 'CANCELLED_BY_USER';

/**
 * Coin packs paid through Stripe (issue 39). The order is already PROCESSING when these run, and
 * every ending is a conditional update from PROCESSING (`transitionOrder`, `onPaymentDecision`):
 * the create call's answer, the webhook (twice, or before the create call has answered) and the
 * reconciliation job may all settle the same order, and only the first one does anything.
 */

/** An order still PROCESSING this long after its last change is asked about at Stripe (a webhook may be lost). */
export const STRIPE_RECONCILE_AFTER_MS = 5 * 60 * 1000;
const RECONCILE_EVERY_MS = 60_000;
/**
 * A konbini order is asked about only this long after its voucher's time limit (the store's
 * notice of a payment made at the last minute may come a little later); before that, its
 * webhook settles it. Until then it is not "left": the 30-minute limit of a card's 3-D Secure is
 * not its limit (a voucher lives days).
 */
export const KONBINI_SETTLE_GRACE_MS = 60 * 60 * 1000;
/** The order payment types Stripe's coin pack payments are recorded with. */
const STRIPE_PAYMENT_TYPES = [paymentTypeOfMethod.creditcard, paymentTypeOfMethod.konbini, paymentTypeOfMethod.paypay];
const RECONCILE_BATCH = 50;

type Answer = { status: number; body: CoinPurchaseAnswer | ErrorBody };

/**
 * After the order's transaction: creates the PaymentIntent (the order id is its idempotency key,
 * so a replayed token creates nothing new) and answers what the page needs: COMPLETE with the
 * coins, REQUIRES_ACTION with the client secret (3-D Secure) or PayPay's page, VOUCHER (konbini,
 * paid later), PENDING, or 400 with the §8 code. `cardId` is the Payment Element's PaymentMethod
 * of any of the three methods; `returnUrl` (absolute) is where PayPay sends the member back.
 */
export async function payCoinOrderWithStripe(
  db: Kysely<Database>,
  stripe: StripePayments,
  input: {
    orderId: number;
    userId: number;
    cardId: string;
    method?: StripeCoinMethod;
    returnUrl?: string;
    now: () => number;
    warn?: (message: string) => void;
  },
): Promise<Answer> {
  const order = await orderById(db, input.orderId);
  if (!order || order.user_id !== input.userId)
    return { status: 400, body: { errorCode: ErrorCode.CLIENT_ERROR, messages: ['order: not found'] } };
  if (order.status !== 'PROCESSING') return answerOf(db, order, null, input.now());
  let created;
  try {
    created = await stripe.createIntent({
      orderId: order.id,
      userId: order.user_id,
      amountYen: order.total_price,
      cardId: input.cardId,
      ...(input.method ? { method: input.method } : {}),
      ...(input.returnUrl ? { returnUrl: input.returnUrl } : {}),
    });
  } catch (error) {
    // No answer from Stripe (network, 5xx, a wrong key): the order waits; the reconciliation job finds its intent, if any.
    // Only the error's kind is logged (Stripe masks keys in its messages, but nothing of the request is written).
    input.warn?.(`stripe: order ${order.id}: no PaymentIntent answer (${error instanceof Error ? error.name : 'error'})`);
    return { status: 200, body: { status: 'PENDING', orderId: order.id } };
  }
  if (created.kind === 'CARD_ERROR') {
    // The declined intent is cancelled, so that nothing can confirm it later behind the ended order.
    if (created.intentId) await stripe.cancelIntent(created.intentId).catch(() => undefined);
    await transitionOrder(db, order.id, 'PROCESSING', 'PAYMENT_ERROR', input.now(), {
      failure_code: created.errorCode,
      provider_ref: created.intentId,
    });
  } else {
    await settleStripeIntent(db, stripe, created.intent, { now: input.now() });
  }
  return answerOf(db, (await orderById(db, order.id))!, created.kind === 'INTENT' ? created.intent : null, input.now());
}

/**
 * Settles the coin order of an intent by what Stripe says of it. `expireAfterMs`: the
 * reconciliation also ends an order whose intent still waits (3-D Secure never answered) after
 * that long, cancelling the intent first.
 */
export async function settleStripeIntent(
  db: Kysely<Database>,
  stripe: StripePayments,
  intent: IntentState,
  { now, expireAfterMs }: { now: number; expireAfterMs?: number },
): Promise<void> {
  if (intent.orderId === null) return;
  const order = await orderById(db, intent.orderId);
  if (!order || order.kind !== 'MANGA_COIN' || order.status !== 'PROCESSING') return;
  // An intent that is not this order's payment (another amount or currency) settles nothing.
  if (intent.amount !== order.total_price || intent.currency !== 'jpy') return;
  const ref = { provider_ref: intent.id };
  switch (intent.status) {
    case 'succeeded':
      await db.transaction().execute(async (trx) => {
        await setProcessingPaymentFields(trx, order.id, { ...ref, card_brand: intent.cardBrand, card_last4: intent.cardLast4 });
        await onPaymentDecision(trx, { orderId: order.id, approved: true, now });
      });
      return;
    case 'canceled': {
      // A card's refusal ends PAYMENT_ERROR with its §8 code; PayPay's (the member cancelled or was refused there) CANCEL;
      // an unpaid konbini voucher, or a payment nobody finished, CANCEL at its time limit.
      if (intent.failureCode && intent.method === 'card')
        await transitionOrder(db, order.id, 'PROCESSING', 'PAYMENT_ERROR', now, { ...ref, failure_code: intent.failureCode });
      else if (intent.failureCode && intent.method !== 'konbini')
        await transitionOrder(db, order.id, 'PROCESSING', 'CANCEL', now, { ...ref, failure_code: CANCELLED_BY_USER });
      else await transitionOrder(db, order.id, 'PROCESSING', 'CANCEL', now, { ...ref, failure_code: PAYMENT_EXPIRED });
      return;
    }
    default: {
      // Stripe turns an expired konbini voucher back to requires_payment_method (payment_intent.payment_failed).
      const failed = intent.status === 'requires_payment_method' && (intent.failureCode !== null || intent.method === 'konbini');
      // A konbini voucher waits until its own time limit; anything else the reconciliation's.
      const expired =
        expireAfterMs !== undefined &&
        (intent.voucher ? intent.voucher.expiresAt <= now - KONBINI_SETTLE_GRACE_MS : order.created_at <= now - expireAfterMs);
      if (failed || expired) {
        // Cancelled at Stripe first: a payment that succeeded meanwhile is settled as such instead.
        const after = await stripe.cancelIntent(intent.id);
        if (after.status === 'canceled' || after.status === 'succeeded')
          await settleStripeIntent(db, stripe, { ...after, failureCode: after.failureCode ?? intent.failureCode }, { now });
        return;
      }
      const expiresAt = intent.voucher?.expiresAt ?? null;
      if (order.provider_ref !== intent.id || order.payment_expires_at !== expiresAt) {
        await setProcessingPaymentFields(db, order.id, { ...ref, payment_expires_at: expiresAt });
      }
    }
  }
}

/**
 * The reconciliation: Stripe's coin orders left PROCESSING past `STRIPE_RECONCILE_AFTER_MS` (a
 * konbini order: past its voucher's time limit), settled by what Stripe says.
 */
async function reconcileStripeCoinOrders(db: Kysely<Database>, stripe: StripePayments, now: number, signal?: AbortSignal): Promise<number> {
  const waiting = await stripeCoinOrdersToReconcile(
    db,
    STRIPE_PAYMENT_TYPES,
    now - STRIPE_RECONCILE_AFTER_MS,
    now - KONBINI_SETTLE_GRACE_MS,
    RECONCILE_BATCH,
  );
  let settled = 0;
  for (const order of waiting) {
    if (signal?.aborted) break;
    try {
      const intent = order.provider_ref?.startsWith('pi_')
        ? await stripe.retrieveIntent(order.provider_ref)
        : await stripe.findIntentOfOrder(order.id);
      if (intent) await settleStripeIntent(db, stripe, intent, { now, expireAfterMs: STRIPE_CONFIRMATION_TTL_MS });
      // No intent at all (the create call never reached Stripe): nothing was charged; it ends at the time limit.
      else if (order.created_at <= now - STRIPE_CONFIRMATION_TTL_MS)
        await transitionOrder(db, order.id, 'PROCESSING', 'CANCEL', now, { failure_code: PAYMENT_EXPIRED });
      settled += 1;
    } catch {
      // Stripe unreachable for this order: the next run asks again.
    }
  }
  return settled;
}

/**
 * `POST /api/payments/stripe/webhook`: Stripe's signed events (payment_intent.succeeded,
 * .payment_failed, .canceled; a refund's charge.refund.updated / refund.failed). The body is read raw (the signature is over its bytes); an
 * unsigned, forged or replayed event (signed more than 5 minutes ago) is refused 400. A success
 * is taken from the event itself; a failure or cancellation is asked again of Stripe, since
 * events may come out of order. Also runs the reconciliation job.
 */
export const stripeWebhookRoutes: FastifyPluginAsync<{
  stripe: StripePayments;
  settleOther?: SettleOther;
  refundFailed?: RefundFailed;
}> = async (app, { stripe, settleOther, refundFailed }) => {
  const { db } = app.deps.database;
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));

  app.ops.scheduler.register({
    name: 'stripe-reconciliation',
    everyMs: RECONCILE_EVERY_MS,
    run: ({ db: jobDb, now, signal }) => reconcileStripeCoinOrders(jobDb, stripe, now, signal),
  });

  app.post('/payments/stripe/webhook', async (request) => {
    const now = app.deps.clock().getTime();
    const signature = request.headers['stripe-signature'];
    const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
    const event = stripe.verifyEvent(body, typeof signature === 'string' ? signature : undefined, now);
    if (!event) throw badRequest('stripe-signature', 'not a recent event signed by Stripe');
    if (event.type === 'payment_intent.succeeded') {
      const intent = intentState(event.data.object);
      if (!(await settleOther?.(intent, now))) await settleStripeIntent(db, stripe, intent, { now });
    } else if (event.type === 'payment_intent.payment_failed' || event.type === 'payment_intent.canceled') {
      const object: Stripe.PaymentIntent = event.data.object;
      const intent = await stripe.retrieveIntent(object.id);
      if (!(await settleOther?.(intent, now))) await settleStripeIntent(db, stripe, intent, { now });
    } else if (REFUND_EVENTS.has(event.type)) {
      // A refund Stripe took and later could not make (the card closed meanwhile): recorded, the coins given back.
      const refund = event.data.object as Stripe.Refund;
      if (refund.status === 'failed') await refundFailed?.({ refundRef: refund.id, reason: refund.failure_reason ?? null, now });
    }
    return { received: true };
  });
};

/** Stripe's events of a refund's later state (`refund.failed` on newer API versions, `charge.refund.updated` on all). */
const REFUND_EVENTS = new Set<string>(['charge.refund.updated', 'refund.updated', 'refund.failed']);

/** The orders area's record of a refund Stripe reported failed after taking it. */
type RefundFailed = (refund: { refundRef: string; reason: string | null; now: number }) => Promise<unknown>;

/** Another area's orders (cart orders, by order kind): true when it settled the intent's order. */
type SettleOther = (intent: IntentState, now: number) => Promise<boolean>;

async function answerOf(db: Kysely<Database>, order: Selectable<OrdersTable>, intent: IntentState | null, now: number): Promise<Answer> {
  if (order.status === 'COMPLETE') {
    const mangaCoin = await balance(db, order.user_id, 'MANGA_COIN', now);
    return {
      status: 200,
      body: {
        status: 'COMPLETE',
        orderId: order.id,
        coin: order.coin,
        bonus: order.bonus,
        bonusPoint: order.bonus_point,
        balance: mangaCoin,
      },
    };
  }
  if (order.status === 'PROCESSING') {
    if (intent?.status === 'requires_action' && intent.voucher)
      return { status: 200, body: { status: 'VOUCHER', orderId: order.id, voucher: intent.voucher } };
    if (intent?.status === 'requires_action' && intent.clientSecret) {
      const redirect = intent.redirectUrl ? { redirectUrl: intent.redirectUrl } : {};
      return { status: 200, body: { status: 'REQUIRES_ACTION', orderId: order.id, clientSecret: intent.clientSecret, ...redirect } };
    }
    return { status: 200, body: { status: 'PENDING', orderId: order.id } };
  }
  const errorCode = (order.failure_code ?? ErrorCode.DECLINED_CARD) as ErrorCode;
  return { status: 400, body: { errorCode, messages: [`payment: ${order.status}`] } };
}
