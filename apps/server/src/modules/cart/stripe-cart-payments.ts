import type { CartOrderResponse } from '@hondana/domain/cart/cart-api';
import type { PointCampaignLine } from '@hondana/domain/campaigns/point-campaigns-api';
import { type ErrorBody, ErrorCode } from '@hondana/domain/common/errors';
import { paymentTypeOfMethod } from '@hondana/domain/wallet/wallet-payments';
import type { FastifyPluginAsync } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { type IntentState, STRIPE_CONFIRMATION_TTL_MS, type StripePayments } from '../../payments/stripe-provider';
import { ticketsOfOrder } from '../campaigns/purchase-rewards';
import { setProcessingPaymentFields } from '../orders/order-rows';
import { completeCartPayment, endCartPayment } from './cart-payment.service';
import * as payments from './cart-payments.repository';

/**
 * Cart orders (order v3) paid by card through Stripe (issue 39), as coin packs are
 * (`wallet/stripe-coin-payments.ts`): the checkout's transaction writes the order PROCESSING with
 * what it will deliver (cart_payments), the points spent and the coupon held; after it the
 * PaymentIntent is created with the order id as its idempotency key. The books are granted only
 * when the intent succeeded, once: every ending is a conditional update from PROCESSING
 * (`completeCartPayment`, `endCartPayment`), whether the create call's answer, the signed webhook
 * (twice, or before the answer) or the reconciliation job gets there first. A declined card ends
 * the order PAYMENT_ERROR with the points and the coupon given back (the cart keeps its books).
 */
export const STRIPE_CART_RECONCILE_AFTER_MS = 5 * 60 * 1000;
const RECONCILE_EVERY_MS = 60_000;
const RECONCILE_BATCH = 50;

type Answer = { status: number; body: CartOrderResponse | ErrorBody };

/** After the checkout's transaction: charges the card and answers the order as the page needs it. */
export async function payCartOrderWithStripe(
  db: Kysely<Database>,
  stripe: StripePayments,
  input: { orderId: number; userId: number; cardId: string; returnUrl: string; now: () => number; warn?: (message: string) => void },
): Promise<Answer> {
  const order = await payments.orderById(db, input.orderId);
  if (!order || order.user_id !== input.userId || order.kind !== 'BOOK')
    return { status: 400, body: { errorCode: ErrorCode.CLIENT_ERROR, messages: ['order: not found'] } };
  let intent: IntentState | null = null;
  if (order.status === 'PROCESSING') {
    try {
      const created = await stripe.createIntent({
        orderId: order.id,
        userId: order.user_id,
        amountYen: order.total_price,
        cardId: input.cardId,
      });
      if (created.kind === 'CARD_ERROR') {
        if (created.intentId) await stripe.cancelIntent(created.intentId).catch(() => undefined);
        await db.transaction().execute((trx) => endCartPayment(trx, order.id, 'PAYMENT_ERROR', created.errorCode, input.now()));
      } else {
        intent = created.intent;
        await settleStripeCartIntent(db, stripe, intent, { now: input.now() });
      }
    } catch (error) {
      // No answer from Stripe: the order waits PROCESSING; the reconciliation finds its intent, if any.
      input.warn?.(`stripe: cart order ${order.id}: no PaymentIntent answer (${error instanceof Error ? error.name : 'error'})`);
    }
  }
  return answerOf(db, order.id, intent, input.returnUrl);
}

/** Settles the cart order of an intent by what Stripe says of it (see `settleStripeIntent` of the coin packs). */
async function settleStripeCartIntent(
  db: Kysely<Database>,
  stripe: StripePayments,
  intent: IntentState,
  { now, expireAfterMs }: { now: number; expireAfterMs?: number },
): Promise<void> {
  if (intent.orderId === null) return;
  const order = await payments.orderById(db, intent.orderId);
  if (!order || order.kind !== 'BOOK' || order.status !== 'PROCESSING') return;
  if (intent.amount !== order.total_price || intent.currency !== 'jpy') return;
  switch (intent.status) {
    case 'succeeded':
      await db.transaction().execute(async (trx) => {
        await setProcessingPaymentFields(trx, order.id, {
          provider_ref: intent.id,
          card_brand: intent.cardBrand,
          card_last4: intent.cardLast4,
        });
        await completeCartPayment(trx, order.id, now);
      });
      return;
    case 'canceled':
      await db.transaction().execute(async (trx) => {
        await setProcessingPaymentFields(trx, order.id, { provider_ref: intent.id });
        if (intent.failureCode) await endCartPayment(trx, order.id, 'PAYMENT_ERROR', intent.failureCode, now);
        else await endCartPayment(trx, order.id, 'CANCEL', 'PAYMENT_EXPIRED', now);
      });
      return;
    default: {
      const failed = intent.status === 'requires_payment_method' && intent.failureCode !== null;
      const expired = expireAfterMs !== undefined && order.created_at <= now - expireAfterMs;
      if (failed || expired) {
        const after = await stripe.cancelIntent(intent.id);
        if (after.status === 'canceled' || after.status === 'succeeded')
          await settleStripeCartIntent(db, stripe, { ...after, failureCode: after.failureCode ?? intent.failureCode }, { now });
        return;
      }
      if (order.provider_ref !== intent.id) await setProcessingPaymentFields(db, order.id, { provider_ref: intent.id });
    }
  }
}

/** Whether the intent is a cart order's: then it is settled here (the webhook's dispatch by order kind). */
export async function settleIfCartOrder(db: Kysely<Database>, stripe: StripePayments, intent: IntentState, now: number): Promise<boolean> {
  if (intent.orderId === null) return false;
  const order = await payments.orderKind(db, intent.orderId);
  if (order?.kind !== 'BOOK') return false;
  await settleStripeCartIntent(db, stripe, intent, { now });
  return true;
}

/**
 * The member's page asks what became of a card order still PROCESSING (after 3-D Secure, say):
 * Stripe is asked about its intent at once and the order settled by its answer, as the webhook
 * would (once, whichever comes first), so the page does not wait on a webhook Stripe may send late.
 * Stripe unreachable: the order stays as it is, for the webhook or the reconciliation.
 */
export async function confirmStripeCartOrder(
  db: Kysely<Database>,
  stripe: StripePayments,
  userId: number,
  orderId: number,
  now: number,
): Promise<void> {
  const order = await payments.memberCartOrder(db, userId, orderId);
  if (order?.status !== 'PROCESSING' || order.payment_type !== paymentTypeOfMethod.creditcard || !order.provider_ref?.startsWith('pi_'))
    return;
  try {
    await settleStripeCartIntent(db, stripe, await stripe.retrieveIntent(order.provider_ref), { now });
  } catch {
    // Asked again on the page's next poll; the webhook and the reconciliation settle it meanwhile.
  }
}

/** The reconciliation of cart orders by card left PROCESSING (a lost webhook, a lost create answer, 3-D Secure never answered). */
async function reconcileStripeCartOrders(db: Kysely<Database>, stripe: StripePayments, now: number, signal?: AbortSignal): Promise<number> {
  const waiting = await payments.processingBookOrders(
    db,
    paymentTypeOfMethod.creditcard,
    now - STRIPE_CART_RECONCILE_AFTER_MS,
    RECONCILE_BATCH,
  );
  let settled = 0;
  for (const order of waiting) {
    if (signal?.aborted) break;
    try {
      const intent = order.provider_ref?.startsWith('pi_')
        ? await stripe.retrieveIntent(order.provider_ref)
        : await stripe.findIntentOfOrder(order.id);
      if (intent) await settleStripeCartIntent(db, stripe, intent, { now, expireAfterMs: STRIPE_CONFIRMATION_TTL_MS });
      else if (order.created_at <= now - STRIPE_CONFIRMATION_TTL_MS)
        await db.transaction().execute((trx) => endCartPayment(trx, order.id, 'CANCEL', 'PAYMENT_EXPIRED', now));
      settled += 1;
    } catch {
      // Stripe unreachable for this order: the next run asks again.
    }
  }
  return settled;
}

/** The reconciliation job of cart orders (registered beside the webhook when the provider is Stripe). */
export const stripeCartJobs: FastifyPluginAsync<{ stripe: StripePayments }> = async (app, { stripe }) => {
  app.ops.scheduler.register({
    name: 'stripe-cart-reconciliation',
    everyMs: RECONCILE_EVERY_MS,
    run: ({ db, now, signal }) => reconcileStripeCartOrders(db, stripe, now, signal),
  });
};

/** COMPLETE: the order v3 result; PROCESSING: pending (with the client secret when 3-D Secure waits); ended: 400 CART_PAYMENT_FAILED with the §8 code. */
async function answerOf(db: Kysely<Database>, orderId: number, intent: IntentState | null, returnUrl: string): Promise<Answer> {
  const order = (await payments.orderById(db, orderId))!;
  const pay = await payments.findCartPayment(db, orderId);
  const stored = pay ? (JSON.parse(pay.books) as { bookId: number; price: number }[]) : [];
  const bookIds = stored.map((b) => b.bookId);
  if (order.status === 'COMPLETE') {
    const totalPrice = stored.reduce((sum, b) => sum + b.price, 0);
    const tickets = await db.transaction().execute((trx) => ticketsOfOrder(trx, orderId));
    const pointLines = pay ? (JSON.parse(pay.point_lines) as PointCampaignLine[]) : [];
    return {
      status: 200,
      body: {
        status: { code: 0 },
        results: {
          orderId,
          bookIds,
          totalPrice,
          discount: Math.max(0, totalPrice - order.use_point - order.total_price),
          usePoint: order.use_point,
          payPrice: order.total_price,
          pointCampaign: { totalPoint: order.point, list: pointLines },
          userLotteryTickets: tickets,
        },
      },
    };
  }
  if (order.status === 'PROCESSING') {
    const clientSecret = intent?.status === 'requires_action' && intent.clientSecret ? { clientSecret: intent.clientSecret } : {};
    return {
      status: 200,
      body: {
        status: { code: 0 },
        results: { orderId, orderStatus: 'PROCESSING', confirmUrl: returnUrl, bookIds, payPrice: order.total_price, ...clientSecret },
      },
    };
  }
  return {
    status: 400,
    body: {
      errorCode: ErrorCode.CART_PAYMENT_FAILED,
      messages: [`${order.failure_code ?? ErrorCode.DECLINED_CARD}: payment ${order.status}`],
    },
  };
}
