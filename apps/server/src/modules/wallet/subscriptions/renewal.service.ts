import { SubscriptionStatus, afterDeclinedRenewal } from '@hondana/domain/subscriptions/subscription-cycles';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../../db/schema';
import type { PaymentProvider } from '../../../payments/payment-provider';
import { type ChargeResult, CycleTaken, chargeCycle } from './subscription-billing.service';
import { enqueueMail } from '../../mail/outbox';
import { isStripeProvider } from '../../../payments/stripe-provider';
import { reconcileStripeRenewals, renewOneWithStripe } from './stripe-renewals';
import {
  type SubscriptionRow,
  claimDueSubscription,
  isUniqueViolation,
  memberWithdrawn,
  planById,
  postponeSubscription,
  subscriptionById,
  updateSubscriptionFrom,
} from './subscriptions.repository';

interface RenewalDeps {
  db: Kysely<Database>;
  provider: PaymentProvider;
  /** Where a failure is told (the app's logger); a failed subscription does not stop the others. */
  log?: { error(details: object, message: string): void };
}

export interface RenewalReport {
  renewed: number;
  /** Declined and to be tried again (ERROR). */
  retrying: number;
  /** Declined on the last try (CANCEL). */
  cancelled: number;
  /** Taken by another run at the same moment, or failed unexpectedly (tried again on the next run). */
  skipped: number;
}

/** At most this many subscriptions per run; the next run goes on. */
const MAX_PER_RUN = 500;

/**
 * Renews every subscription due at `now`, each in a transaction of its own: claim it (one
 * process gets it: FOR UPDATE SKIP LOCKED on PostgreSQL, a conditional update on SQLite), charge
 * its cycle once (the unique (subscription, cycle) key refuses a second charge), grant the coins,
 * set the next renewal. A declined renewal becomes ERROR and is tried on each of the next two
 * days, then CANCEL; a withdrawn member's subscription ends (CANCEL) without a charge. Idempotent: running it again at the same `now`, or in two processes at once,
 * charges nothing more.
 */
export async function renewDueSubscriptions(deps: RenewalDeps, now: Date): Promise<RenewalReport> {
  const report: RenewalReport = { renewed: 0, retrying: 0, cancelled: 0, skipped: 0 };
  // Stripe (issue 39): the card is charged between two transactions (stripe-renewals.ts); answers lost earlier are asked for first.
  const stripe = isStripeProvider(deps.provider) ? deps.provider.stripe : null;
  if (stripe) await reconcileStripeRenewals(deps.db, stripe, now.getTime());
  for (let i = 0; i < MAX_PER_RUN; i += 1) {
    const claimed: { id: number | null } = { id: null };
    let outcome: keyof RenewalReport | null;
    try {
      outcome = stripe
        ? await renewOneWithStripe(deps.db, deps.provider, stripe, now.getTime(), claimed)
        : await renewOne(deps, now, claimed);
    } catch (error) {
      outcome = 'skipped';
      if (!(error instanceof CycleTaken) && !isUniqueViolation(error)) {
        deps.log?.error({ err: error, subscriptionId: claimed.id }, 'subscription renewal failed');
        // Nothing of the failed try was written; the subscription waits an hour so the others go on.
        if (claimed.id === null) return { ...report, skipped: report.skipped + 1 };
        await postponeSubscription(deps.db, claimed.id, now.getTime() + RETRY_AFTER_FAILURE_MS);
      }
    }
    if (outcome === null) break;
    report[outcome] += 1;
  }
  return report;
}

const RETRY_AFTER_FAILURE_MS = 60 * 60 * 1000;

/** Claims and charges one due subscription; null when none is due. */
async function renewOne({ db, provider }: RenewalDeps, now: Date, claimed: { id: number | null }): Promise<keyof RenewalReport | null> {
  const at = now.getTime();
  return db.transaction().execute(async (trx) => {
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
      return 'cancelled';
    }
    const charged = await chargeCycle(trx, provider, sub, { recurring: true, returnUrl: '/mangacoin/subscription', now });
    return afterRenewalCharge(trx, sub, charged, at);
  });
}

/**
 * What follows a renewal's charge, in its transaction: paid — the member is told (one mail per
 * cycle); declined — ERROR and a retry on each of the next two days, then CANCEL (§4), and a mail.
 */
export async function afterRenewalCharge(
  trx: Transaction<Database>,
  sub: SubscriptionRow,
  charged: ChargeResult,
  at: number,
): Promise<keyof RenewalReport> {
  const planName = (await planById(trx, sub.plan_id))?.name ?? '';
  if (charged.kind === 'PAID') {
    // The member is told in the renewal's transaction: one mail per cycle.
    const cycle = sub.payment_count + 1;
    const renewalAt = (await subscriptionById(trx, sub.id))?.renewal_at ?? null;
    const data = {
      planName,
      cycle,
      amountYen: sub.tax_included_price,
      coins: charged.grant.coin + charged.grant.bonus,
      nextRenewalAt: renewalAt,
    };
    await enqueueMail(trx, { kind: 'SUBSCRIPTION_RENEWED', key: `subscription-renewed:${sub.id}:${cycle}`, userId: sub.user_id, data }, at);
    return 'renewed';
  }
  // A renewal is never PENDING (recurring); a declined one retries from the renewal it missed.
  const next = afterDeclinedRenewal(sub.renewal_at ?? at, sub.retry_count, at);
  const failure = charged.kind === 'DECLINED' ? charged.errorCode : 'CLIENT_ERROR';
  await updateSubscriptionFrom(trx, sub.id, ['ACTIVE', 'ERROR'], {
    status: next.status,
    retry_count: next.retryCount,
    next_attempt_at: next.nextAttemptAt,
    failure_code: failure,
    updated_at: at,
    ...(next.status === SubscriptionStatus.CANCEL ? { closed_at: at, cancelled_at: at } : {}),
  });
  const cancelled = next.status === SubscriptionStatus.CANCEL;
  await enqueueMail(
    trx,
    {
      kind: 'SUBSCRIPTION_RENEWAL_FAILED',
      key: `subscription-renewal-failed:${sub.id}:${sub.payment_count + 1}:${sub.retry_count}`,
      userId: sub.user_id,
      data: { planName, cancelled, nextAttemptAt: cancelled ? null : next.nextAttemptAt },
    },
    at,
  );
  return next.status === SubscriptionStatus.CANCEL ? 'cancelled' : 'retrying';
}
