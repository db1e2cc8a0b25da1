import type { CartView, CouponListItem, CouponListResponse, GuestCouponResponse } from '@hondana/domain/cart/cart-api';
import { type GuestCouponOffer as BannerOffer, guestCouponBannerLabel } from '@hondana/domain/cart/coupon-banner';
import { type CouponRule, type CouponTargetScope, CouponType, couponDiscount, couponStatusAt } from '@hondana/domain/cart/coupons';
import { AppError, ErrorCode } from '@hondana/domain/common/errors';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema';
import { type StoredResponse, withOneTimeToken } from '../tokens/one-time-tokens';
import { chooseCoupon, firstOpenGuestCoupon, memberCoupons } from './cart.repository';
import { type CartMember, cartView, loadCart } from './cart-view';
import { CART_TOKEN_PURPOSE } from './checkout.service';

type Db = Kysely<Database>;

export interface GuestCouponOffer extends BannerOffer {
  imageUrl: string | null;
}

const toView = (c: CouponRule, now: number): CouponListItem => ({
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
export async function listCoupons(db: Db, userId: number, now: number): Promise<CouponListResponse> {
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

/** The open guest coupon (§3 Guest coupon) the banner offers: the one expiring first; null when none. */
export async function guestCouponOffer(db: Db, now: number): Promise<GuestCouponOffer | null> {
  const row = await firstOpenGuestCoupon(db, now);
  if (!row) return null;
  const ints = (json: string) => (JSON.parse(json) as unknown[]).map(Number);
  return {
    name: row.name,
    couponType: row.coupon_type,
    rate: row.rate,
    limit: row.limit_count,
    steps: JSON.parse(row.steps) as CouponRule['steps'],
    couponTarget: { scope: row.target_scope as CouponTargetScope, ids: ints(row.target_ids), genreIds: ints(row.target_genre_ids) },
    expireDatetime: row.expire_at,
    imageUrl: row.image_url,
  };
}

/** `GET /guest/coupon`: the login-appeal coupon of §5 (null when none, or when its label hides it). */
export async function guestCoupon(db: Db, now: number): Promise<GuestCouponResponse> {
  const offer = await guestCouponOffer(db, now);
  const label = offer && guestCouponBannerLabel(offer);
  if (!offer || !label) return { coupon: null };
  return {
    coupon: {
      rate: offer.rate,
      limit: offer.limit,
      couponType: offer.couponType === CouponType.REDUCTION ? 'reduction' : 'discount',
      imageUrl: offer.imageUrl,
      name: offer.name,
      label,
      expireRemainingMilliSec: offer.expireDatetime - now,
      couponTarget: offer.couponTarget,
    },
  };
}
