import { CouponTargetScope, CouponType } from '@hondana/domain/cart/coupons';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema';

/** A store-wide reduction coupon made for one member, with their UNUSED copy; the coupon's id. */
export async function insertMemberReductionCoupon(
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
  await trx
    .insertInto('user_coupons')
    .values({ user_id: input.userId, coupon_id: id, status: 'UNUSED', order_id: null, created_at: input.now, used_at: null })
    .execute();
  return id;
}

/** The member's copy of a coupon with the coupon's terms; undefined when not theirs. */
export async function memberCouponRow(db: Kysely<Database>, userId: number, couponId: number) {
  return db
    .selectFrom('user_coupons')
    .innerJoin('coupons', 'coupons.id', 'user_coupons.coupon_id')
    .select(['user_coupons.status', 'coupons.expire_at', 'coupons.rate', 'coupons.min_cart_price', 'coupons.enabled'])
    .where('user_coupons.user_id', '=', userId)
    .where('user_coupons.coupon_id', '=', couponId)
    .executeTakeFirst();
}
