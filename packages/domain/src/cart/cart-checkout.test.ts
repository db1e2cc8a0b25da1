import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { allocateBundlePrice } from './cart-checkout';

describe('allocateBundlePrice', () => {
  it('splits 900 over 500/400/300 in proportion', () => {
    expect(allocateBundlePrice(900, [500, 400, 300])).toEqual([375, 300, 225]);
    expect(allocateBundlePrice(100, [1, 1, 1])).toEqual([34, 33, 33]);
    expect(allocateBundlePrice(90, [0, 0, 0])).toEqual([30, 30, 30]);
    expect(allocateBundlePrice(500, [0, 400])).toEqual([0, 500]);
    expect(allocateBundlePrice(0, [300, 200])).toEqual([0, 0]);
    expect(allocateBundlePrice(100, [])).toEqual([]);
  });

  it('always adds up to the bundle price, in integer yen, never negative, 0 for free books unless all are', () => {
    fc.assert(
      fc.property(fc.nat(100_000), fc.array(fc.nat(20_000), { minLength: 1, maxLength: 30 }), (bundle, prices) => {
        const shares = allocateBundlePrice(bundle, prices);
        expect(shares).toHaveLength(prices.length);
        expect(shares.reduce((s, p) => s + p, 0)).toBe(bundle);
        for (const [i, share] of shares.entries()) {
          expect(Number.isInteger(share) && share >= 0).toBe(true);
          if (prices[i] === 0 && prices.some((p) => p > 0)) expect(share).toBe(0);
        }
      }),
    );
  });
});
