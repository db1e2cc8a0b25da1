import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../../db/schema';
import { memberSubscriptionsByStatus, plansByIds, updateSubscriptionFrom } from './subscriptions.repository';

const LIVE = ['ENTRY', 'ACTIVE', 'ERROR'] as const;

/** The plans of the member's live subscriptions, for withdrawal's "what is lost" (passed to accounts by `app.ts`). */
export async function liveSubscriptionPlans(db: Kysely<Database>, userId: number): Promise<{ name: string }[]> {
  const rows = await memberSubscriptionsByStatus(db, userId, LIVE);
  const plans = await plansByIds(
    db,
    rows.map((r) => r.plan_id),
  );
  return rows.map((r) => ({ name: plans.get(r.plan_id)?.name ?? '' }));
}

/** Withdrawal's step: every live subscription of the member ends now (no renewal is charged after it). */
export async function cancelSubscriptionsAtWithdrawal(trx: Transaction<Database>, userId: number, now: number): Promise<void> {
  for (const row of await memberSubscriptionsByStatus(trx, userId, LIVE)) {
    const ended = {
      status: 'CANCEL',
      failure_code: 'WITHDRAWN',
      cancelled_at: now,
      closed_at: now,
      next_attempt_at: null,
      updated_at: now,
    } as const;
    await updateSubscriptionFrom(trx, row.id, LIVE, ended);
  }
}
