import type { Transaction } from 'kysely';
import type { Database, Db } from '../../../db/schema';
import { preparedQuery } from '../../../db/prepared-query';

/** Queries of the lottery. Plain functions taking `db` or the caller's transaction. */

export type CampaignRow = Awaited<ReturnType<typeof campaignById>> & {};
export type PrizeRow = Awaited<ReturnType<typeof prizesOfCampaign>>[number];

export function campaignById(db: Db, id: number) {
  return db.selectFrom('lottery_campaigns').selectAll().where('id', '=', id).executeTakeFirst();
}

// Read by every paid purchase (its tickets): built once (see preparedQuery).
const runningCampaignsQuery = preparedQuery((db, $: { now: number }) =>
  db.selectFrom('lottery_campaigns').selectAll().where('start_at', '<=', $.now).where('end_at', '>', $.now).orderBy('end_at').orderBy('id'),
);

/** Campaigns running at `now`, the one ending first first. */
export async function runningCampaigns(db: Db, now: number) {
  return (await runningCampaignsQuery.execute(db, { now })).rows;
}

/** The first instant after `now` at which a campaign starts (null: none is planned). */
export async function nextCampaignStart(db: Db, now: number): Promise<number | null> {
  const row = await db
    .selectFrom('lottery_campaigns')
    .select((eb) => eb.fn.min('start_at').as('next'))
    .where('start_at', '>', now)
    .executeTakeFirst();
  return row?.next === null || row?.next === undefined ? null : Number(row.next);
}

export function boxesOf(db: Db, campaignId: number) {
  return db.selectFrom('lottery_boxes').selectAll().where('campaign_id', '=', campaignId).orderBy('sort_order').orderBy('id').execute();
}

/** Prizes with the campaign of their box. */
const prizesWithCampaign = (db: Db) =>
  db
    .selectFrom('lottery_prizes')
    .innerJoin('lottery_boxes', 'lottery_boxes.id', 'lottery_prizes.box_id')
    .selectAll('lottery_prizes')
    .select('lottery_boxes.campaign_id');

export function prizesOfCampaign(db: Db, campaignId: number) {
  return prizesWithCampaign(db)
    .where('lottery_boxes.campaign_id', '=', campaignId)
    .orderBy('lottery_prizes.rank')
    .orderBy('lottery_prizes.id')
    .execute();
}

export function prizesOfBox(db: Db, boxId: number) {
  return prizesWithCampaign(db)
    .where('lottery_prizes.box_id', '=', boxId)
    .orderBy('lottery_prizes.rank')
    .orderBy('lottery_prizes.id')
    .execute();
}

export function prizeById(db: Db, prizeId: number) {
  return prizesWithCampaign(db).where('lottery_prizes.id', '=', prizeId).executeTakeFirst();
}

export function eventsOf(db: Db, campaignIds: readonly number[]) {
  if (campaignIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('lottery_distribution_events')
    .selectAll()
    .where('campaign_id', 'in', [...campaignIds])
    .orderBy('id')
    .execute();
}

/** Takes one of a limited prize; false when another draw took the last one. */
export async function takeOneOfStock(trx: Transaction<Database>, prizeId: number): Promise<boolean> {
  const result = await trx
    .updateTable('lottery_prizes')
    .set((eb) => ({ remaining: eb('remaining', '-', 1) }))
    .where('id', '=', prizeId)
    .where('remaining', '>', 0)
    .executeTakeFirst();
  return result.numUpdatedRows === 1n;
}

interface NewTickets {
  userId: number;
  campaignId: number;
  eventType: string;
  grantKey: string;
  count: number;
  orderId: number | null;
  issuedAt: number;
  expiresAt: number;
}

/**
 * Inserts a grant's tickets; none when the grant was given before (the unique key
 * (user, campaign, grant key, seq) decides, so parallel grants give it once). Returns their ids.
 */
export async function insertTickets(trx: Transaction<Database>, t: NewTickets): Promise<number[]> {
  const ids: number[] = [];
  for (let seq = 1; seq <= t.count; seq += 1) {
    const row = await trx
      .insertInto('lottery_tickets')
      .values({
        user_id: t.userId,
        campaign_id: t.campaignId,
        event_type: t.eventType,
        grant_key: t.grantKey,
        seq,
        order_id: t.orderId,
        issued_at: t.issuedAt,
        expires_at: t.expiresAt,
        used_at: null,
      })
      .onConflict((oc) => oc.columns(['user_id', 'campaign_id', 'grant_key', 'seq']).doNothing())
      .returning('id')
      .executeTakeFirst();
    if (!row) return ids;
    ids.push(row.id);
  }
  return ids;
}

/** Grant keys of the member given today among `keys` (per campaign). */
export function grantedKeys(db: Db, userId: number, keys: readonly string[]) {
  if (keys.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('lottery_tickets')
    .select(['campaign_id', 'grant_key'])
    .distinct()
    .where('user_id', '=', userId)
    .where('grant_key', 'in', [...keys])
    .execute();
}

/** Marks the ticket used, once, only inside its window: the one update that wins draws. */
export async function claimTicket(trx: Transaction<Database>, userId: number, ticketId: number, now: number): Promise<boolean> {
  const result = await trx
    .updateTable('lottery_tickets')
    .set({ used_at: now })
    .where('id', '=', ticketId)
    .where('user_id', '=', userId)
    .where('used_at', 'is', null)
    .where('issued_at', '<=', now)
    .where('expires_at', '>', now)
    .executeTakeFirst();
  return result.numUpdatedRows === 1n;
}

export function ticketById(db: Db, ticketId: number) {
  return db.selectFrom('lottery_tickets').selectAll().where('id', '=', ticketId).executeTakeFirst();
}

export function ticketsQuery(db: Db, userId: number, filter: { campaignId?: number | undefined; used?: boolean | undefined }) {
  let query = db.selectFrom('lottery_tickets').where('user_id', '=', userId);
  if (filter.campaignId !== undefined) query = query.where('campaign_id', '=', filter.campaignId);
  if (filter.used === true) query = query.where('used_at', 'is not', null);
  if (filter.used === false) query = query.where('used_at', 'is', null);
  return query;
}

export function ticketsOfOrder(db: Db, userId: number, orderId: number) {
  return db
    .selectFrom('lottery_tickets')
    .select(['id', 'campaign_id'])
    .where('user_id', '=', userId)
    .where('order_id', '=', orderId)
    .orderBy('id')
    .execute();
}

export async function insertDraw(
  trx: Transaction<Database>,
  d: { ticketId: number; userId: number; campaignId: number; prizeId: number; titleId: number | null; now: number },
): Promise<number> {
  const row = await trx
    .insertInto('lottery_draws')
    .values({
      ticket_id: d.ticketId,
      user_id: d.userId,
      campaign_id: d.campaignId,
      prize_id: d.prizeId,
      title_id: d.titleId,
      created_at: d.now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export function drawsQuery(db: Db, userId: number, ticketId?: number) {
  let query = db.selectFrom('lottery_draws').where('user_id', '=', userId);
  if (ticketId !== undefined) query = query.where('ticket_id', '=', ticketId);
  return query;
}

/** The campaigns of the tickets an order earned, in the order they were given. */
export function ticketCampaignsOfOrder(db: Db, orderId: number) {
  return db.selectFrom('lottery_tickets').select('campaign_id').where('order_id', '=', orderId).orderBy('id').execute();
}

/** What decides whether a book is free to read now, and its release; undefined for an unknown book. */
export async function bookPricingAndRelease(db: Db, bookId: number) {
  return db
    .selectFrom('books')
    .select([
      'price',
      'sale_price',
      'sale_start_datetime',
      'sale_end_datetime',
      'free_flg',
      'free_start_datetime',
      'free_end_datetime',
      'start_datetime',
    ])
    .where('id', '=', bookId)
    .executeTakeFirst();
}
