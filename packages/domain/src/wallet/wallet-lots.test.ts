import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type Draw,
  type LotState,
  endOfTokyoDay,
  expiringWithin,
  isUsable,
  planSpend,
  showsCouponAppeal,
  spendOrder,
  yenValueOf,
} from './wallet-lots';

const NOW = 1_000_000;

/** The model the properties check against: the balance is what remains of usable lots… */
const balanceOf = (lots: readonly LotState[], now: number): number =>
  lots.filter((l) => isUsable(l, now)).reduce((s, l) => s + l.remaining, 0);
/** …and a draw takes its amount off its lot (what the server's conditional updates do). */
const applyDraws = (lots: readonly LotState[], draws: readonly Draw[]): LotState[] => {
  const byId = new Map(draws.map((d) => [d.lotId, d.amount]));
  return lots.map((l) => (byId.has(l.id) ? { ...l, remaining: l.remaining - byId.get(l.id)! } : l));
};
const lotArb = fc.record({
  remaining: fc.integer({ min: 0, max: 500 }),
  paid: fc.boolean(),
  expiresAt: fc.integer({ min: NOW - 100, max: NOW + 1000 }),
  expired: fc.boolean(),
});
const lotsArb = fc.array(lotArb, { maxLength: 12 }).map((lots) => lots.map((l, i): LotState => ({ ...l, id: i + 1 })));

describe('planSpend (property)', () => {
  it('draws exactly the amount when the balance covers it, else nothing', () => {
    fc.assert(
      fc.property(lotsArb, fc.integer({ min: 0, max: 3000 }), (lots, amount) => {
        const held = balanceOf(lots, NOW);
        const draws = planSpend(lots, amount, NOW);
        if (amount > held) return draws === null;
        return draws !== null && draws.reduce((s, d) => s + d.amount, 0) === amount;
      }),
    );
  });

  it('never overdraws a lot, only touches usable lots, and leaves the balance reduced by the amount', () => {
    fc.assert(
      fc.property(lotsArb, fc.integer({ min: 0, max: 3000 }), (lots, amount) => {
        const draws = planSpend(lots, amount, NOW);
        if (!draws) return true;
        const byId = new Map(lots.map((l) => [l.id, l]));
        for (const d of draws) {
          const lot = byId.get(d.lotId)!;
          if (!isUsable(lot, NOW) || d.amount <= 0 || d.amount > lot.remaining) return false;
        }
        const after = applyDraws(lots, draws);
        return after.every((l) => l.remaining >= 0) && balanceOf(after, NOW) === balanceOf(lots, NOW) - amount;
      }),
    );
  });

  it('takes earliest expiry first and bonus before paid: every lot before the last one drawn is emptied', () => {
    fc.assert(
      fc.property(lotsArb, fc.integer({ min: 1, max: 3000 }), (lots, amount) => {
        const draws = planSpend(lots, amount, NOW);
        if (!draws || draws.length === 0) return true;
        const order = lots.filter((l) => isUsable(l, NOW)).sort(spendOrder);
        const after = new Map(applyDraws(lots, draws).map((l) => [l.id, l.remaining]));
        const lastIndex = order.findIndex((l) => l.id === draws[draws.length - 1]!.lotId);
        return (
          order.slice(0, lastIndex).every((l) => after.get(l.id) === 0) &&
          order.slice(lastIndex + 1).every((l) => after.get(l.id) === l.remaining)
        );
      }),
    );
  });

  it('prefers a bonus lot to a paid lot of the same expiry', () => {
    const lots: LotState[] = [
      { id: 1, remaining: 100, paid: true, expiresAt: NOW + 10, expired: false },
      { id: 2, remaining: 100, paid: false, expiresAt: NOW + 10, expired: false },
    ];
    expect(planSpend(lots, 50, NOW)).toEqual([{ lotId: 2, amount: 50 }]);
  });
});

describe('expiry (property)', () => {
  it('the balance never grows as time passes', () => {
    fc.assert(
      fc.property(lotsArb, fc.integer({ min: 0, max: 500 }), fc.integer({ min: 0, max: 500 }), (lots, a, b) => {
        const [t1, t2] = [NOW + Math.min(a, b), NOW + Math.max(a, b)];
        return balanceOf(lots, t2) <= balanceOf(lots, t1);
      }),
    );
  });

  it('what expires within n days is part of the balance, and grows with n', () => {
    fc.assert(
      fc.property(lotsArb, fc.integer({ min: 0, max: 30 }), (lots, days) => {
        const soon = expiringWithin(lots, NOW, days).amount;
        return soon <= balanceOf(lots, NOW) && soon <= expiringWithin(lots, NOW, days + 1).amount;
      }),
    );
  });
});

describe('money rules', () => {
  it('values remaining paid coins at their own yen price, rounded down', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 100000 }),
        fc.integer({ min: 0, max: 200000 }),
        fc.integer({ min: 0, max: 100000 }),
        (amount, yen, used) => {
          const remaining = Math.max(0, amount - used);
          const value = yenValueOf(remaining, amount, yen);
          return value >= 0 && value <= yen && (remaining === amount ? value === yen : true);
        },
      ),
    );
    expect(yenValueOf(600, 1000, 900)).toBe(540);
  });

  it('§9 coin appeal threshold 0.3: the coupon appeal shows only when bonus / coin exceeds it', () => {
    expect(showsCouponAppeal(30, 100)).toBe(false);
    expect(showsCouponAppeal(31, 100)).toBe(true);
    expect(showsCouponAppeal(5, 0)).toBe(false);
  });

  it('a reference date ends at midnight in Tokyo', () => {
    expect(new Date(endOfTokyoDay('2027-03-31')).toISOString()).toBe('2027-03-31T15:00:00.000Z');
    expect(() => endOfTokyoDay('2027/03/31')).toThrow();
  });
});
