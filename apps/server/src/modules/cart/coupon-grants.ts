import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema';
import { insertMemberReductionCoupon, memberCouponRow } from './coupon-grants.repository';

/**
 * The cart's writes of `coupons` and `user_coupons` for the areas that make or give coupons
 * (issue 43: the cart owns both tables, it redeems them): the console's coupons and their
 * holders, and a lottery's coupon prize (which `app.ts` hands to the campaigns, since the cart
 * imports the campaigns' purchase rewards). Each takes the caller's transaction when `db` is one.
 */
export { giveCouponOnce, giveCouponToAllMembers, insertCoupon, setCouponEnabled } from './coupon-grants.repository';

/**
 * The cart area's public way to hand a member a coupon of their own (a reduction in yen over
 * the whole store, e.g. a friend invitation's incentive ticket): the coupon row and the member's
 * UNUSED copy, in the caller's transaction. The cart applies it like any coupon: minCartPrice,
 * expiry and one use.
 */
export async function grantReductionCoupon(
  trx: Transaction<Database>,
  input: { userId: number; name: string; amount: number; minCartPrice: number; expireAt: number; linkUrl: string | null; now: number },
): Promise<number> {
  return insertMemberReductionCoupon(trx, input);
}

/** The member's coupon state by id (status of their copy, expiry, amount); null when not theirs. */
export async function memberCouponState(db: Kysely<Database>, userId: number, couponId: number) {
  return (await memberCouponRow(db, userId, couponId)) ?? null;
}
