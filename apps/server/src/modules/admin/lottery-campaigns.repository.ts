import type { Insertable, Updateable } from 'kysely';
import type { Database, Db } from '../../db/schema';

/**
 * Queries of the console's lottery campaign editor. They write the very tables the store's lottery
 * calls read (`campaigns/lottery/lottery.repository`), uncached; a campaign's prizes and tickets
 * are the campaigns area's, written through `campaigns/lottery/lottery-writes` in the editor's
 * transaction. Every edit is conditional on the campaign's version read, and that update comes
 * first in its transaction, so two edits of one campaign never interleave.
 */
export type LotteryState = 'running' | 'scheduled' | 'ended';

/** The newest first, filtered by state at `now` when asked. */
export function campaignRows(db: Db, state: LotteryState | undefined, now: number) {
  let query = db.selectFrom('lottery_campaigns').selectAll().orderBy('start_at', 'desc').orderBy('id', 'desc').limit(200);
  if (state === 'running') query = query.where('start_at', '<=', now).where('end_at', '>', now);
  if (state === 'scheduled') query = query.where('start_at', '>', now);
  if (state === 'ended') query = query.where('end_at', '<=', now);
  return query.execute();
}
export const campaignRow = (db: Db, id: number) => db.selectFrom('lottery_campaigns').selectAll().where('id', '=', id).executeTakeFirst();
export type CampaignRow = NonNullable<Awaited<ReturnType<typeof campaignRow>>>;

export function boxesOf(db: Db, campaignIds: readonly number[]) {
  if (campaignIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('lottery_boxes')
    .selectAll()
    .where('campaign_id', 'in', [...campaignIds])
    .orderBy('sort_order')
    .orderBy('id')
    .execute();
}

/** The boxes' prizes, each with the number members have drawn of it. */
export function prizesOf(db: Db, boxIds: readonly number[]) {
  if (boxIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('lottery_prizes as p')
    .selectAll('p')
    .select((eb) =>
      eb
        .selectFrom('lottery_draws as d')
        .select((d) => d.fn.countAll<number>().as('n'))
        .whereRef('d.prize_id', '=', 'p.id')
        .as('drawn'),
    )
    .where('p.box_id', 'in', [...boxIds])
    .orderBy('p.rank')
    .orderBy('p.id')
    .execute();
}
export type PrizeRow = Awaited<ReturnType<typeof prizesOf>>[number];

export function eventsOf(db: Db, campaignIds: readonly number[]) {
  if (campaignIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('lottery_distribution_events')
    .selectAll()
    .where('campaign_id', 'in', [...campaignIds])
    .orderBy('id')
    .execute();
}

export type CampaignColumns = Omit<Insertable<Database['lottery_campaigns']>, 'id' | 'version'>;

export const insertCampaign = async (db: Db, row: CampaignColumns): Promise<number> =>
  (await db.insertInto('lottery_campaigns').values(row).returning('id').executeTakeFirstOrThrow()).id;

/** Writes the campaign only if it is still at `version` (and bumps it); false when another edit came first. */
export async function updateCampaignAt(
  db: Db,
  id: number,
  version: number,
  row: Updateable<Database['lottery_campaigns']>,
): Promise<boolean> {
  const result = await db
    .updateTable('lottery_campaigns')
    .set((eb) => ({ ...row, version: eb('version', '+', 1) }))
    .where('id', '=', id)
    .where('version', '=', version)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

export const insertBox = async (db: Db, row: Insertable<Database['lottery_boxes']>): Promise<number> =>
  (await db.insertInto('lottery_boxes').values(row).returning('id').executeTakeFirstOrThrow()).id;
export const updateBox = (db: Db, id: number, row: Updateable<Database['lottery_boxes']>) =>
  db.updateTable('lottery_boxes').set(row).where('id', '=', id).execute();
export const deleteBox = (db: Db, id: number) => db.deleteFrom('lottery_boxes').where('id', '=', id).execute();

/** The campaign's events of these types go, and those given come in their place. */
export async function replaceEvents(
  db: Db,
  campaignId: number,
  types: readonly string[],
  events: Omit<Insertable<Database['lottery_distribution_events']>, 'campaign_id'>[],
): Promise<void> {
  await db
    .deleteFrom('lottery_distribution_events')
    .where('campaign_id', '=', campaignId)
    .where('event_type', 'in', [...types])
    .execute();
  if (events.length > 0)
    await db
      .insertInto('lottery_distribution_events')
      .values(events.map((e) => ({ ...e, campaign_id: campaignId })))
      .execute();
}

export const bookExists = async (db: Db, id: number) =>
  (await db.selectFrom('books').select('id').where('id', '=', id).executeTakeFirst()) !== undefined;
export const couponExists = async (db: Db, id: number) =>
  (await db.selectFrom('coupons').select('id').where('id', '=', id).executeTakeFirst()) !== undefined;
