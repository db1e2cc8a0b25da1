import { TZDate } from '@date-fns/tz';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { STORE_TIME_ZONE } from '../common/time';
import {
  type BonusFlags,
  RENEWAL_RETRY_DAYS,
  afterDeclinedRenewal,
  cycleGrant,
  nextRenewalAfter,
  renewalDatetime,
} from './subscription-cycles';
import type { PlanTerms } from './subscription-plans';

const tokyo = (y: number, m: number, d: number, h = 10, min = 0) => new TZDate(y, m - 1, d, h, min, STORE_TIME_ZONE).getTime();
const tokyoParts = (ms: number) => {
  const t = new TZDate(ms, STORE_TIME_ZONE);
  return { y: t.getFullYear(), m: t.getMonth() + 1, d: t.getDate(), h: t.getHours(), min: t.getMinutes(), s: t.getSeconds() };
};
const daysInMonth = (y: number, m: number) => new Date(Date.UTC(y, m, 0)).getUTCDate();

describe('renewalDatetime', () => {
  it('subscribed on Jan 31 renews on Feb 28 and then Mar 31, not Mar 28', () => {
    const anchor = tokyo(2027, 1, 31);
    expect(renewalDatetime(anchor, 1)).toBe(tokyo(2027, 2, 28));
    expect(renewalDatetime(anchor, 2)).toBe(tokyo(2027, 3, 31));
    expect(renewalDatetime(anchor, 3)).toBe(tokyo(2027, 4, 30));
  });

  it('uses Feb 29 in a leap year', () => {
    expect(renewalDatetime(tokyo(2028, 1, 30), 1)).toBe(tokyo(2028, 2, 29));
  });

  it('counts months on the Tokyo calendar: Jan 31 at 00:30 in Tokyo (still Jan 30 in UTC) renews on Feb 28 at 00:30 in Tokyo', () => {
    const anchor = tokyo(2027, 1, 31, 0, 30);
    expect(new Date(anchor).getUTCDate()).toBe(30);
    expect(renewalDatetime(anchor, 1)).toBe(tokyo(2027, 2, 28, 0, 30));
  });

  it('is the anchor day clamped to the month end, at the same Tokyo time, n months later (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: Date.UTC(2020, 0, 1), max: Date.UTC(2040, 0, 1) }), fc.integer({ min: 0, max: 40 }), (anchor, n) => {
        const a = tokyoParts(anchor);
        const r = tokyoParts(renewalDatetime(anchor, n));
        const months = a.y * 12 + (a.m - 1) + n;
        const y = Math.floor(months / 12);
        const m = (months % 12) + 1;
        return r.y === y && r.m === m && r.d === Math.min(a.d, daysInMonth(y, m)) && r.h === a.h && r.min === a.min && r.s === a.s;
      }),
    );
  });

  it('strictly increases with each paid cycle (property)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: Date.UTC(2020, 0, 1), max: Date.UTC(2040, 0, 1) }),
        fc.integer({ min: 0, max: 30 }),
        (anchor, n) => renewalDatetime(anchor, n + 1) > renewalDatetime(anchor, n),
      ),
    );
  });

  it('refuses a negative or fractional cycle count', () => {
    expect(() => renewalDatetime(0, -1)).toThrow(RangeError);
    expect(() => renewalDatetime(0, 1.5)).toThrow(RangeError);
  });
});

describe('nextRenewalAfter', () => {
  it('is the anchor plus the paid cycles when paid on time', () => {
    const anchor = tokyo(2027, 1, 31);
    expect(nextRenewalAfter(anchor, 1, anchor)).toBe(tokyo(2027, 2, 28));
    expect(nextRenewalAfter(anchor, 2, tokyo(2027, 2, 28))).toBe(tokyo(2027, 3, 31));
  });

  it('skips months that passed while nothing was charged, without leaving the month end', () => {
    const anchor = tokyo(2027, 1, 31);
    expect(nextRenewalAfter(anchor, 2, tokyo(2027, 5, 2))).toBe(tokyo(2027, 5, 31));
  });

  it('is always after the payment and on an anchor-based date (property)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: Date.UTC(2020, 0, 1), max: Date.UTC(2035, 0, 1) }),
        fc.integer({ min: 1, max: 24 }),
        fc.integer({ min: 0, max: 400 * 86_400_000 }),
        (anchor, paid, late) => {
          const paidAt = renewalDatetime(anchor, paid - 1) + late;
          const next = nextRenewalAfter(anchor, paid, paidAt);
          const k = Array.from({ length: 60 }, (_, i) => i).find((i) => renewalDatetime(anchor, i) === next);
          return next > paidAt && k !== undefined && k >= paid && (k === paid || renewalDatetime(anchor, k - 1) <= paidAt);
        },
      ),
    );
  });
});

describe('afterDeclinedRenewal', () => {
  it('retries on each of the next two days at the same time, then cancels', () => {
    const due = tokyo(2027, 2, 28);
    expect(afterDeclinedRenewal(due, 0)).toEqual({ status: 'ERROR', retryCount: 1, nextAttemptAt: tokyo(2027, 3, 1) });
    expect(afterDeclinedRenewal(due, 1)).toEqual({ status: 'ERROR', retryCount: 2, nextAttemptAt: tokyo(2027, 3, 2) });
    expect(afterDeclinedRenewal(due, 2)).toEqual({ status: 'CANCEL', retryCount: 3, nextAttemptAt: null });
    expect(RENEWAL_RETRY_DAYS).toBe(2);
  });

  it('after a late try, tries again a day after that try', () => {
    const due = tokyo(2027, 2, 28);
    expect(afterDeclinedRenewal(due, 0, tokyo(2027, 3, 3, 9))).toEqual({
      status: 'ERROR',
      retryCount: 1,
      nextAttemptAt: tokyo(2027, 3, 4, 9),
    });
  });
});

const termsArb = fc.record({
  coin: fc.integer({ min: 1, max: 100_000 }),
  taxIncludedPrice: fc.integer({ min: 1, max: 100_000 }),
  firstBonus: fc.integer({ min: 0, max: 50_000 }),
  secondBonus: fc.integer({ min: 0, max: 50_000 }),
  cycleBonus: fc.integer({ min: 0, max: 50_000 }),
});

describe('cycleGrant', () => {
  const plan: PlanTerms = { coin: 1000, taxIncludedPrice: 1000, firstBonus: 500, secondBonus: 200, cycleBonus: 100 };
  const none: BonusFlags = { firstBonusFlg: false, secondBonusFlg: false };

  it('grants the first bonus on the first cycle, the second on the second, the cycle bonus on every cycle', () => {
    const first = cycleGrant(plan, none);
    expect(first).toMatchObject({ coin: 1000, firstBonus: 500, secondBonus: 0, cycleBonus: 100, bonus: 600 });
    expect(first.flags).toEqual({ firstBonusFlg: true, secondBonusFlg: false });
    const second = cycleGrant(plan, first.flags);
    expect(second).toMatchObject({ coin: 1000, firstBonus: 0, secondBonus: 200, cycleBonus: 100, bonus: 300 });
    expect(second.flags).toEqual({ firstBonusFlg: true, secondBonusFlg: true });
    const third = cycleGrant(plan, second.flags);
    expect(third).toMatchObject({ coin: 1000, firstBonus: 0, secondBonus: 0, cycleBonus: 100, bonus: 100 });
  });

  it('over n cycles grants n × (coin + cycle bonus) and each of the first and second bonuses exactly once (property)', () => {
    fc.assert(
      fc.property(termsArb, fc.integer({ min: 0, max: 36 }), (terms, n) => {
        let flags = { firstBonusFlg: false, secondBonusFlg: false };
        const sum = { coin: 0, first: 0, second: 0, cycle: 0, bonus: 0 };
        for (let i = 0; i < n; i += 1) {
          const g = cycleGrant(terms, flags);
          if (g.bonus !== g.firstBonus + g.secondBonus + g.cycleBonus) return false;
          if (![g.coin, g.firstBonus, g.secondBonus, g.cycleBonus].every((v) => Number.isInteger(v) && v >= 0)) return false;
          sum.coin += g.coin;
          sum.first += g.firstBonus;
          sum.second += g.secondBonus;
          sum.cycle += g.cycleBonus;
          sum.bonus += g.bonus;
          flags = g.flags;
        }
        return (
          sum.coin === n * terms.coin &&
          sum.cycle === n * terms.cycleBonus &&
          sum.first === (n >= 1 ? terms.firstBonus : 0) &&
          sum.second === (n >= 2 ? terms.secondBonus : 0) &&
          sum.bonus === sum.first + sum.second + sum.cycle &&
          flags.firstBonusFlg === n >= 1 &&
          flags.secondBonusFlg === n >= 2
        );
      }),
    );
  });

  it('gives a returning member whose flags are set no first or second bonus again (property)', () => {
    fc.assert(
      fc.property(termsArb, (terms) => {
        const g = cycleGrant(terms, { firstBonusFlg: true, secondBonusFlg: true });
        return g.firstBonus === 0 && g.secondBonus === 0 && g.bonus === terms.cycleBonus;
      }),
    );
  });
});
