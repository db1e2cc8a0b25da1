import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type CouponLine,
  type CouponRule,
  CouponRefusal,
  CouponStatus,
  CouponTargetScope,
  CouponType,
  applicableCoupons,
  bestCoupon,
  bookCouponPrice,
  couponDiscount,
  couponsBelowMinimum,
  couponRemainingText,
  isTargeted,
  stepReached,
} from './coupons';

const NOW = 1_000_000;
const line = (bookId: number, price: number, more: Partial<CouponLine> = {}): CouponLine => ({
  bookId,
  titleId: bookId,
  publisherId: null,
  genreId: null,
  price,
  ...more,
});
const coupon = (more: Partial<CouponRule> = {}): CouponRule => ({
  id: 1,
  name: 'c',
  couponType: CouponType.DISCOUNT,
  rate: 50,
  limit: null,
  minCartPrice: 0,
  expireDatetime: NOW + 1000,
  status: CouponStatus.UNUSED,
  steps: [],
  couponTarget: { scope: CouponTargetScope.ALL, ids: [] },
  ...more,
});
const steps = [
  { stepNumber: 1, requiredStepCount: 2, stepType: 'BOOK_COUNT', stepRate: 10 },
  { stepNumber: 2, requiredStepCount: 5, stepType: 'BOOK_COUNT', stepRate: 30 },
];

describe('couponDiscount by type', () => {
  it('discount %: rounded down on the targeted total', () => {
    expect(couponDiscount(coupon({ rate: 50 }), [line(1, 551), line(2, 100)], NOW)).toEqual({ ok: true, discount: 325, targetTotal: 651 });
  });
  it('reduction ¥: the amount, capped at the targeted total', () => {
    expect(couponDiscount(coupon({ couponType: CouponType.REDUCTION, rate: 300 }), [line(1, 550)], NOW)).toMatchObject({ discount: 300 });
    expect(couponDiscount(coupon({ couponType: CouponType.REDUCTION, rate: 900 }), [line(1, 550)], NOW)).toMatchObject({ discount: 550 });
  });
  it('step by book count picks the highest step reached, and refuses below the first', () => {
    const c = coupon({ couponType: CouponType.STEP_BOOK_COUNT, rate: null, steps });
    expect(couponDiscount(c, [line(1, 100)], NOW)).toEqual({ ok: false, refusal: CouponRefusal.BOOK_COUNT_SHORTAGE });
    expect(
      couponDiscount(
        c,
        [1, 2, 3].map((i) => line(i, 100)),
        NOW,
      ),
    ).toMatchObject({ discount: 30 });
    expect(
      couponDiscount(
        c,
        [1, 2, 3, 4, 5].map((i) => line(i, 100)),
        NOW,
      ),
    ).toMatchObject({ discount: 150 });
  });
  it('step by title count counts distinct titles', () => {
    const c = coupon({ couponType: CouponType.STEP_TITLE_COUNT, rate: null, steps });
    expect(couponDiscount(c, [line(1, 100, { titleId: 7 }), line(2, 100, { titleId: 7 })], NOW)).toEqual({
      ok: false,
      refusal: CouponRefusal.TITLE_COUNT_SHORTAGE,
    });
    expect(couponDiscount(c, [line(1, 100, { titleId: 7 }), line(2, 100, { titleId: 8 })], NOW)).toMatchObject({ discount: 20 });
  });
  it('limit discounts only the most expensive targeted books', () => {
    expect(couponDiscount(coupon({ limit: 1 }), [line(1, 100), line(2, 700)], NOW)).toMatchObject({ discount: 350, targetTotal: 700 });
  });
});

describe('coupon refusals and targets', () => {
  it('expired, used, no target, price shortage', () => {
    expect(couponDiscount(coupon({ expireDatetime: NOW }), [line(1, 100)], NOW)).toEqual({ ok: false, refusal: CouponRefusal.EXPIRED });
    expect(couponDiscount(coupon({ status: CouponStatus.USED }), [line(1, 100)], NOW)).toEqual({
      ok: false,
      refusal: CouponRefusal.INVALID,
    });
    const bookOnly = coupon({ couponTarget: { scope: CouponTargetScope.BOOK, ids: [9] } });
    expect(couponDiscount(bookOnly, [line(1, 100)], NOW)).toEqual({ ok: false, refusal: CouponRefusal.NO_TARGET });
    expect(couponDiscount(coupon({ minCartPrice: 1000 }), [line(1, 999)], NOW)).toEqual({
      ok: false,
      refusal: CouponRefusal.PRICE_SHORTAGE,
    });
  });
  it('matches each scope of §9', () => {
    const l = line(1, 100, { titleId: 2, publisherId: 3, genreId: 4 });
    expect(isTargeted({ scope: CouponTargetScope.BOOK, ids: [1] }, l)).toBe(true);
    expect(isTargeted({ scope: CouponTargetScope.TITLE, ids: [2] }, l)).toBe(true);
    expect(isTargeted({ scope: CouponTargetScope.PUBLISHER, ids: [3] }, l)).toBe(true);
    expect(isTargeted({ scope: CouponTargetScope.GENRE, ids: [4] }, l)).toBe(true);
    expect(isTargeted({ scope: CouponTargetScope.PUBLISHER_GENRE, ids: [3], genreIds: [4] }, l)).toBe(true);
    expect(isTargeted({ scope: CouponTargetScope.PUBLISHER_GENRE, ids: [3], genreIds: [5] }, l)).toBe(false);
    expect(isTargeted({ scope: CouponTargetScope.GENRE, ids: [4] }, line(1, 1))).toBe(false);
  });
});

const scopeArb = fc.constantFrom(...Object.values(CouponTargetScope));
const lineArb = fc.record({
  bookId: fc.integer({ min: 1, max: 20 }),
  titleId: fc.integer({ min: 1, max: 5 }),
  publisherId: fc.option(fc.integer({ min: 1, max: 3 })),
  genreId: fc.option(fc.integer({ min: 1, max: 3 })),
  price: fc.integer({ min: 0, max: 5000 }),
});
const couponArb = fc.record({
  couponType: fc.constantFrom(...Object.values(CouponType)),
  rate: fc.option(fc.integer({ min: -10, max: 2000 })),
  limit: fc.option(fc.integer({ min: 0, max: 5 })),
  minCartPrice: fc.integer({ min: 0, max: 3000 }),
  scope: scopeArb,
  ids: fc.array(fc.integer({ min: 1, max: 20 }), { maxLength: 5 }),
  genreIds: fc.array(fc.integer({ min: 1, max: 3 }), { maxLength: 3 }),
  steps: fc.array(
    fc.record({
      stepNumber: fc.nat(5),
      requiredStepCount: fc.integer({ min: 1, max: 6 }),
      stepType: fc.constant('BOOK_COUNT'),
      stepRate: fc.integer({ min: 0, max: 100 }),
    }),
    { maxLength: 4 },
  ),
});
type CouponInput = typeof couponArb extends fc.Arbitrary<infer T> ? T : never;
const toRule = (c: CouponInput): CouponRule => coupon({ ...c, couponTarget: { scope: c.scope, ids: c.ids, genreIds: c.genreIds } });

describe('coupon properties', () => {
  it('a discount is an integer, never negative, never above the targeted books’ total', () => {
    fc.assert(
      fc.property(couponArb, fc.array(lineArb, { maxLength: 12 }), (c, lines) => {
        const rule = toRule(c);
        const result = couponDiscount(rule, lines, NOW);
        if (!result.ok) return;
        const targetedTotal = lines.filter((l) => isTargeted(rule.couponTarget, l)).reduce((s, l) => s + l.price, 0);
        expect(Number.isInteger(result.discount)).toBe(true);
        expect(result.discount).toBeGreaterThanOrEqual(0);
        expect(result.discount).toBeLessThanOrEqual(result.targetTotal);
        expect(result.targetTotal).toBeLessThanOrEqual(targetedTotal);
      }),
    );
  });
  it('step coupons use the highest step whose count is reached', () => {
    fc.assert(
      fc.property(couponArb, fc.integer({ min: 0, max: 10 }), (c, count) => {
        const step = stepReached(c.steps, count);
        const reached = c.steps.filter((s) => s.requiredStepCount <= count);
        if (reached.length === 0) expect(step).toBeNull();
        else expect(step?.requiredStepCount).toBe(Math.max(...reached.map((s) => s.requiredStepCount)));
      }),
    );
  });
  it('the applicable coupons are exactly those with a discount, best first, and the first is the best coupon', () => {
    fc.assert(
      fc.property(fc.array(couponArb, { maxLength: 5 }), fc.array(lineArb, { maxLength: 8 }), (cs, lines) => {
        const rules = cs.map((c, i) => ({ ...toRule(c), id: i + 1 }));
        const listed = applicableCoupons(rules, lines, NOW);
        const discounting = rules.filter((r) => {
          const result = couponDiscount(r, lines, NOW);
          return result.ok && result.discount > 0;
        });
        expect(listed.map((l) => l.coupon.id).sort()).toEqual(discounting.map((r) => r.id).sort());
        for (let i = 1; i < listed.length; i++) expect(listed[i - 1]!.discount).toBeGreaterThanOrEqual(listed[i]!.discount);
        expect(listed[0]?.discount ?? null).toBe(bestCoupon(rules, lines, NOW)?.discount ?? null);
      }),
    );
  });
  it('the best coupon gives at least the discount of every applicable coupon', () => {
    fc.assert(
      fc.property(fc.array(couponArb, { maxLength: 5 }), fc.array(lineArb, { maxLength: 8 }), (cs, lines) => {
        const rules = cs.map((c, i) => ({ ...toRule(c), id: i + 1 }));
        const best = bestCoupon(rules, lines, NOW);
        for (const rule of rules) {
          const r = couponDiscount(rule, lines, NOW);
          if (r.ok) expect(best?.discount ?? 0).toBeGreaterThanOrEqual(r.discount);
        }
      }),
    );
  });
});

describe('guest coupon banner (§5, §9)', () => {
  it('remaining days round up, 今日まで on the last day', () => {
    const day = 24 * 60 * 60 * 1000;
    expect(couponRemainingText(day * 2 + 1)).toBe('残り3日');
    expect(couponRemainingText(day)).toBe('今日まで');
    expect(couponRemainingText(5)).toBe('今日まで');
    expect(couponRemainingText(0)).toBeNull();
  });
});

describe('a coupon the cart is too small for (issue 34 item 13)', () => {
  const ticket = coupon({ id: 7, couponType: CouponType.REDUCTION, rate: 500, minCartPrice: 1000 });
  it('is listed with how much more to add, until the cart reaches its minimum', () => {
    expect(couponsBelowMinimum([ticket], [line(1, 440)], NOW)).toEqual([{ coupon: ticket, shortfall: 560 }]);
    expect(couponsBelowMinimum([ticket], [line(1, 440), line(2, 560)], NOW)).toEqual([]);
    expect(couponDiscount(ticket, [line(1, 440), line(2, 560)], NOW)).toMatchObject({ ok: true, discount: 500 });
  });
  it('leaves out coupons refused for another reason: used, expired, no target in the cart', () => {
    expect(couponsBelowMinimum([{ ...ticket, status: CouponStatus.USED }], [line(1, 440)], NOW)).toEqual([]);
    expect(couponsBelowMinimum([ticket], [line(1, 440)], NOW + 2000)).toEqual([]);
    expect(couponsBelowMinimum([{ ...ticket, couponTarget: { scope: CouponTargetScope.BOOK, ids: [9] } }], [line(1, 440)], NOW)).toEqual(
      [],
    );
  });
  it('asks for exactly what the minimum lacks', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 1, max: 3000 }), { minLength: 1, maxLength: 5 }),
        fc.integer({ min: 1, max: 10000 }),
        (prices, min) => {
          const lines = prices.map((p, i) => line(i + 1, p));
          const total = prices.reduce((a, b) => a + b, 0);
          const below = couponsBelowMinimum([{ ...ticket, minCartPrice: min }], lines, NOW);
          expect(below).toEqual(total < min ? [{ coupon: { ...ticket, minCartPrice: min }, shortfall: min - total }] : []);
        },
      ),
    );
  });
});

describe('a member’s coupon price for one book (issue 34 item 2)', () => {
  it('is the price less the best coupon’s discount on that book alone', () => {
    const thirty = coupon({ id: 2, rate: 30 });
    const ticket = coupon({ id: 3, couponType: CouponType.REDUCTION, rate: 100, minCartPrice: 500 });
    expect(bookCouponPrice([thirty, ticket], line(1, 440), NOW)).toEqual({ coupon: thirty, discount: 132, couponPrice: 308 });
    expect(bookCouponPrice([ticket], line(1, 440), NOW)).toBeNull();
    expect(bookCouponPrice([thirty], line(1, 0), NOW)).toBeNull();
  });
  it('never goes below 0 nor above the price, and matches what the cart charges for the book alone', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 5000 }),
        fc.integer({ min: 0, max: 100 }),
        fc.integer({ min: 0, max: 6000 }),
        (price, rate, yen) => {
          const coupons = [coupon({ id: 1, rate }), coupon({ id: 2, couponType: CouponType.REDUCTION, rate: yen })];
          const shown = bookCouponPrice(coupons, line(1, price), NOW);
          if (!shown) return;
          expect(shown.couponPrice).toBeGreaterThanOrEqual(0);
          expect(shown.couponPrice).toBeLessThan(price);
          const charged = couponDiscount(shown.coupon, [line(1, price)], NOW);
          expect(charged.ok && price - charged.discount).toBe(shown.couponPrice);
        },
      ),
    );
  });
});
