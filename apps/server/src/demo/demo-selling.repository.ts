import type { Insertable, Kysely, Transaction } from 'kysely';
import type { CouponsTable } from '../db/cart-schema';
import type { InvitationCampaignsTable } from '../db/invitations-schema';
import type { Database } from '../db/schema';
import type { MangaCoinSubscriptionPlansTable } from '../db/subscriptions-schema';

// The demo's selling layer as rows (`demo-campaigns.ts`, `demo-invitations.ts`,
// `demo-subscriptions.ts`). Only the demo makes invitation campaigns and subscription plans, so
// their inserts live here, not in the areas (the lottery and the missions are made through the
// console's services, `demo-campaigns.ts`).

type Tx = Kysely<Database> | Transaction<Database>;

export async function insertCoupon(db: Tx, coupon: Insertable<CouponsTable>): Promise<number> {
  return (await db.insertInto('coupons').values(coupon).returning('id').executeTakeFirstOrThrow()).id;
}

export const anyLotteryDraw = async (db: Tx): Promise<boolean> => (await db.selectFrom('lottery_draws').select('id').limit(1).executeTakeFirst()) !== undefined;

/** Every lottery and mission, and the demo's prize coupon (by its name). */
export async function deleteLotteriesAndMissions(db: Tx, prizeCouponName: string): Promise<void> {
  await db.deleteFrom('missions').execute();
  await db.deleteFrom('lottery_campaigns').execute();
  await db.deleteFrom('coupons').where('name', '=', prizeCouponName).execute();
}

export async function insertInvitationCampaign(db: Tx, campaign: Insertable<InvitationCampaignsTable>): Promise<void> {
  await db.insertInto('invitation_campaigns').values(campaign).execute();
}

export const anyInvitationGrant = async (db: Tx): Promise<boolean> => (await db.selectFrom('invitation_grants').select('id').limit(1).executeTakeFirst()) !== undefined;

export async function deleteInvitationCampaigns(db: Tx): Promise<void> {
  await db.deleteFrom('invitation_campaigns').execute();
}

export const anySubscriptionPlan = async (db: Tx): Promise<boolean> =>
  (await db.selectFrom('manga_coin_subscription_plans').select('id').limit(1).executeTakeFirst()) !== undefined;

export async function insertSubscriptionPlans(db: Tx, plans: Insertable<MangaCoinSubscriptionPlansTable>[]): Promise<void> {
  if (plans.length > 0) await db.insertInto('manga_coin_subscription_plans').values(plans).execute();
}
