import { type ErrorBody, ErrorCode } from '@hondana/domain/common/errors';
import type { SubscribeResult } from '@hondana/domain/subscriptions/subscriptions-api';
import { SubscriptionStatus } from '@hondana/domain/subscriptions/subscription-cycles';
import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema';
import type { PaymentProvider } from '../../../payments/payment-provider';
import { type CreatedIntent, type IntentState, STRIPE_CONFIRMATION_TTL_MS, type StripePayments } from '../../../payments/stripe-provider';
import { setProcessingPaymentFields } from '../../orders/order-rows';
import { PAYMENT_EXPIRED } from '../coin-purchase.service';
import { type RenewalReport, afterRenewalCharge } from './renewal.service';
import { type ChargeResult, CycleTaken, chargeCycle, settleDeferredCycle } from './subscription-billing.service';
import {
  claimDueSubscription,
  cycleByOrder,
  memberWithdrawn,
  planById,
  processingCycleOrders,
  rememberStripeCustomer,
  stripeCustomerOf,
  subscriptionById,
  updateSubscriptionFrom,
  waitingFirstPaymentsOfEnded,
  type SubscriptionRow,
} from './subscriptions.repository';
import { subscriptionView } from './subscription-views';

/**
 * Subscription renewals charged through Stripe (issue 39), on the store's own schedule. One
 * renewal is three steps, the money outside any database transaction:
 *  1. in a transaction: claim the due subscription (as the sandbox's renewals do), open its cycle
 *     with its order PROCESSING, and lease it (`next_attempt_at` moved on) so no other run takes it;
 *  2. the saved card charged off-session (`chargeOffSession`, the order id as idempotency key);
 *  3. in a transaction: settle the cycle once (paid: coins, next renewal, the renewal mail;
 *     declined — a card refused, or one that asks for authentication, which nobody can give
 *     off-session — ERROR with the §4 retries then CANCEL, and the failure mail).
 * An answer lost in step 2 leaves the order PROCESSING; the next runs ask Stripe for it
 * (`reconcileStripeRenewals`) and settle it then.
 */
type RenewalOutcome = keyof RenewalReport;

/** How long a claimed renewal is left to its charge before a run may look at it again. */
const STRIPE_RENEWAL_LEASE_MS = 10 * 60 * 1000;
const SUBSCRIPTION_ORDER_KIND = 'MANGA_COIN_SUBSCRIPTION';

export { stripeCustomerOf };

/** Renews one due subscription through Stripe; null when none is due. */
export async function renewOneWithStripe(
  db: Kysely<Database>,
  provider: PaymentProvider,
  stripe: StripePayments,
  at: number,
  claimed: { id: number | null },
): Promise<RenewalOutcome | null> {
  type Started = { done: RenewalOutcome } | { sub: SubscriptionRow; orderId: number } | null;
  const started = await db.transaction().execute(async (trx): Promise<Started> => {
    const sub = await claimDueSubscription(trx, at);
    if (!sub) return null;
    claimed.id = sub.id;
    if (await memberWithdrawn(trx, sub.user_id)) {
      const ended = {
        status: SubscriptionStatus.CANCEL,
        failure_code: 'WITHDRAWN',
        next_attempt_at: null,
        closed_at: at,
        cancelled_at: at,
        updated_at: at,
      };
      await updateSubscriptionFrom(trx, sub.id, ['ACTIVE', 'ERROR'], ended);
      return { done: 'cancelled' };
    }
    const charged = await chargeCycle(trx, provider, sub, {
      recurring: true,
      returnUrl: '/mangacoin/subscription',
      now: new Date(at),
      deferred: true,
    });
    if (charged.kind !== 'PENDING') return { done: await afterRenewalCharge(trx, sub, charged, at) };
    await updateSubscriptionFrom(trx, sub.id, ['ACTIVE', 'ERROR'], { next_attempt_at: at + STRIPE_RENEWAL_LEASE_MS });
    return { sub, orderId: charged.orderId };
  });
  if (!started) return null;
  if ('done' in started) return started.done;
  const { sub, orderId } = started;
  const customerId = await stripeCustomerOf(db, sub.user_id);
  let created: CreatedIntent;
  if (!customerId || !sub.card_id) created = { kind: 'CARD_ERROR', errorCode: ErrorCode.CLIENT_ERROR, intentId: null };
  else
    created = await stripe.chargeOffSession({
      orderId,
      userId: sub.user_id,
      customerId,
      paymentMethod: sub.card_id,
      amountYen: sub.tax_included_price,
    });
  // A thrown error (no answer) leaves the order PROCESSING for `reconcileStripeRenewals`.
  return settleRenewal(db, sub, orderId, created, at);
}

async function settleRenewal(
  db: Kysely<Database>,
  sub: SubscriptionRow,
  orderId: number,
  created: CreatedIntent,
  at: number,
): Promise<RenewalOutcome | null> {
  const intent = created.kind === 'INTENT' ? created.intent : null;
  if (
    intent &&
    intent.status !== 'succeeded' &&
    !(intent.status === 'requires_payment_method' || intent.status === 'canceled' || intent.status === 'requires_action')
  )
    return null; // processing: asked again later
  return db.transaction().execute(async (trx) => {
    const outcome =
      intent?.status === 'succeeded'
        ? { paid: true as const, providerRef: intent.id, cardBrand: intent.cardBrand, cardLast4: intent.cardLast4 }
        : {
            paid: false as const,
            errorCode: created.kind === 'CARD_ERROR' ? created.errorCode : (intent?.failureCode ?? ErrorCode.DECLINED_CARD),
            providerRef: intent?.id ?? (created.kind === 'CARD_ERROR' ? created.intentId : null),
          };
    const result = await settleDeferredCycle(trx, sub, orderId, outcome, at);
    return result ? afterRenewalCharge(trx, sub, result, at) : null;
  });
}

/** Renewal orders left PROCESSING past the lease (a lost answer): settled by what Stripe says of their intent. */
export async function reconcileStripeRenewals(db: Kysely<Database>, stripe: StripePayments, at: number): Promise<number> {
  const waiting = await processingCycleOrders(db, SUBSCRIPTION_ORDER_KIND, at - STRIPE_RENEWAL_LEASE_MS);
  let settled = 0;
  for (const row of waiting) {
    try {
      const sub = await subscriptionById(db, row.subscription_id);
      if (!sub) continue;
      const intent = await stripe.findIntentOfOrder(row.id);
      if (isFirstPayment(sub)) {
        // The member may still be on 3-D Secure: the first payment waits until the confirmation's time limit.
        if (intent)
          await settleFirstPayment(db, stripe, sub, row.id, intent, {
            now: at,
            expireAfterMs: STRIPE_CONFIRMATION_TTL_MS,
            orderCreatedAt: row.created_at,
          });
        else if (row.created_at <= at - STRIPE_CONFIRMATION_TTL_MS)
          await declineFirstPayment(db, sub, row.id, PAYMENT_EXPIRED as ErrorCode, null, at);
        settled += 1;
        continue;
      }
      // No intent: the charge never reached Stripe; nothing was taken, the renewal counts as failed.
      const created: CreatedIntent = intent
        ? { kind: 'INTENT', intent }
        : { kind: 'CARD_ERROR', errorCode: ErrorCode.CLIENT_ERROR, intentId: null };
      if ((await settleRenewal(db, sub, row.id, created, at)) !== null) settled += 1;
    } catch {
      // Stripe unreachable: the next run asks again.
    }
  }
  return settled;
}

/**
 * A new subscription by card through Stripe, after the subscribe's transaction (which wrote it
 * ENTRY with its first cycle's order PROCESSING). The first cycle is charged ON-session (the
 * member is on the page): a PaymentIntent on the member's Customer that keeps the card for the
 * renewals once it succeeds (`setup_future_usage`), the order id as idempotency key. Charged at
 * once: ACTIVE with the coins. Refused: the subscription ERROR and 400 SIMPLY_CREDIT_CARD_ERROR
 * with the §8 code. 3-D Secure asked: ENTRY with the intent's client secret, which the page
 * confirms with Stripe.js; the subscription starts when the webhook (or the reconciliation's
 * retrieve) says the intent succeeded (`settleIfSubscriptionOrder`), once. No answer from Stripe:
 * ENTRY as stored; the reconciliation settles it from the intent Stripe has.
 */
export async function finishStripeSubscription(
  db: Kysely<Database>,
  stripe: StripePayments,
  input: { userId: number; orderId: number; paymentMethod: string; now: number; warn?: (message: string) => void },
): Promise<{ status: number; body: SubscribeResult | ErrorBody } | null> {
  const cycle = await cycleByOrder(db, input.orderId);
  const sub = cycle ? await subscriptionById(db, cycle.subscription_id) : undefined;
  if (!cycle || !sub || sub.user_id !== input.userId || cycle.status !== 'PENDING') return null;
  const at = input.now;
  let created: CreatedIntent;
  try {
    const customerId = await stripe.ensureCustomer({ userId: sub.user_id, customerId: await stripeCustomerOf(db, sub.user_id) });
    await rememberStripeCustomer(db, sub.user_id, customerId, at);
    created = await stripe.createIntent({
      orderId: input.orderId,
      userId: sub.user_id,
      amountYen: sub.tax_included_price,
      cardId: input.paymentMethod,
      customerId,
      saveForLater: true,
    });
  } catch (error) {
    input.warn?.(`stripe: subscription order ${input.orderId}: no PaymentIntent answer (${error instanceof Error ? error.name : 'error'})`);
    return null;
  }
  let settled: FirstPaymentResult;
  if (created.kind === 'CARD_ERROR') {
    // The refused intent is cancelled, so that nothing can confirm it later behind the ended subscription.
    if (created.intentId) await stripe.cancelIntent(created.intentId).catch(() => undefined);
    settled = await declineFirstPayment(db, sub, input.orderId, created.errorCode, created.intentId, at);
  } else settled = await settleFirstPayment(db, stripe, sub, input.orderId, created.intent, { now: at });
  if (settled?.kind === 'DECLINED')
    return {
      status: 400,
      body: { errorCode: ErrorCode.SIMPLY_CREDIT_CARD_ERROR, messages: [`${settled.errorCode}: the card was refused`] },
    };
  const row = (await subscriptionById(db, sub.id))!;
  const plan = await planById(db, sub.plan_id);
  if (settled?.kind === 'PAID') {
    const { coin, bonus, firstBonus, secondBonus, cycleBonus } = settled.grant;
    return {
      status: 200,
      body: {
        status: 'ACTIVE',
        subscription: subscriptionView(row, plan?.name ?? ''),
        granted: { coin, bonus, firstBonus, secondBonus, cycleBonus },
        balance: settled.balance,
      },
    };
  }
  if (row.status !== 'ENTRY') return null; // settled meanwhile by the webhook: the page asks for the subscription as it is
  const intent = created.kind === 'INTENT' ? created.intent : null;
  const clientSecret = intent?.status === 'requires_action' && intent.clientSecret ? { clientSecret: intent.clientSecret } : {};
  return {
    status: 200,
    body: {
      status: 'ENTRY',
      subscription: subscriptionView(row, plan?.name ?? ''),
      orderId: input.orderId,
      confirmUrl: '',
      ...clientSecret,
    },
  };
}

type FirstPaymentResult = ChargeResult | null;

/**
 * The first payment refused: the order PAYMENT_ERROR, the cycle DECLINED and the subscription
 * ERROR, once. Of a subscription the member ended meanwhile (CANCEL): the order CANCEL with the
 * ending's reason (CANCELLED_BY_USER, or WITHDRAWN), the subscription left as it is.
 */
async function declineFirstPayment(
  db: Kysely<Database>,
  sub: SubscriptionRow,
  orderId: number,
  errorCode: ErrorCode,
  providerRef: string | null,
  at: number,
): Promise<FirstPaymentResult> {
  return db.transaction().execute(async (trx) => {
    const current = await subscriptionById(trx, sub.id);
    if (current?.status === SubscriptionStatus.CANCEL) {
      const reason = (current.failure_code ?? 'CANCELLED_BY_USER') as ErrorCode;
      return settleDeferredCycle(trx, sub, orderId, { paid: false, errorCode: reason, providerRef, orderStatus: 'CANCEL' }, at);
    }
    const result = await settleDeferredCycle(trx, sub, orderId, { paid: false, errorCode, providerRef }, at);
    if (result)
      await updateSubscriptionFrom(trx, sub.id, ['ENTRY'], {
        status: 'ERROR',
        failure_code: errorCode,
        closed_at: at,
        next_attempt_at: null,
        updated_at: at,
      });
    return result;
  });
}

/**
 * Settles a subscription's first payment by what Stripe says of its intent, once (every ending is
 * conditional on the order still PROCESSING): succeeded — the cycle's coins, ACTIVE; refused or
 * cancelled — ERROR; still waiting (3-D Secure) — nothing, unless `expireAfterMs` (the
 * reconciliation) has passed since the order, or the member ended the subscription meanwhile:
 * then the intent is cancelled at Stripe first, and a payment that succeeded before that is
 * settled as such (the coins granted; an ended subscription stays ended). Null when nothing was
 * settled here.
 */
async function settleFirstPayment(
  db: Kysely<Database>,
  stripe: StripePayments,
  sub: SubscriptionRow,
  orderId: number,
  intent: IntentState,
  { now, expireAfterMs, orderCreatedAt }: { now: number; expireAfterMs?: number; orderCreatedAt?: number },
): Promise<FirstPaymentResult> {
  if (intent.amount !== sub.tax_included_price || intent.currency !== 'jpy') return null;
  if (intent.status === 'succeeded') {
    return db
      .transaction()
      .execute((trx) =>
        settleDeferredCycle(
          trx,
          sub,
          orderId,
          { paid: true, providerRef: intent.id, cardBrand: intent.cardBrand, cardLast4: intent.cardLast4 },
          now,
        ),
      );
  }
  if (intent.status === 'canceled')
    return declineFirstPayment(db, sub, orderId, intent.failureCode ?? (PAYMENT_EXPIRED as ErrorCode), intent.id, now);
  const failed = intent.status === 'requires_payment_method' && intent.failureCode !== null;
  const expired = expireAfterMs !== undefined && orderCreatedAt !== undefined && orderCreatedAt <= now - expireAfterMs;
  // Ended by the member (a cancel, a withdrawal) while waiting: nothing may be paid behind it now.
  const ended = (await subscriptionById(db, sub.id))?.status === SubscriptionStatus.CANCEL;
  if (failed || expired || ended) {
    const after = await stripe.cancelIntent(intent.id);
    if (after.status === 'canceled' || after.status === 'succeeded')
      return settleFirstPayment(db, stripe, sub, orderId, { ...after, failureCode: after.failureCode ?? intent.failureCode }, { now });
    return null;
  }
  await setProcessingPaymentFields(db, orderId, { provider_ref: intent.id });
  return null;
}

/**
 * A subscription order's intent as the webhook heard of it (or the reconciliation found it): the
 * first payment (ENTRY, after 3-D Secure on the page) or a renewal (its answer lost), settled
 * once whichever instance gets there first. False when the intent is not a subscription order's.
 */
export async function settleIfSubscriptionOrder(
  db: Kysely<Database>,
  stripe: StripePayments,
  intent: IntentState,
  now: number,
): Promise<boolean> {
  const orderId = intent.orderId;
  if (orderId === null) return false;
  const cycle = await cycleByOrder(db, orderId);
  if (!cycle) return false;
  const sub = await subscriptionById(db, cycle.subscription_id);
  if (!sub || cycle.status !== 'PENDING') return true;
  // An event names the charge by its id only: the card the page shows (「VISA 末尾4242」) is read from the intent.
  if (intent.status === 'succeeded' && intent.cardLast4 === null) intent = await stripe.retrieveIntent(intent.id);
  try {
    if (isFirstPayment(sub)) await settleFirstPayment(db, stripe, sub, orderId, intent, { now });
    else if (intent.status !== 'requires_action') await settleRenewal(db, sub, orderId, { kind: 'INTENT', intent }, now);
  } catch (error) {
    // Another instance settled it in the same moment (its conditional update won): nothing more to do.
    if (!(error instanceof CycleTaken)) throw error;
  }
  return true;
}

/** The cycle charged is the subscription's first (nothing paid yet: ENTRY, or ended by the member meanwhile). */
const isFirstPayment = (sub: SubscriptionRow) => sub.payment_count === 0;

/**
 * After the member ended subscriptions (the cancel route, a withdrawal; its transaction
 * committed): a first payment still waiting (on 3-D Secure) is cancelled at Stripe, so no money is
 * taken without what it buys. Stripe cancelled it: the order CANCEL, nothing granted. It had
 * succeeded already (the member passed the challenge): settled as paid — the month's coins — with
 * the subscription still ended, no renewal. Either once, whichever of this, the webhook or the
 * reconciliation gets there first. Stripe unreachable: the reconciliation ends it on a later run.
 */
export async function endWaitingFirstPayments(
  db: Kysely<Database>,
  stripe: StripePayments,
  userId: number,
  now: number,
  warn?: (message: string) => void,
): Promise<void> {
  for (const waiting of await waitingFirstPaymentsOfEnded(db, userId)) {
    try {
      const sub = await subscriptionById(db, waiting.subscription_id);
      const intent = waiting.provider_ref
        ? await stripe.retrieveIntent(waiting.provider_ref)
        : await stripe.findIntentOfOrder(waiting.order_id);
      if (!sub || !intent) continue; // never reached Stripe (or not yet): the reconciliation ends it at the time limit
      await settleFirstPayment(db, stripe, sub, waiting.order_id, intent, { now });
    } catch (error) {
      if (error instanceof CycleTaken) continue; // the webhook settled it in the same moment
      warn?.(
        `stripe: subscription order ${waiting.order_id}: its first payment not ended yet (${error instanceof Error ? error.name : 'error'})`,
      );
    }
  }
}
