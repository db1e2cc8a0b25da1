import type { InvitationCampaign } from '@hondana/domain/invitations/invitations-api';
import type { InviterStep } from '@hondana/domain/invitations/invitations';
import type { Expression, Selectable, Transaction } from 'kysely';
import type { InvitationCampaignsTable } from '../../db/invitations-schema';
import type { Database, Db } from '../../db/schema';
import { preparedQuery } from '../../db/prepared-query';

type Trx = Transaction<Database>;
export type CampaignRow = Selectable<InvitationCampaignsTable>;

export const toCampaign = (r: CampaignRow): InvitationCampaign => ({
  id: r.id,
  name: r.name,
  startDatetime: Number(r.start_at),
  endDatetime: Number(r.end_at),
  utmCampaign: r.utm_campaign,
  images: JSON.parse(r.images) as InvitationCampaign['images'],
  inviterIncentive: { limit: r.inviter_limit, useSteps: r.use_steps === 1, steps: JSON.parse(r.steps) as InviterStep[] },
  inviteeIncentive: { amount: r.ticket_amount, minCartPrice: r.ticket_min_cart_price, expireDays: r.ticket_valid_days },
  campaignType: r.campaign_type,
});

/** Campaigns open at `now` (all of them when `openOnly` is false), the one ending first first. */
export function campaigns(db: Db, opts: { id?: number; openOnly: boolean; now: number }) {
  let q = db.selectFrom('invitation_campaigns').selectAll();
  if (opts.id !== undefined) q = q.where('id', '=', opts.id);
  if (opts.openOnly) q = q.where('start_at', '<=', opts.now).where('end_at', '>', opts.now);
  return q.orderBy('end_at').orderBy('id').execute();
}

export function campaignById(db: Db, id: number) {
  return db.selectFrom('invitation_campaigns').selectAll().where('id', '=', id).executeTakeFirst();
}

export function codeOf(db: Db, campaignId: number, userId: number) {
  return db
    .selectFrom('invitation_codes')
    .select(['id', 'code'])
    .where('campaign_id', '=', campaignId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

/** Inserts the member's code unless they already have one (either insert wins; both read the same row). */
export async function insertCode(db: Db, row: { campaignId: number; userId: number; code: string; now: number }): Promise<void> {
  await db
    .insertInto('invitation_codes')
    .values({ campaign_id: row.campaignId, user_id: row.userId, code: row.code, created_at: row.now })
    .onConflict((oc) => oc.columns(['campaign_id', 'user_id']).doNothing())
    .execute();
}

/** A code with its owner and campaign. */
export function findCode(db: Db, code: string) {
  return db
    .selectFrom('invitation_codes as c')
    .innerJoin('invitation_campaigns as k', 'k.id', 'c.campaign_id')
    .selectAll('k')
    .select(['c.id as code_id', 'c.user_id as owner_id', 'c.code'])
    .where('c.code', '=', code)
    .executeTakeFirst();
}

/** Achieved invitations of an inviter in a campaign. */
export async function achievedCount(db: Db, campaignId: number, inviterId: number): Promise<number> {
  const row = await db
    .selectFrom('invitation_grants')
    .select((eb) => eb.fn.countAll<string | number>().as('n'))
    .where('campaign_id', '=', campaignId)
    .where('inviter_user_id', '=', inviterId)
    .where('achieved_seq', 'is not', null)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function achievedCoinsSum(db: Db, campaignId: number, inviterId: number): Promise<number> {
  const row = await db
    .selectFrom('invitation_grants')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<string | number>('inviter_coins'), eb.lit(0)).as('s'))
    .where('campaign_id', '=', campaignId)
    .where('inviter_user_id', '=', inviterId)
    .executeTakeFirstOrThrow();
  return Number(row.s);
}

/** The grant of an invitee, by account or by email. */
export function grantOfInvitee(db: Db, userId: number, email: string) {
  return db
    .selectFrom('invitation_grants')
    .selectAll()
    .where((eb) => eb.or([eb('invitee_user_id', '=', userId), eb('invitee_email', '=', email)]))
    .executeTakeFirst();
}

/** Inserts the invitee's grant; false when another grant of this account or email got there first. */
export async function insertGrant(
  trx: Trx,
  row: { campaignId: number; codeId: number; inviterId: number; inviteeId: number; inviteeEmail: string; couponId: number; now: number },
): Promise<boolean> {
  const result = await trx
    .insertInto('invitation_grants')
    .values({
      campaign_id: row.campaignId,
      code_id: row.codeId,
      inviter_user_id: row.inviterId,
      invitee_user_id: row.inviteeId,
      invitee_email: row.inviteeEmail,
      coupon_id: row.couponId,
      status: 'TICKET_GRANTED',
      achieved_seq: null,
      order_id: null,
      created_at: row.now,
      achieved_at: null,
    })
    .onConflict((oc) => oc.doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
}

/** Marks the invitee's pending grant achieved by an order, once (a conditional update); the grant or null. */
export async function achieve(trx: Trx, row: { inviteeId: number; orderId: number; seq: number | null; coins: number; now: number }) {
  return (
    (await trx
      .updateTable('invitation_grants')
      .set({ status: 'ACHIEVED', order_id: row.orderId, achieved_seq: row.seq, inviter_coins: row.coins, achieved_at: row.now })
      .where('invitee_user_id', '=', row.inviteeId)
      .where('status', '=', 'TICKET_GRANTED')
      .returning(['id', 'campaign_id', 'inviter_user_id'])
      .executeTakeFirst()) ?? null
  );
}

// Read by every paid purchase (the buyer's pending invitation): built once (see preparedQuery).
const pendingGrantQuery = preparedQuery((db, $: { inviteeId: number }) =>
  db
    .selectFrom('invitation_grants as g')
    .innerJoin('invitation_campaigns as k', 'k.id', 'g.campaign_id')
    .selectAll('k')
    .select(['g.id as grant_id', 'g.inviter_user_id', 'g.status'])
    .where('g.invitee_user_id', '=', $.inviteeId)
    .where('g.status', '=', 'TICKET_GRANTED'),
);

/**
 * Whether the member has a pending grant of a first-purchase campaign, as one value (`userId` may
 * be a column of an outer query): a purchase reads it in its books statement, and reads the grant
 * itself (`pendingGrantOf`) only when there is one.
 */
export function pendingFirstPurchaseGrantQuery(db: Db, userId: number | Expression<number>) {
  return db
    .selectFrom('invitation_grants as g')
    .innerJoin('invitation_campaigns as k', 'k.id', 'g.campaign_id')
    .select('g.id')
    .where('g.invitee_user_id', '=', userId)
    .where('g.status', '=', 'TICKET_GRANTED')
    .where('k.campaign_type', '=', 'FIRST_PURCHASE')
    .limit(1);
}

export async function pendingGrantOf(db: Db, inviteeId: number) {
  return (await pendingGrantQuery.execute(db, { inviteeId })).rows[0];
}

export function latestGrantCoupon(db: Db, inviteeId: number) {
  return db.selectFrom('invitation_grants').select(['coupon_id']).where('invitee_user_id', '=', inviteeId).executeTakeFirst();
}

/** Whether the member has bought any book with money or coins. */
export async function hasPaidBookOrder(db: Db, userId: number): Promise<boolean> {
  const row = await db
    .selectFrom('orders')
    .select('id')
    .where('user_id', '=', userId)
    .where('kind', '=', 'BOOK')
    .where('status', 'in', ['COMPLETE', 'DELIVERED'])
    .where('total_price', '>', 0)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

export function userEmail(db: Db, userId: number) {
  return db.selectFrom('users').select(['email']).where('id', '=', userId).executeTakeFirst();
}

export function linkOf(db: Db, codeId: number, destination: string, titleId: number | null) {
  let q = db.selectFrom('invitation_links').select('slug').where('code_id', '=', codeId).where('destination', '=', destination);
  q = titleId === null ? q.where('title_id', 'is', null) : q.where('title_id', '=', titleId);
  return q.executeTakeFirst();
}

export async function insertLink(
  db: Db,
  row: { slug: string; codeId: number; destination: string; titleId: number | null; now: number },
): Promise<void> {
  await db
    .insertInto('invitation_links')
    .values({ slug: row.slug, code_id: row.codeId, destination: row.destination, title_id: row.titleId, created_at: row.now })
    .execute();
}

/** A short link with its code and campaign's utm name. */
export function linkBySlug(db: Db, slug: string) {
  return db
    .selectFrom('invitation_links as l')
    .innerJoin('invitation_codes as c', 'c.id', 'l.code_id')
    .innerJoin('invitation_campaigns as k', 'k.id', 'c.campaign_id')
    .select(['l.destination', 'l.title_id', 'c.code', 'k.utm_campaign'])
    .where('l.slug', '=', slug)
    .executeTakeFirst();
}
