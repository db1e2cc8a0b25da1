import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { bonusPercentage, essentiallyFree, goodValuePlan } from './subscription-plans';

describe('bonusPercentage (§5 floor(cycleBonus / coin × 100))', () => {
  it('is 10 for 100 bonus on 1,000 coins and 29 for 29 on 100 (where floating point says 28)', () => {
    expect(bonusPercentage(100, 1000)).toBe(10);
    expect(bonusPercentage(29, 100)).toBe(29);
    expect(Math.floor((29 / 100) * 100)).toBe(28);
    expect(bonusPercentage(0, 500)).toBe(0);
    expect(bonusPercentage(10, 0)).toBe(0);
  });

  it('is the exact floor of the ratio in percent (property, against BigInt arithmetic)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000_000 }), fc.integer({ min: 1, max: 10_000_000 }), (bonus, coin) => {
        const exact = Number((BigInt(bonus) * 100n) / BigInt(coin));
        const p = bonusPercentage(bonus, coin);
        return p === exact && p * coin <= bonus * 100 && (p + 1) * coin > bonus * 100;
      }),
    );
  });
});

const plan = (id: number, coin: number, cycleBonus: number) => ({
  id,
  coin,
  taxIncludedPrice: coin,
  firstBonus: 0,
  secondBonus: 0,
  cycleBonus,
});

describe('goodValuePlan', () => {
  it('names the plan with the highest bonus percentage, then the one with more coins', () => {
    expect(goodValuePlan([plan(1, 500, 25), plan(2, 1000, 100), plan(3, 3000, 450)])?.id).toBe(3);
    expect(goodValuePlan([plan(1, 500, 50), plan(2, 1000, 100)])?.id).toBe(2);
    expect(goodValuePlan([plan(1, 500, 0)])).toBeNull();
    expect(goodValuePlan([])).toBeNull();
  });

  it('never names a plan that another beats on percentage (property)', () => {
    const plans = fc.array(fc.record({ coin: fc.integer({ min: 1, max: 50_000 }), cycleBonus: fc.integer({ min: 0, max: 20_000 }) }), {
      maxLength: 8,
    });
    fc.assert(
      fc.property(plans, (list) => {
        const all = list.map((p, i) => plan(i + 1, p.coin, p.cycleBonus));
        const best = goodValuePlan(all);
        if (best === null) return all.every((p) => p.cycleBonus === 0);
        return (
          best.cycleBonus > 0 && all.every((p) => bonusPercentage(p.cycleBonus, p.coin) <= bonusPercentage(best.cycleBonus, best.coin))
        );
      }),
    );
  });
});

describe('essentiallyFree', () => {
  it("holds when the first cycle's bonus covers its price, and only before the first bonus was received", () => {
    const terms = { coin: 500, taxIncludedPrice: 500, firstBonus: 450, secondBonus: 0, cycleBonus: 50 };
    expect(essentiallyFree(terms, false)).toBe(true);
    expect(essentiallyFree(terms, true)).toBe(false);
    expect(essentiallyFree({ ...terms, firstBonus: 449 }, false)).toBe(false);
  });
});
