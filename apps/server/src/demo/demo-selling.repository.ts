import type { Insertable, Kysely, Transaction } from 'kysely';
import type { CouponsTable } from '../db/cart-schema';
import type { Database } from '../db/schema';

// The demo's selling layer as rows (`demo-campaigns.ts`, `demo-invitations.ts`,
// `demo-subscriptions.ts`): what the console's services do not make (the lottery, the missions,
// the invitation campaign, the subscription plans and the non-login appeal are made through them).

type Tx = Kysely<Database> | Transaction<Database>;

export async function insertCoupon(db: Tx, coupon: Insertable<CouponsTable>): Promise<number> {
  return (await db.insertInto('coupons').values(coupon).returning('id').executeTakeFirstOrThrow()).id;
}

export const anyLotteryDraw = async (db: Tx): Promise<boolean> =>
  (await db.selectFrom('lottery_draws').select('id').limit(1).executeTakeFirst()) !== undefined;

/** Every lottery and mission, and the demo's prize coupon (by its name). */
export async function deleteLotteriesAndMissions(db: Tx, prizeCouponName: string): Promise<void> {
  await db.deleteFrom('missions').execute();
  await db.deleteFrom('lottery_campaigns').execute();
  await db.deleteFrom('coupons').where('name', '=', prizeCouponName).execute();
}

export const anyInvitationGrant = async (db: Tx): Promise<boolean> =>
  (await db.selectFrom('invitation_grants').select('id').limit(1).executeTakeFirst()) !== undefined;

export async function deleteInvitationCampaigns(db: Tx): Promise<void> {
  await db.deleteFrom('invitation_campaigns').execute();
}

/** The demo's own appeal, by its name, before it is made again. */
export const deleteNonLoginAppealsNamed = (db: Tx, name: string) => db.deleteFrom('non_login_appeals').where('name', '=', name).execute();

export const anySubscriptionPlan = async (db: Tx): Promise<boolean> =>
  (await db.selectFrom('manga_coin_subscription_plans').select('id').limit(1).executeTakeFirst()) !== undefined;
