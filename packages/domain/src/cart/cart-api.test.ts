import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CartItemError, CartItemLevel } from './cart-api';
import { checkCartItem, orderTotals } from './cart';
import { CouponStatus, CouponTargetScope, CouponType, couponDiscount, isTargeted } from './coupons';
import { GUEST_CART_LIMIT, addToGuestCart, parseGuestCart } from './guest-cart';

const facts = { owned: false, salable: true, adultOnly: false, adultChecked: false, priceWhenAdded: 500, price: 500 };

describe('checkCartItem', () => {
  it('an item to buy as it is', () => {
    expect(checkCartItem(facts)).toEqual({ validFlg: true, level: CartItemLevel.NONE, errors: [] });
  });
  it('a changed price is a WARNING, still bought', () => {
    expect(checkCartItem({ ...facts, price: 400 })).toEqual({
      validFlg: true,
      level: CartItemLevel.WARNING,
      errors: [CartItemError.CHANGED_PRICE],
    });
  });
  it('owned, off sale or adult without the check are ERRORs with every reason', () => {
    expect(checkCartItem({ ...facts, owned: true, salable: false, adultOnly: true })).toEqual({
      validFlg: false,
      level: CartItemLevel.ERROR,
      errors: [CartItemError.ALREADY_BOUGHT, CartItemError.INVALID_ITEM, CartItemError.ADULT_CHECK_REQUIRED],
    });
    expect(checkCartItem({ ...facts, adultOnly: true, adultChecked: true }).validFlg).toBe(true);
  });
});

describe('orderTotals', () => {
  it('sale price − coupon − points, with maxUsePoint capped by price and balance', () => {
    const r = orderTotals({ prices: [500, 300], regularPrices: [600, 300], couponDiscount: 400, usePoint: 100, pointBalance: 1000 });
    expect(r).toEqual({
      ok: true,
      totals: {
        totalCount: 2,
        totalRegularPrice: 900,
        salePrice: 800,
        totalDiscount: 400,
        minUsePoint: 0,
        maxUsePoint: 400,
        usePoint: 100,
        totalAmount: 300,
        totalPriceIncTax: 300,
      },
    });
  });
  it('refuses points over the price and points not held', () => {
    expect(orderTotals({ prices: [500], regularPrices: [500], couponDiscount: 100, usePoint: 401, pointBalance: 1000 })).toEqual({
      ok: false,
      refusal: 'CART_NOT_USE_POINT_OVER_PRICE',
    });
    expect(orderTotals({ prices: [500], regularPrices: [500], couponDiscount: 0, usePoint: 50, pointBalance: 49 })).toEqual({
      ok: false,
      refusal: 'CART_NOT_ENOUGH_POINT',
    });
  });
  it('property: total = Σ prices − discount − points ≥ 0, integers, discount ≤ Σ prices', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 10_000 }), { maxLength: 30 }),
        fc.integer({ min: -500, max: 100_000 }),
        fc.nat(100_000),
        fc.nat(100_000),
        (prices, couponDiscount, usePoint, pointBalance) => {
          const r = orderTotals({ prices, regularPrices: prices, couponDiscount, usePoint, pointBalance });
          const sum = prices.reduce((s, p) => s + p, 0);
          if (!r.ok) {
            expect(usePoint > pointBalance || usePoint > sum - Math.min(Math.max(couponDiscount, 0), sum)).toBe(true);
            return;
          }
          const t = r.totals;
          expect(t.totalAmount).toBe(sum - t.totalDiscount - t.usePoint);
          expect(t.totalAmount).toBeGreaterThanOrEqual(0);
          expect(t.totalDiscount).toBeGreaterThanOrEqual(0);
          expect(t.totalDiscount).toBeLessThanOrEqual(sum);
          expect(t.maxUsePoint).toBeLessThanOrEqual(Math.min(pointBalance, sum - t.totalDiscount));
          for (const v of Object.values(t)) expect(Number.isInteger(v)).toBe(true);
        },
      ),
    );
  });
});

describe('guest cart', () => {
  it('ignores duplicates and stops at 100', () => {
    expect(addToGuestCart([1, 2], [2, 3, 3])).toEqual([1, 2, 3]);
    const full = Array.from({ length: GUEST_CART_LIMIT }, (_, i) => i + 1);
    expect(addToGuestCart(full, [1000])).toEqual(full);
  });
  it('reads storage defensively', () => {
    expect(parseGuestCart(null)).toEqual([]);
    expect(parseGuestCart('{')).toEqual([]);
    expect(parseGuestCart('[3,3,"x",0,-1,2.5,4]')).toEqual([3, 4]);
  });
  it('property: at most 100 distinct ids, keeping the order of first addition', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 1, max: 300 }), { maxLength: 400 }), (ids) => {
        const cart = addToGuestCart([], ids);
        expect(cart.length).toBeLessThanOrEqual(GUEST_CART_LIMIT);
        expect(new Set(cart).size).toBe(cart.length);
        expect(cart).toEqual([...new Set(ids)].slice(0, GUEST_CART_LIMIT));
      }),
    );
  });
});

describe('coupon and points together', () => {
  const lineArb = fc.record({
    bookId: fc.integer({ min: 1, max: 30 }),
    titleId: fc.integer({ min: 1, max: 6 }),
    publisherId: fc.option(fc.integer({ min: 1, max: 3 })),
    genreId: fc.option(fc.integer({ min: 1, max: 3 })),
    price: fc.integer({ min: 0, max: 3000 }),
  });
  const couponArb = fc.record({
    couponType: fc.constantFrom(...Object.values(CouponType)),
    rate: fc.option(fc.integer({ min: 0, max: 5000 })),
    limit: fc.option(fc.integer({ min: 1, max: 4 })),
    scope: fc.constantFrom(...Object.values(CouponTargetScope)),
    ids: fc.array(fc.integer({ min: 1, max: 30 }), { maxLength: 6 }),
    steps: fc.array(
      fc.record({
        stepNumber: fc.nat(3),
        requiredStepCount: fc.integer({ min: 1, max: 5 }),
        stepType: fc.constant('BOOK_COUNT'),
        stepRate: fc.integer({ min: 0, max: 100 }),
      }),
      { maxLength: 3 },
    ),
  });
  it('for random carts and coupons: total = Σ prices − discount − points ≥ 0 and the discount ≤ the targeted items’ total', () => {
    fc.assert(
      fc.property(fc.array(lineArb, { maxLength: 15 }), couponArb, fc.nat(50_000), fc.nat(50_000), (lines, c, usePoint, pointBalance) => {
        const coupon = {
          id: 1,
          name: 'c',
          minCartPrice: 0,
          expireDatetime: 10,
          status: CouponStatus.UNUSED,
          couponTarget: { scope: c.scope, ids: c.ids, genreIds: [1, 2] },
          couponType: c.couponType,
          rate: c.rate,
          limit: c.limit,
          steps: c.steps,
        };
        const result = couponDiscount(coupon, lines, 0);
        const discount = result.ok ? result.discount : 0;
        const targeted = lines.filter((l) => isTargeted(coupon.couponTarget, l)).reduce((s, l) => s + l.price, 0);
        expect(discount).toBeLessThanOrEqual(targeted);
        const prices = lines.map((l) => l.price);
        const totals = orderTotals({ prices, regularPrices: prices, couponDiscount: discount, usePoint, pointBalance });
        if (!totals.ok) return;
        const sum = prices.reduce((s, p) => s + p, 0);
        expect(totals.totals.totalAmount).toBe(sum - discount - usePoint);
        expect(totals.totals.totalAmount).toBeGreaterThanOrEqual(0);
      }),
    );
  });
});
