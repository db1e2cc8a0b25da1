import { type Insertable, PostgresAdapter, type Updateable, sql } from 'kysely';
import type { Database, Db } from '../../db/schema';

/**
 * Queries of the console's invitation campaign editor. They write the very table the store's
 * invitation calls read (`invitations/invitations.repository`), uncached. Every edit is
 * conditional on the campaign's version read; every change first takes the campaigns' write lock,
 * so the check that no two campaigns run at once and the write it guards are one step.
 */
export type InvitationState = 'running' | 'scheduled' | 'ended';

/**
 * Holds the invitation campaigns' write lock until the transaction ends: a second create, edit or
 * end waits, then sees what the first wrote. PostgreSQL: a table lock that lets the store's reads
 * (and its grants, which only refer to a campaign) go on. SQLite: its transactions begin
 * IMMEDIATE, so the transaction already holds the database's write lock. (Outside a transaction,
 * as the demo's seed may call it, there is no one to wait for.)
 */
export async function lockCampaigns(trx: Db): Promise<void> {
  if (trx.isTransaction && trx.getExecutor().adapter instanceof PostgresAdapter)
    await sql`LOCK TABLE invitation_campaigns IN SHARE ROW EXCLUSIVE MODE`.execute(trx);
}

/** The newest first, filtered by state at `now` when asked. */
export function campaignRows(db: Db, state: InvitationState | undefined, now: number) {
  let query = db.selectFrom('invitation_campaigns').selectAll().orderBy('start_at', 'desc').orderBy('id', 'desc').limit(200);
  if (state === 'running') query = query.where('start_at', '<=', now).where('end_at', '>', now);
  if (state === 'scheduled') query = query.where('start_at', '>', now);
  if (state === 'ended') query = query.where('end_at', '<=', now);
  return query.execute();
}
export const campaignRow = (db: Db, id: number) =>
  db.selectFrom('invitation_campaigns').selectAll().where('id', '=', id).executeTakeFirst();
export type CampaignRow = NonNullable<Awaited<ReturnType<typeof campaignRow>>>;

/** Another campaign, not yet ended at `now`, whose period meets [start, end); the first such. */
export function overlapping(db: Db, period: { start: number; end: number; now: number; except?: number }) {
  let query = db
    .selectFrom('invitation_campaigns')
    .select(['id', 'name', 'start_at', 'end_at'])
    .where('end_at', '>', period.now)
    .where('start_at', '<', period.end)
    .where('end_at', '>', period.start);
  if (period.except !== undefined) query = query.where('id', '!=', period.except);
  return query.orderBy('start_at').limit(1).executeTakeFirst();
}

/** Friends who took a campaign's ticket, and those of them whose first purchase achieved it. */
export function grantCounts(db: Db, campaignIds: readonly number[]) {
  if (campaignIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('invitation_grants')
    .select((eb) => [
      'campaign_id',
      eb.fn.countAll<string | number>().as('invitees'),
      eb.fn.count<string | number>('achieved_at').as('achieved'),
    ])
    .where('campaign_id', 'in', [...campaignIds])
    .groupBy('campaign_id')
    .execute();
}

export type CampaignColumns = Omit<Insertable<Database['invitation_campaigns']>, 'id' | 'version'>;

export const insertCampaign = async (db: Db, row: CampaignColumns): Promise<number> =>
  (await db.insertInto('invitation_campaigns').values(row).returning('id').executeTakeFirstOrThrow()).id;

/** Writes the campaign only if it is still at `version` (and bumps it); false when another edit came first. */
export async function updateCampaignAt(
  db: Db,
  id: number,
  version: number,
  row: Updateable<Database['invitation_campaigns']>,
): Promise<boolean> {
  const result = await db
    .updateTable('invitation_campaigns')
    .set((eb) => ({ ...row, version: eb('version', '+', 1) }))
    .where('id', '=', id)
    .where('version', '=', version)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}
