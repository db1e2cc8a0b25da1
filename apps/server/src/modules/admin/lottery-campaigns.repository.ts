import { type Insertable, type Updateable, sql } from 'kysely';
import type { Database, Db } from '../../db/schema';

/**
 * Queries of the console's lottery campaign editor. They write the very tables the store's lottery
 * calls read (`campaigns/lottery/lottery.repository`), uncached. Every edit is conditional on the
 * campaign's version read, and that update comes first in its transaction, so two edits of one
 * campaign never interleave.
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

/** No unused ticket outlives the campaign: those lasting past its (new) end now end with it. */
export async function endTicketsBy(db: Db, campaignId: number, end: number): Promise<void> {
  await db
    .updateTable('lottery_tickets')
    .set({ expires_at: end })
    .where('campaign_id', '=', campaignId)
    .where('used_at', 'is', null)
    .where('expires_at', '>', end)
    .execute();
}

export const insertBox = async (db: Db, row: Insertable<Database['lottery_boxes']>): Promise<number> =>
  (await db.insertInto('lottery_boxes').values(row).returning('id').executeTakeFirstOrThrow()).id;
export const updateBox = (db: Db, id: number, row: Updateable<Database['lottery_boxes']>) =>
  db.updateTable('lottery_boxes').set(row).where('id', '=', id).execute();
export const deleteBox = (db: Db, id: number) => db.deleteFrom('lottery_boxes').where('id', '=', id).execute();

export type PrizeColumns = Omit<Insertable<Database['lottery_prizes']>, 'id' | 'box_id' | 'stock' | 'remaining'>;

export const insertPrize = (db: Db, row: Insertable<Database['lottery_prizes']>) => db.insertInto('lottery_prizes').values(row).execute();
export const deletePrize = (db: Db, id: number) => db.deleteFrom('lottery_prizes').where('id', '=', id).execute();

/**
 * A saved prize's fields, and its stock: what is left follows the new stock less what members have
 * drawn, in one conditional statement (a limited prize: its left plus the change, the draw's own
 * counter; an unlimited one made limited: the stock less its draws). False when the stock would
 * fall below what was drawn.
 */
export async function updatePrize(db: Db, id: number, row: PrizeColumns, stock: number | null): Promise<boolean> {
  const drawn = sql<number>`(select count(*) from lottery_draws where lottery_draws.prize_id = lottery_prizes.id)`;
  const left = sql<number>`case when stock is null then ${stock} - ${drawn} else remaining + (${stock} - stock) end`;
  let query = db
    .updateTable('lottery_prizes')
    .set(stock === null ? { ...row, stock: null, remaining: null } : { ...row, stock, remaining: left })
    .where('id', '=', id);
  if (stock !== null) query = query.where(left, '>=', 0);
  const result = await query.executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

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
