import { type Insertable, type Updateable, sql } from 'kysely';
import type { Database, Db } from '../../db/schema';

/**
 * Queries of the console's subscription plan editor. They write the very table the store's plan
 * calls read (`wallet/subscriptions/subscriptions.repository` plansFor, planFor), uncached. Every
 * edit is conditional on the plan's version read.
 */
export type PlanState = 'running' | 'scheduled' | 'ended';
type Plans = Database['manga_coin_subscription_plans'];

const members = sql<number>`(select count(*) from user_manga_coin_subscriptions s where s.plan_id = manga_coin_subscription_plans.id)`;
const liveMembers = sql<number>`(select count(*) from user_manga_coin_subscriptions s where s.plan_id = manga_coin_subscription_plans.id and s.closed_at is null)`;

const withMembers = (db: Db) =>
  db
    .selectFrom('manga_coin_subscription_plans')
    .selectAll()
    .select([members.as('members'), liveMembers.as('live_members')]);

/** In shop order, filtered by state at `now` when asked (ended: closed to new members). */
export function planRows(db: Db, state: PlanState | undefined, now: number) {
  let query = withMembers(db).orderBy('sort_order').orderBy('id').limit(500);
  if (state === 'running') query = query.where('active', '=', 1).where('start_at', '<=', now);
  if (state === 'scheduled') query = query.where('active', '=', 1).where('start_at', '>', now);
  if (state === 'ended') query = query.where('active', '=', 0);
  return query.execute();
}
export const planRow = (db: Db, id: number) => withMembers(db).where('id', '=', id).executeTakeFirst();
export type PlanRow = NonNullable<Awaited<ReturnType<typeof planRow>>>;

export type PlanColumns = Omit<Insertable<Plans>, 'id' | 'version'>;

export const insertPlan = async (db: Db, row: PlanColumns): Promise<number> =>
  (await db.insertInto('manga_coin_subscription_plans').values(row).returning('id').executeTakeFirstOrThrow()).id;

/** Writes the plan only if it is still at `version` (and bumps it); false when another edit came first. */
export async function updatePlanAt(db: Db, id: number, version: number, row: Updateable<Plans>): Promise<boolean> {
  const result = await db
    .updateTable('manga_coin_subscription_plans')
    .set((eb) => ({ ...row, version: eb('version', '+', 1) }))
    .where('id', '=', id)
    .where('version', '=', version)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/**
 * Deletes the plan if it is still at `version` and no member has ever subscribed to it, in one
 * statement; a subscribe that comes in after is stopped by the subscription's foreign key.
 */
export async function deletePlanAt(db: Db, id: number, version: number): Promise<boolean> {
  const result = await db
    .deleteFrom('manga_coin_subscription_plans')
    .where('id', '=', id)
    .where('version', '=', version)
    .where((eb) =>
      eb.not(
        eb.exists(
          eb.selectFrom('user_manga_coin_subscriptions as s').select('s.id').whereRef('s.plan_id', '=', 'manga_coin_subscription_plans.id'),
        ),
      ),
    )
    .executeTakeFirst();
  return result.numDeletedRows > 0n;
}

export const hasMembers = async (db: Db, id: number) =>
  (await db.selectFrom('user_manga_coin_subscriptions').select('id').where('plan_id', '=', id).limit(1).executeTakeFirst()) !== undefined;

export function isForeignKeyViolation(error: unknown): boolean {
  const e = error as { code?: string; message?: string } | null;
  return e?.code === '23503' || e?.code === 'SQLITE_CONSTRAINT_FOREIGNKEY' || /FOREIGN KEY constraint failed/.test(e?.message ?? '');
}
