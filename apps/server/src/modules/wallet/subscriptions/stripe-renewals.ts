import { type ErrorBody, ErrorCode } from '@hondana/domain/common/errors';
import type { SubscribeResult } from '@hondana/domain/subscriptions/subscriptions-api';
import { SubscriptionStatus } from '@hondana/domain/subscriptions/subscription-cycles';
import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema';
import type { PaymentProvider } from '../../../payments/payment-provider';
import type { CreatedIntent, StripePayments } from '../../../payments/stripe-provider';
import { type RenewalReport, afterRenewalCharge } from './renewal.service';
import { chargeCycle, settleDeferredCycle } from './subscription-billing.service';
import { claimDueSubscription, cycleByOrder, memberWithdrawn, planById, subscriptionById, updateSubscriptionFrom, type SubscriptionRow } from './subscriptions.repository';
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

/** The member's Stripe Customer, if a card was saved. */
async function stripeCustomerOf(db: Kysely<Database>, userId: number): Promise<string | null> {
  const row = await db.selectFrom('stripe_customers').select('customer_id').where('user_id', '=', userId).executeTakeFirst();
  return row?.customer_id ?? null;
}

/**
 * Keeps a card (a PaymentMethod from Stripe.js) for the member's renewals: a SetupIntent on the
 * member's Customer (made once and remembered). Answers the §8 code of a refused card.
 */
export async function saveStripeCard(db: Kysely<Database>, stripe: StripePayments, input: { userId: number; paymentMethod: string; now: number }): Promise<{ ok: true } | { ok: false; errorCode: ErrorCode }> {
  const known = await stripeCustomerOf(db, input.userId);
  const saved = await stripe.saveCard({ userId: input.userId, paymentMethod: input.paymentMethod, customerId: known });
  if (!known) {
    await db.insertInto('stripe_customers').values({ user_id: input.userId, customer_id: saved.customerId, created_at: input.now }).onConflict((oc) => oc.column('user_id').doNothing()).execute();
  }
  return saved.kind === 'SAVED' ? { ok: true } : { ok: false, errorCode: saved.errorCode };
}

/** Renews one due subscription through Stripe; null when none is due. */
export async function renewOneWithStripe(db: Kysely<Database>, provider: PaymentProvider, stripe: StripePayments, at: number, claimed: { id: number | null }): Promise<RenewalOutcome | null> {
  type Started = { done: RenewalOutcome } | { sub: SubscriptionRow; orderId: number } | null;
  const started = await db.transaction().execute(async (trx): Promise<Started> => {
    const sub = await claimDueSubscription(trx, at);
    if (!sub) return null;
    claimed.id = sub.id;
    if (await memberWithdrawn(trx, sub.user_id)) {
      const ended = { status: SubscriptionStatus.CANCEL, failure_code: 'WITHDRAWN', next_attempt_at: null, closed_at: at, cancelled_at: at, updated_at: at };
      await updateSubscriptionFrom(trx, sub.id, ['ACTIVE', 'ERROR'], ended);
      return { done: 'cancelled' };
    }
    const charged = await chargeCycle(trx, provider, sub, { recurring: true, returnUrl: '/mangacoin/subscription', now: new Date(at), deferred: true });
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
  else created = await stripe.chargeOffSession({ orderId, userId: sub.user_id, customerId, paymentMethod: sub.card_id, amountYen: sub.tax_included_price });
  // A thrown error (no answer) leaves the order PROCESSING for `reconcileStripeRenewals`.
  return settleRenewal(db, sub, orderId, created, at);
}

async function settleRenewal(db: Kysely<Database>, sub: SubscriptionRow, orderId: number, created: CreatedIntent, at: number): Promise<RenewalOutcome | null> {
  const intent = created.kind === 'INTENT' ? created.intent : null;
  if (intent && intent.status !== 'succeeded' && !(intent.status === 'requires_payment_method' || intent.status === 'canceled' || intent.status === 'requires_action')) return null; // processing: asked again later
  return db.transaction().execute(async (trx) => {
    const outcome =
      intent?.status === 'succeeded'
        ? { paid: true as const, providerRef: intent.id, cardBrand: intent.cardBrand, cardLast4: intent.cardLast4 }
        : { paid: false as const, errorCode: created.kind === 'CARD_ERROR' ? created.errorCode : (intent?.failureCode ?? ErrorCode.DECLINED_CARD), providerRef: intent?.id ?? (created.kind === 'CARD_ERROR' ? created.intentId : null) };
    const result = await settleDeferredCycle(trx, sub, orderId, outcome, at);
    return result ? afterRenewalCharge(trx, sub, result, at) : null;
  });
}

/** Renewal orders left PROCESSING past the lease (a lost answer): settled by what Stripe says of their intent. */
export async function reconcileStripeRenewals(db: Kysely<Database>, stripe: StripePayments, at: number): Promise<number> {
  const waiting = await db
    .selectFrom('orders as o')
    .innerJoin('manga_coin_subscription_cycles as c', 'c.order_id', 'o.id')
    .select(['o.id', 'c.subscription_id'])
    .where('o.kind', '=', SUBSCRIPTION_ORDER_KIND)
    .where('o.status', '=', 'PROCESSING')
    .where('o.updated_at', '<=', at - STRIPE_RENEWAL_LEASE_MS)
    .limit(50)
    .execute();
  let settled = 0;
  for (const row of waiting) {
    try {
      const sub = await subscriptionById(db, row.subscription_id);
      if (!sub) continue;
      const intent = await stripe.findIntentOfOrder(row.id);
      // No intent: the charge never reached Stripe; nothing was taken, the renewal counts as failed.
      const created: CreatedIntent = intent ? { kind: 'INTENT', intent } : { kind: 'CARD_ERROR', errorCode: ErrorCode.CLIENT_ERROR, intentId: null };
      if ((await settleRenewal(db, sub, row.id, created, at)) !== null) settled += 1;
    } catch {
      // Stripe unreachable: the next run asks again.
    }
  }
  return settled;
}

/**
 * A new subscription by card through Stripe, after the subscribe's transaction (which wrote it
 * ENTRY with its first cycle's order PROCESSING): the card saved at Stripe (Customer and
 * SetupIntent), then the first cycle charged with the order id as idempotency key and settled
 * once — ACTIVE with the coins, or the subscription ERROR and 400 SIMPLY_CREDIT_CARD_ERROR with
 * the §8 code. No answer from Stripe: ENTRY as stored; a later renewal run settles the order from
 * the intent Stripe has.
 */
export async function finishStripeSubscription(
  db: Kysely<Database>,
  stripe: StripePayments,
  input: { userId: number; orderId: number; paymentMethod: string; now: number },
): Promise<{ status: number; body: SubscribeResult | ErrorBody } | null> {
  const cycle = await cycleByOrder(db, input.orderId);
  const sub = cycle ? await subscriptionById(db, cycle.subscription_id) : undefined;
  if (!cycle || !sub || sub.user_id !== input.userId || cycle.status !== 'PENDING') return null;
  const at = input.now;
  const decline = async (errorCode: ErrorCode, providerRef: string | null) => {
    await db.transaction().execute(async (trx) => {
      if (await settleDeferredCycle(trx, sub, input.orderId, { paid: false, errorCode, providerRef }, at)) {
        await updateSubscriptionFrom(trx, sub.id, ['ENTRY'], { status: 'ERROR', failure_code: errorCode, closed_at: at, next_attempt_at: null, updated_at: at });
      }
    });
    return { status: 400, body: { errorCode: ErrorCode.SIMPLY_CREDIT_CARD_ERROR, messages: [`${errorCode}: the card was refused`] } };
  };
  const saved = await saveStripeCard(db, stripe, { userId: sub.user_id, paymentMethod: input.paymentMethod, now: at });
  if (!saved.ok) return decline(saved.errorCode, null);
  const customerId = (await stripeCustomerOf(db, sub.user_id))!;
  const created = await stripe.chargeOffSession({ orderId: input.orderId, userId: sub.user_id, customerId, paymentMethod: input.paymentMethod, amountYen: sub.tax_included_price });
  const intent = created.kind === 'INTENT' ? created.intent : null;
  if (!intent || intent.status !== 'succeeded') {
    if (intent && intent.status === 'processing') return null;
    return decline(created.kind === 'CARD_ERROR' ? created.errorCode : (intent?.failureCode ?? ErrorCode.DECLINED_CARD), intent?.id ?? (created.kind === 'CARD_ERROR' ? created.intentId : null));
  }
  const paid = await db.transaction().execute((trx) =>
    settleDeferredCycle(trx, sub, input.orderId, { paid: true, providerRef: intent.id, cardBrand: intent.cardBrand, cardLast4: intent.cardLast4 }, at),
  );
  if (!paid || paid.kind !== 'PAID') return null;
  const row = (await subscriptionById(db, sub.id))!;
  const plan = await planById(db, sub.plan_id);
  const { coin, bonus, firstBonus, secondBonus, cycleBonus } = paid.grant;
  return { status: 200, body: { status: 'ACTIVE', subscription: subscriptionView(row, plan?.name ?? ''), granted: { coin, bonus, firstBonus, secondBonus, cycleBonus }, balance: paid.balance } };
}
