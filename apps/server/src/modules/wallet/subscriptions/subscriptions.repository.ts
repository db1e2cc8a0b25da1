import type { SubscriptionStatus } from '@hondana/domain/subscriptions/subscription-cycles';
import type { SubscriptionPaymentType } from '@hondana/domain/subscriptions/subscription-plans';
import { type Insertable, PostgresAdapter, type Selectable, type Transaction, type Updateable } from 'kysely';
import type { Database, Db } from '../../../db/schema';
import type {
  MangaCoinSubscriptionCyclesTable,
  MangaCoinSubscriptionPlansTable,
  UserMangaCoinSubscriptionsTable,
} from '../../../db/subscriptions-schema';

/** Every query of manga coin subscriptions; services compose them in their transactions. */
type Trx = Transaction<Database>;
export type PlanRow = Selectable<MangaCoinSubscriptionPlansTable>;
export type SubscriptionRow = Selectable<UserMangaCoinSubscriptionsTable>;
export type CycleRow = Selectable<MangaCoinSubscriptionCyclesTable>;

const isPostgres = (db: Db) => db.getExecutor().adapter instanceof PostgresAdapter;
const soldWith = (row: PlanRow, paymentType: SubscriptionPaymentType) => row.payment_types.split(',').includes(paymentType);

/**
 * Plans open to new members at `now`: active, opened (`start_at`) and not closed (`end_at`, set
 * with `active` 0 by the console's end). A closed plan still renews for those who hold it: renewals
 * read their plan by id (`planById`).
 */
const openPlans = (db: Db, now: number) =>
  db
    .selectFrom('manga_coin_subscription_plans')
    .selectAll()
    .where('active', '=', 1)
    .where('start_at', '<=', now)
    .where((eb) => eb.or([eb('end_at', 'is', null), eb('end_at', '>', now)]));

/** Plans open to new members sold with `paymentType`, in shop order. */
export async function plansFor(db: Db, paymentType: SubscriptionPaymentType, now: number): Promise<PlanRow[]> {
  const rows = await openPlans(db, now).orderBy('sort_order').orderBy('id').execute();
  return rows.filter((r) => soldWith(r, paymentType));
}

/**
 * A plan open to new members sold with `paymentType`, or undefined. On PostgreSQL its row is
 * share-locked for the subscribe's transaction, so the console's end (or delete) of the plan waits
 * for the subscribe, and a subscribe after it finds the plan closed.
 */
export async function planFor(db: Db, id: number, paymentType: SubscriptionPaymentType, now: number): Promise<PlanRow | undefined> {
  let query = openPlans(db, now).where('id', '=', id);
  if (isPostgres(db)) query = query.forShare();
  const row = await query.executeTakeFirst();
  return row && soldWith(row, paymentType) ? row : undefined;
}

export async function planById(db: Db, id: number): Promise<PlanRow | undefined> {
  return db.selectFrom('manga_coin_subscription_plans').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function plansByIds(db: Db, ids: readonly number[]): Promise<Map<number, PlanRow>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom('manga_coin_subscription_plans')
    .selectAll()
    .where('id', 'in', [...new Set(ids)])
    .execute();
  return new Map(rows.map((r) => [r.id, r]));
}

/** Whether the member has withdrawn (their subscription ends instead of renewing). */
export async function memberWithdrawn(db: Db, userId: number): Promise<boolean> {
  const row = await db.selectFrom('users').select('withdrawn_at').where('id', '=', userId).executeTakeFirst();
  return !row || row.withdrawn_at !== null;
}

/** The member's subscription that still renews (at most one, by the partial unique index). */
export async function liveSubscription(db: Db, userId: number): Promise<SubscriptionRow | undefined> {
  return db
    .selectFrom('user_manga_coin_subscriptions')
    .selectAll()
    .where('user_id', '=', userId)
    .where('closed_at', 'is', null)
    .executeTakeFirst();
}

/** Whether the member has ever been granted their first (second) cycle's bonus. */
export async function memberBonusFlags(db: Db, userId: number): Promise<{ first: boolean; second: boolean }> {
  const row = await db
    .selectFrom('user_manga_coin_subscriptions')
    .select((eb) => [eb.fn.max('first_bonus_flg').as('first'), eb.fn.max('second_bonus_flg').as('second')])
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return { first: Number(row?.first ?? 0) === 1, second: Number(row?.second ?? 0) === 1 };
}

export async function insertSubscription(trx: Trx, row: Insertable<UserMangaCoinSubscriptionsTable>): Promise<number> {
  const inserted = await trx.insertInto('user_manga_coin_subscriptions').values(row).returning('id').executeTakeFirstOrThrow();
  return inserted.id;
}

export async function subscriptionById(db: Db, id: number): Promise<SubscriptionRow | undefined> {
  return db.selectFrom('user_manga_coin_subscriptions').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Moves a subscription on only if it is still in `from` (someone else may have moved it first). */
export async function updateSubscriptionFrom(
  trx: Trx,
  id: number,
  from: readonly SubscriptionStatus[],
  changes: Updateable<UserMangaCoinSubscriptionsTable>,
): Promise<boolean> {
  const result = await trx
    .updateTable('user_manga_coin_subscriptions')
    .set(changes)
    .where('id', '=', id)
    .where('status', 'in', [...from])
    .executeTakeFirst();
  return result.numUpdatedRows === 1n;
}

/** The member's latest subscription of a plan. */
export async function memberSubscriptionOfPlan(db: Db, userId: number, planId: number): Promise<SubscriptionRow | undefined> {
  return db
    .selectFrom('user_manga_coin_subscriptions')
    .selectAll()
    .where('user_id', '=', userId)
    .where('plan_id', '=', planId)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
}

export async function memberSubscriptionsByStatus(
  db: Db,
  userId: number,
  statuses: readonly SubscriptionStatus[],
): Promise<SubscriptionRow[]> {
  return db
    .selectFrom('user_manga_coin_subscriptions')
    .selectAll()
    .where('user_id', '=', userId)
    .where('status', 'in', [...statuses])
    .orderBy('id', 'desc')
    .limit(50)
    .execute();
}

export async function cyclesOf(db: Db, subscriptionId: number): Promise<CycleRow[]> {
  return db
    .selectFrom('manga_coin_subscription_cycles')
    .selectAll()
    .where('subscription_id', '=', subscriptionId)
    .orderBy('cycle')
    .execute();
}

export async function cycleOf(db: Db, subscriptionId: number, cycle: number): Promise<CycleRow | undefined> {
  return db
    .selectFrom('manga_coin_subscription_cycles')
    .selectAll()
    .where('subscription_id', '=', subscriptionId)
    .where('cycle', '=', cycle)
    .executeTakeFirst();
}

/** The cycle whose latest try is `orderId` (a carrier's decision comes back with the order). */
export async function cycleByOrder(db: Db, orderId: number): Promise<CycleRow | undefined> {
  return db.selectFrom('manga_coin_subscription_cycles').selectAll().where('order_id', '=', orderId).executeTakeFirst();
}

/** A cycle's first try: fails on the unique (subscription_id, cycle) key if another run made it first. */
export async function insertCycle(trx: Trx, row: Insertable<MangaCoinSubscriptionCyclesTable>): Promise<number> {
  const inserted = await trx.insertInto('manga_coin_subscription_cycles').values(row).returning('id').executeTakeFirstOrThrow();
  return inserted.id;
}

/** Another try of a declined cycle: only from DECLINED after `attempts` tries, so two runs cannot both retry it. */
export async function retryCycle(
  trx: Trx,
  id: number,
  attempts: number,
  changes: Updateable<MangaCoinSubscriptionCyclesTable>,
): Promise<boolean> {
  const result = await trx
    .updateTable('manga_coin_subscription_cycles')
    .set({ ...changes, status: 'PENDING', attempts: attempts + 1 })
    .where('id', '=', id)
    .where('status', '=', 'DECLINED')
    .where('attempts', '=', attempts)
    .executeTakeFirst();
  return result.numUpdatedRows === 1n;
}

/** PENDING → PAID or DECLINED, once. */
export async function settleCycle(
  trx: Trx,
  id: number,
  changes: Updateable<MangaCoinSubscriptionCyclesTable> & { status: 'PAID' | 'DECLINED' },
): Promise<boolean> {
  const result = await trx
    .updateTable('manga_coin_subscription_cycles')
    .set(changes)
    .where('id', '=', id)
    .where('status', '=', 'PENDING')
    .executeTakeFirst();
  return result.numUpdatedRows === 1n;
}

/**
 * Claims the subscription whose renewal (or retry) is due earliest, for this transaction: one
 * UPDATE that re-checks the due condition on the row it takes. On PostgreSQL the candidate is
 * picked FOR UPDATE SKIP LOCKED, so concurrent runs take different subscriptions without waiting;
 * on SQLite the UPDATE takes the write lock, so the check and the claim are one step.
 */
export async function claimDueSubscription(trx: Trx, now: number): Promise<SubscriptionRow | undefined> {
  const due = (db: Trx) =>
    db
      .selectFrom('user_manga_coin_subscriptions')
      .select('id')
      .where('closed_at', 'is', null)
      .where('status', 'in', ['ACTIVE', 'ERROR'])
      .where('next_attempt_at', '<=', now)
      .orderBy('next_attempt_at')
      .orderBy('id')
      .limit(1);
  const candidate = isPostgres(trx) ? due(trx).forUpdate().skipLocked() : due(trx);
  return trx
    .updateTable('user_manga_coin_subscriptions')
    .set({ updated_at: now })
    .where('id', 'in', candidate)
    .where('closed_at', 'is', null)
    .where('status', 'in', ['ACTIVE', 'ERROR'])
    .where('next_attempt_at', '<=', now)
    .returningAll()
    .executeTakeFirst();
}

/** Moves a due subscription's next try to `until` (after a renewal failed unexpectedly). */
export async function postponeSubscription(db: Db, id: number, until: number): Promise<void> {
  await db
    .updateTable('user_manga_coin_subscriptions')
    .set({ next_attempt_at: until })
    .where('id', '=', id)
    .where('closed_at', 'is', null)
    .execute();
}

/** PostgreSQL's and SQLite's unique violation (another run or request wrote the same key first). */
export function isUniqueViolation(error: unknown): boolean {
  const e = error as { code?: string; message?: string } | null;
  return e?.code === '23505' || e?.code === 'SQLITE_CONSTRAINT_UNIQUE' || /UNIQUE constraint failed/.test(e?.message ?? '');
}

/** The member's Stripe Customer, if one was made (a card kept for a subscription). */
export async function stripeCustomerOf(db: Db, userId: number): Promise<string | null> {
  const row = await db.selectFrom('stripe_customers').select('customer_id').where('user_id', '=', userId).executeTakeFirst();
  return row?.customer_id ?? null;
}

/** Remembers the member's Stripe Customer (once: a second one of the member is ignored). */
export async function rememberStripeCustomer(db: Db, userId: number, customerId: string, now: number): Promise<void> {
  await db
    .insertInto('stripe_customers')
    .values({ user_id: userId, customer_id: customerId, created_at: now })
    .onConflict((oc) => oc.column('user_id').doNothing())
    .execute();
}

/** The subscription's card as the page names it (「VISA 末尾4242」), once: only while none is known. */
export async function rememberSubscriptionCard(trx: Trx, id: number, brand: string, last4: string): Promise<void> {
  await trx
    .updateTable('user_manga_coin_subscriptions')
    .set({ card_brand: brand, card_last4: last4 })
    .where('id', '=', id)
    .where('card_brand', 'is', null)
    .execute();
}

/** Subscription cycle orders of `kind` still PROCESSING since `before` (an answer lost), at most 50. */
export async function processingCycleOrders(
  db: Db,
  kind: string,
  before: number,
): Promise<{ id: number; created_at: number; subscription_id: number }[]> {
  return db
    .selectFrom('orders as o')
    .innerJoin('manga_coin_subscription_cycles as c', 'c.order_id', 'o.id')
    .select(['o.id', 'o.created_at', 'c.subscription_id'])
    .where('o.kind', '=', kind)
    .where('o.status', '=', 'PROCESSING')
    .where('o.updated_at', '<=', before)
    .limit(50)
    .execute();
}

/**
 * The member's subscriptions ended (CANCEL) while their first payment was still waiting (its
 * order PROCESSING, e.g. on 3-D Secure): each with that order and the provider's id if known.
 */
export async function waitingFirstPaymentsOfEnded(
  db: Db,
  userId: number,
): Promise<{ subscription_id: number; order_id: number; provider_ref: string | null }[]> {
  return db
    .selectFrom('user_manga_coin_subscriptions as s')
    .innerJoin('manga_coin_subscription_cycles as c', 'c.subscription_id', 's.id')
    .innerJoin('orders as o', 'o.id', 'c.order_id')
    .select(['s.id as subscription_id', 'o.id as order_id', 'o.provider_ref'])
    .where('s.user_id', '=', userId)
    .where('s.status', '=', 'CANCEL')
    .where('s.payment_count', '=', 0)
    .where('c.status', '=', 'PENDING')
    .where('o.status', '=', 'PROCESSING')
    .execute();
}
