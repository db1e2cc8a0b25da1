import type { CartView } from '@hondana/domain/cart';
import { type CouponRule, type CouponStatus, couponDiscount, couponStatusAt, guestCouponLabel } from '@hondana/domain/coupons';
import { AppError, ErrorCode } from '@hondana/domain/errors';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema';
import { type StoredResponse, withOneTimeToken } from '../tokens/one-time-tokens';
import { chooseCoupon, memberCoupons } from './cart.repository';
import { type CartMember, cartView, loadCart } from './cart-view';
import { CART_TOKEN_PURPOSE } from './checkout.service';

type Db = Kysely<Database>;

export interface CouponView {
  id: number;
  name: string;
  couponType: number;
  rate: number | null;
  limit: number | null;
  minCartPrice: number;
  status: CouponStatus;
  expireDatetime: number;
  expireRemainingMilliSec: number;
  steps: CouponRule['steps'];
  couponTarget: CouponRule['couponTarget'];
}

const toView = (c: CouponRule, now: number): CouponView => ({
  id: c.id,
  name: c.name,
  couponType: c.couponType,
  rate: c.rate,
  limit: c.limit,
  minCartPrice: c.minCartPrice,
  status: couponStatusAt(c, now),
  expireDatetime: c.expireDatetime,
  expireRemainingMilliSec: Math.max(c.expireDatetime - now, 0),
  steps: c.steps,
  couponTarget: c.couponTarget,
});

/** `GET /cart/coupons`: the member's coupons with their status at `now`. */
export async function listCoupons(db: Db, userId: number, now: number): Promise<{ totalCount: number; list: CouponView[] }> {
  const list = (await memberCoupons(db, userId)).map((c) => toView(c, now));
  return { totalCount: list.length, list };
}

/** `POST /cart/coupon`: a coupon the member does not hold → 404 COUPON_NOT_EXISTS; one that cannot apply → 403 COUPON_INVALID. */
export function setCoupon(db: Db, member: CartMember, input: { token: string; couponId: number }, now: number): Promise<StoredResponse<CartView>> {
  return withOneTimeToken(db, { token: input.token, userId: member.userId, purpose: CART_TOKEN_PURPOSE, request: { c: input.couponId }, now }, async (trx) => {
    const state = await loadCart(trx, member, now);
    const coupon = state.coupons.find((c) => c.id === input.couponId);
    if (!coupon) throw new AppError(404, ErrorCode.COUPON_NOT_EXISTS, ['couponId: no such coupon']);
    const result = couponDiscount(coupon, state.valid.map((l) => l.coupon), now);
    if (!result.ok) throw new AppError(403, ErrorCode.COUPON_INVALID, [`couponId: ${result.refusal}`]);
    await chooseCoupon(trx, member.userId, coupon.id);
    return { body: await cartView(trx, member, { usePoint: 0, allUsePoint: false }, now) };
  });
}

/** `DELETE /cart/coupon`. */
export function removeCoupon(db: Db, member: CartMember, token: string, now: number): Promise<StoredResponse<CartView>> {
  return withOneTimeToken(db, { token, userId: member.userId, purpose: CART_TOKEN_PURPOSE, request: { c: null }, now }, async (trx: Transaction<Database>) => {
    await chooseCoupon(trx, member.userId, null);
    return { body: await cartView(trx, member, { usePoint: 0, allUsePoint: false }, now) };
  });
}

/** `GET /guest/coupon`: the login-appeal coupon of §5 (null when none, or when its label hides it). */
export async function guestCoupon(db: Db, now: number) {
  const row = await db
    .selectFrom('coupons')
    .selectAll()
    .where('guest', '=', 1)
    .where('enabled', '=', 1)
    .where('expire_at', '>', now)
    .orderBy('expire_at')
    .orderBy('id')
    .executeTakeFirst();
  if (!row) return { coupon: null };
  const steps = JSON.parse(row.steps) as CouponRule['steps'];
  const label = guestCouponLabel({ rate: row.rate, steps });
  if (label === null) return { coupon: null };
  return {
    coupon: {
      rate: row.rate,
      limit: row.limit_count,
      couponType: row.coupon_type === 2 ? 'reduction' : 'discount',
      imageUrl: row.image_url,
      name: row.name,
      label,
      expireRemainingMilliSec: row.expire_at - now,
      couponTarget: { scope: row.target_scope, ids: JSON.parse(row.target_ids) as number[] },
    },
  };
}
