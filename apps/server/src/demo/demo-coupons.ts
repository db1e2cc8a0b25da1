import { CouponTargetScope, CouponType } from '@hondana/domain/cart/coupons';
import type { Insertable } from 'kysely';
import type { CouponsTable } from '../db/cart-schema';

const DAY = 24 * 60 * 60 * 1000;

/**
 * Coupons of the demo, one of each type, so a newcomer can try the cart's coupon
 * picker: all are open to every member (`guest`: given when they first open their cart), and
 * the 30%OFF one, expiring first, is the login-appeal banner a guest sees on book pages.
 */
export function buildDemoCoupons(now: number): Insertable<CouponsTable>[] {
  const all = { target_scope: CouponTargetScope.ALL, target_ids: '[]', target_genre_ids: '[]', steps: '[]', guest: 1, enabled: 1 } as const;
  const steps = (stepType: 'BOOK_COUNT' | 'TITLE_COUNT', rates: [number, number][]) =>
    JSON.stringify(rates.map(([count, rate], i) => ({ stepNumber: i + 1, requiredStepCount: count, stepType, stepRate: rate })));
  return [
    {
      ...all,
      name: 'はじめての方限定 30%OFFクーポン',
      coupon_type: CouponType.DISCOUNT,
      rate: 30,
      limit_count: 3,
      min_cart_price: 0,
      expire_at: now + 60 * DAY,
    },
    {
      ...all,
      name: '500円以上で100円OFFクーポン',
      coupon_type: CouponType.REDUCTION,
      rate: 100,
      limit_count: null,
      min_cart_price: 500,
      expire_at: now + 90 * DAY,
    },
    {
      ...all,
      name: 'まとめ買いクーポン 2冊で10%・3冊以上で20%OFF',
      coupon_type: CouponType.STEP_BOOK_COUNT,
      rate: null,
      limit_count: null,
      min_cart_price: 0,
      steps: steps('BOOK_COUNT', [
        [2, 10],
        [3, 20],
      ]),
      expire_at: now + 90 * DAY,
    },
    {
      ...all,
      name: '作品まとめ買いクーポン 2作品で5%・3作品以上で15%OFF',
      coupon_type: CouponType.STEP_TITLE_COUNT,
      rate: null,
      limit_count: null,
      min_cart_price: 0,
      steps: steps('TITLE_COUNT', [
        [2, 5],
        [3, 15],
      ]),
      expire_at: now + 90 * DAY,
    },
  ];
}
