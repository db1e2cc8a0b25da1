import { CouponTargetScope, CouponType } from '@hondana/domain/cart/coupons';
import type { Insertable, Kysely, Transaction } from 'kysely';
import type { Database, Db } from '../../db/schema';

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

/** A coupon the console made (its terms as the cart's rules read them); the coupon's id. */
export const insertCoupon = async (db: Db, row: Insertable<Database['coupons']>): Promise<number> =>
  (await db.insertInto('coupons').values(row).returning('id').executeTakeFirstOrThrow()).id;

/** The console turns a coupon on or off (a disabled coupon applies to no cart). */
export async function setCouponEnabled(db: Db, couponId: number, enabled: boolean): Promise<void> {
  await db
    .updateTable('coupons')
    .set({ enabled: enabled ? 1 : 0 })
    .where('id', '=', couponId)
    .execute();
}

/** Gives the coupon to every current member (one copy each, a copy held kept as it is); how many were given. */
export async function giveCouponToAllMembers(db: Db, couponId: number, now: number): Promise<number> {
  const result = await db
    .insertInto('user_coupons')
    .columns(['user_id', 'coupon_id', 'status', 'order_id', 'created_at', 'used_at'])
    .expression((eb) =>
      eb
        .selectFrom('users')
        .select((s) => [
          'users.id',
          s.val(couponId).as('coupon_id'),
          s.val('UNUSED').as('status'),
          s.val(null).as('order_id'),
          s.val(now).as('created_at'),
          s.val(null).as('used_at'),
        ])
        .where('withdrawn_at', 'is', null),
    )
    .onConflict((oc) => oc.columns(['user_id', 'coupon_id']).doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0);
}

/** Gives the member a copy of the coupon unless they have one (the console's list, a lottery's coupon prize). */
export async function giveCouponOnce(db: Db, userId: number, couponId: number, now: number): Promise<void> {
  await db
    .insertInto('user_coupons')
    .values({ user_id: userId, coupon_id: couponId, status: 'UNUSED', order_id: null, created_at: now, used_at: null })
    .onConflict((oc) => oc.columns(['user_id', 'coupon_id']).doNothing())
    .execute();
}
