import { CouponTargetScope, CouponType } from '@hondana/domain/coupons';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema';

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
  const { id } = await trx
    .insertInto('coupons')
    .values({
      name: input.name,
      coupon_type: CouponType.REDUCTION,
      rate: input.amount,
      limit_count: null,
      min_cart_price: input.minCartPrice,
      expire_at: input.expireAt,
      target_scope: CouponTargetScope.ALL,
      link_url: input.linkUrl,
      image_url: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await trx.insertInto('user_coupons').values({ user_id: input.userId, coupon_id: id, status: 'UNUSED', order_id: null, created_at: input.now, used_at: null }).execute();
  return id;
}

/** The member's coupon state by id (status of their copy, expiry, amount); null when not theirs. */
export async function memberCouponState(db: Kysely<Database>, userId: number, couponId: number) {
  return (
    (await db
      .selectFrom('user_coupons')
      .innerJoin('coupons', 'coupons.id', 'user_coupons.coupon_id')
      .select(['user_coupons.status', 'coupons.expire_at', 'coupons.rate', 'coupons.min_cart_price', 'coupons.enabled'])
      .where('user_coupons.user_id', '=', userId)
      .where('user_coupons.coupon_id', '=', couponId)
      .executeTakeFirst()) ?? null
  );
}
