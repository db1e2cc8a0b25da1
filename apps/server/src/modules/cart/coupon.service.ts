import type { BookCouponResponse, CartView, CouponListItem, CouponListResponse, GuestCouponResponse } from '@hondana/domain/cart/cart-api';
import { isBuyableNow, salesStatusAt } from '@hondana/domain/catalog/books';
import { priceAt } from '@hondana/domain/catalog/catalog';
import { type GuestCouponOffer as BannerOffer, GUEST_COUPON_LABEL, guestCouponBannerLabel } from '@hondana/domain/cart/coupon-banner';
import {
  type CouponRule,
  type CouponTargetScope,
  CouponType,
  bookCouponPrice,
  couponDiscount,
  couponStatusAt,
} from '@hondana/domain/cart/coupons';
import { AppError, ErrorCode } from '@hondana/domain/common/errors';
import type { Transaction } from 'kysely';
import type { Database, Db } from '../../db/schema';
import { type StoredResponse, withOneTimeToken } from '../tokens/one-time-tokens';
import { entitledBookIds } from '../orders/entitlements';
import { booksForPurchase } from '../orders/order-rows';
import { toPricing } from '../orders/purchase';
import { chooseCoupon, couponExists, firstOpenGuestCoupon, grantGuestCoupons, memberCoupons } from './cart.repository';
import { type CartMember, cartView, loadCart } from './cart-view';
import { CART_TOKEN_PURPOSE } from './checkout.service';

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

/**
 * `GET /cart/coupons/by_book`: the member's coupon that lowers this book most when it is bought
 * alone in the cart, priced by the rules the cart charges with (issue 34 item 2: the price a
 * guest is promised is the price a member can pay). The login-appeal coupons are handed over
 * first, as the cart does. null for a book not on sale now, free, or already the member's.
 */
export async function bookCoupon(db: Db, userId: number, bookId: number, now: number): Promise<BookCouponResponse> {
  await grantGuestCoupons(db, userId, now);
  const [[row], owned, coupons] = await Promise.all([
    booksForPurchase(db, [bookId]),
    entitledBookIds(db, userId, [bookId]),
    memberCoupons(db, userId),
  ]);
  if (!row || owned.has(bookId)) return { coupon: null };
  const salable = isBuyableNow(
    salesStatusAt({ salesStatus: row.sales_status, startDatetime: row.start_datetime, endDatetime: row.end_datetime }, now),
  );
  if (!salable) return { coupon: null };
  const price = priceAt(toPricing(row), now).price;
  const best = bookCouponPrice(
    coupons,
    { bookId: row.id, titleId: row.title_id, publisherId: row.publisher_id, genreId: row.genre_id, price },
    now,
  );
  if (!best) return { coupon: null };
  const c = best.coupon;
  return {
    coupon: {
      id: c.id,
      name: c.name,
      label: guestCouponBannerLabel(c) ?? GUEST_COUPON_LABEL,
      price,
      discount: best.discount,
      couponPrice: best.couponPrice,
    },
  };
}

/**
 * `POST /cart/coupon`: an unknown coupon → 404 COUPON_NOT_EXISTS; a coupon of the store the
 * member does not hold → 404 USER_COUPO_NOT_EXISTS (§8); one that cannot apply → 403 COUPON_INVALID.
 */
export function setCoupon(
  db: Db,
  member: CartMember,
  input: { token: string; couponId: number },
  now: number,
): Promise<StoredResponse<CartView>> {
  return withOneTimeToken(
    db,
    { token: input.token, userId: member.userId, purpose: CART_TOKEN_PURPOSE, request: { c: input.couponId }, now },
    async (trx) => {
      const state = await loadCart(trx, member, now);
      const coupon = state.coupons.find((c) => c.id === input.couponId);
      if (!coupon) {
        if (await couponExists(trx, input.couponId))
          throw new AppError(404, ErrorCode.USER_COUPO_NOT_EXISTS, ['couponId: not one of your coupons']);
        throw new AppError(404, ErrorCode.COUPON_NOT_EXISTS, ['couponId: no such coupon']);
      }
      const result = couponDiscount(
        coupon,
        state.valid.map((l) => l.coupon),
        now,
      );
      if (!result.ok) throw new AppError(403, ErrorCode.COUPON_INVALID, [`couponId: ${result.refusal}`]);
      await chooseCoupon(trx, member.userId, coupon.id);
      return { body: await cartView(trx, member, { usePoint: 0, allUsePoint: false }, now) };
    },
  );
}

/** `DELETE /cart/coupon`. */
export function removeCoupon(db: Db, member: CartMember, token: string, now: number): Promise<StoredResponse<CartView>> {
  return withOneTimeToken(
    db,
    { token, userId: member.userId, purpose: CART_TOKEN_PURPOSE, request: { c: null }, now },
    async (trx: Transaction<Database>) => {
      await chooseCoupon(trx, member.userId, null);
      return { body: await cartView(trx, member, { usePoint: 0, allUsePoint: false }, now) };
    },
  );
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
