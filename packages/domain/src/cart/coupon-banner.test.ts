import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  BANNER_RESHOW_MS,
  BannerKind,
  COUPON_BANNER_IMAGE,
  DEFAULT_COUPON_IMAGE,
  couponRemainingSuffix,
  type GuestCouponOffer,
  bannerVisibleAfterDismissal,
  chooseBanner,
  couponAppliedPrice,
  firstStep,
  guestCouponBanner,
  guestCouponBannerLabel,
} from './coupon-banner';
import { CouponTargetScope, CouponType } from './coupons';

const DAY = 24 * 60 * 60 * 1000;
const NOW = Date.UTC(2026, 10, 22, 3);
const offer = (more: Partial<GuestCouponOffer> = {}): GuestCouponOffer => ({
  name: '新規会員 半額クーポン',
  couponType: CouponType.DISCOUNT,
  rate: 50,
  limit: 3,
  steps: [],
  couponTarget: { scope: CouponTargetScope.ALL, ids: [] },
  expireDatetime: NOW + 3 * DAY,
  ...more,
});
const book = (price: number, more = {}) => ({ bookId: 14, titleId: 3, publisherId: 2, genreId: 5, price, ...more });
const steps = [
  { stepNumber: 2, requiredStepCount: 5, stepType: 'BOOK_COUNT', stepRate: 30 },
  { stepNumber: 1, requiredStepCount: 2, stepType: 'BOOK_COUNT', stepRate: 10 },
];

describe('guest coupon banner label (§5)', () => {
  it('半額 for 50, {rate}%OFF otherwise, plain for reductions and steps', () => {
    expect(guestCouponBannerLabel(offer())).toBe('半額クーポン適用価格');
    expect(guestCouponBannerLabel(offer({ rate: 30 }))).toBe('30%OFFクーポン適用価格');
    expect(guestCouponBannerLabel(offer({ rate: 300, couponType: CouponType.REDUCTION }))).toBe('クーポン適用価格');
    expect(guestCouponBannerLabel(offer({ rate: null, couponType: CouponType.STEP_BOOK_COUNT, steps }))).toBe('クーポン適用価格');
  });
  it('hidden when rate is 0, or null without steps', () => {
    expect(guestCouponBannerLabel(offer({ rate: 0 }))).toBeNull();
    expect(guestCouponBannerLabel(offer({ rate: null }))).toBeNull();
    expect(guestCouponBannerLabel(offer({ rate: 0, steps }))).toBeNull();
  });
});

describe('coupon applied price', () => {
  it('rounds the discount down (the member pays the odd yen)', () => {
    expect(couponAppliedPrice(offer(), 693)).toBe(347);
    expect(couponAppliedPrice(offer({ rate: 30 }), 660)).toBe(462);
    expect(couponAppliedPrice(offer({ rate: 30 }), 101)).toBe(71);
    expect(couponAppliedPrice(offer({ couponType: CouponType.REDUCTION, rate: 300 }), 200)).toBe(0);
    expect(couponAppliedPrice(offer({ couponType: CouponType.STEP_BOOK_COUNT, rate: null, steps }), 500)).toBe(450);
    expect(firstStep(steps)?.stepNumber).toBe(1);
  });

  it('never negative, never above the price, equal to price − floor(price × rate / 100) for discounts', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 1_000_000 }),
        fc.integer({ min: -50, max: 200 }),
        fc.constantFrom(CouponType.DISCOUNT, CouponType.REDUCTION, CouponType.STEP_BOOK_COUNT, CouponType.STEP_TITLE_COUNT),
        fc.array(
          fc.record({
            stepNumber: fc.nat(9),
            requiredStepCount: fc.nat(9),
            stepType: fc.constant('BOOK_COUNT'),
            stepRate: fc.integer({ min: -10, max: 150 }),
          }),
          { maxLength: 4 },
        ),
        (price, rate, couponType, s) => {
          const result = couponAppliedPrice({ couponType, rate, steps: s }, price);
          expect(Number.isInteger(result)).toBe(true);
          expect(result).toBeGreaterThanOrEqual(0);
          expect(result).toBeLessThanOrEqual(price);
          if (couponType === CouponType.DISCOUNT && rate >= 0 && rate <= 100) expect(result).toBe(price - Math.floor((price * rate) / 100));
          if (couponType === CouponType.REDUCTION) expect(result).toBe(Math.max(price - Math.max(rate, 0), 0));
        },
      ),
    );
  });
});

describe('guest coupon banner for a book', () => {
  it('label, prices, limit and remaining days (ceil; 今日まで on the last day)', () => {
    expect(guestCouponBanner(offer(), book(660), NOW)).toEqual({
      name: '新規会員 半額クーポン',
      label: '半額クーポン適用価格',
      price: 660,
      couponPrice: 330,
      limit: 3,
      remaining: '残り3日',
      remainingSuffix: '（2026年11月25日 12:00まで）',
      imageUrl: DEFAULT_COUPON_IMAGE,
    });
    expect(guestCouponBanner(offer({ expireDatetime: NOW + 2 * DAY + 1 }), book(660), NOW)?.remaining).toBe('残り3日');
    expect(guestCouponBanner(offer({ expireDatetime: NOW + DAY }), book(660), NOW)?.remaining).toBe('今日まで');
    expect(guestCouponBanner(offer({ expireDatetime: NOW + 1 }), book(660), NOW)?.remaining).toBe('今日まで');
  });
  it("§9: the suffix names the last day (none on it), the image is the coupon's own, else the store's", () => {
    expect(couponRemainingSuffix(Date.UTC(2026, 11, 24, 15), NOW)).toBe('（2026年12月24日まで）');
    expect(couponRemainingSuffix(NOW + DAY, NOW)).toBeNull();
    expect(couponRemainingSuffix(NOW - 1, NOW)).toBeNull();
    expect(guestCouponBanner(offer({ expireDatetime: NOW + DAY }), book(660), NOW)?.remainingSuffix).toBeNull();
    expect(guestCouponBanner(offer({ imageUrl: '/media/coupons/7.png' }), book(660), NOW)?.imageUrl).toBe('/media/coupons/7.png');
    expect(COUPON_BANNER_IMAGE).toEqual({ tablet: 60, other: 40 });
  });
  it('none when expired, hidden by its label, not a target or free', () => {
    expect(guestCouponBanner(offer({ expireDatetime: NOW }), book(660), NOW)).toBeNull();
    expect(guestCouponBanner(offer({ rate: 0 }), book(660), NOW)).toBeNull();
    expect(guestCouponBanner(offer({ couponTarget: { scope: CouponTargetScope.TITLE, ids: [4] } }), book(660), NOW)).toBeNull();
    expect(guestCouponBanner(offer({ couponTarget: { scope: CouponTargetScope.TITLE, ids: [3] } }), book(660), NOW)).not.toBeNull();
    expect(guestCouponBanner(offer(), book(0), NOW)).toBeNull();
  });
});

describe('banner priority (§4)', () => {
  const facts = { loggedIn: false, guestCouponForBook: true, invitation: null, dismissedAt: {}, now: NOW };
  it('a guest sees only the guest coupon banner, unless dismissed in the last 24 hours', () => {
    expect(chooseBanner(facts)).toBe(BannerKind.GUEST_COUPON);
    expect(chooseBanner({ ...facts, guestCouponForBook: false })).toBeNull();
    expect(chooseBanner({ ...facts, dismissedAt: { guestCoupon: NOW - BANNER_RESHOW_MS + 1 } })).toBeNull();
    expect(chooseBanner({ ...facts, dismissedAt: { guestCoupon: NOW - BANNER_RESHOW_MS } })).toBe(BannerKind.GUEST_COUPON);
  });
  it('a member: invitation (campaign, incentive, limit not reached) before the app banner', () => {
    const m = { ...facts, loggedIn: true, invitation: { campaign: true, incentive: true, limitReached: false } };
    expect(chooseBanner(m)).toBe(BannerKind.INVITATION);
    expect(chooseBanner({ ...m, invitation: { ...m.invitation, limitReached: true } })).toBe(BannerKind.APP);
    expect(chooseBanner({ ...m, dismissedAt: { invitation: NOW - 1 } })).toBe(BannerKind.APP);
    expect(chooseBanner({ ...m, dismissedAt: { invitation: NOW - 1, app: NOW - 1 } })).toBeNull();
  });
  it('re-show after 24 hours', () => {
    expect(bannerVisibleAfterDismissal(null, NOW)).toBe(true);
    expect(bannerVisibleAfterDismissal(NOW - 1000, NOW)).toBe(false);
    expect(bannerVisibleAfterDismissal(NOW - DAY - 1, NOW)).toBe(true);
  });
});
