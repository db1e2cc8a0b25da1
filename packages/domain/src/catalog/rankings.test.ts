import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { pageTypes } from './catalog';
import { pageTypeFilter, rankGenderPageTypes, rankGenders, rankingScore, rankingTerms, rankingWindow, weightedScore } from './rankings';

const jst = (iso: string) => Date.parse(`${iso}+09:00`);

describe('rankingWindow', () => {
  it('daily is yesterday in Tokyo, whatever the UTC date', () => {
    // 2026-11-22 00:30 JST is still 2026-11-21 in UTC.
    const w = rankingWindow('daily', jst('2026-11-22T00:30:00'));
    expect(w.from).toBe(jst('2026-11-21T00:00:00'));
    expect(w.to).toBe(jst('2026-11-22T00:00:00'));
    expect(w.baselineFrom).toBeNull();
  });
  it('moves exactly at Tokyo midnight', () => {
    expect(rankingWindow('daily', jst('2026-11-21T23:59:59.999')).to).toBe(jst('2026-11-21T00:00:00'));
    expect(rankingWindow('daily', jst('2026-11-22T00:00:00')).to).toBe(jst('2026-11-22T00:00:00'));
  });
  it('weekly and monthly end today at 0:00 and span 7 and 30 days', () => {
    const now = jst('2026-11-22T15:00:00');
    expect(rankingWindow('weekly', now)).toMatchObject({ from: jst('2026-11-15T00:00:00'), to: jst('2026-11-22T00:00:00') });
    expect(rankingWindow('monthly', now)).toMatchObject({ from: jst('2026-10-23T00:00:00'), to: jst('2026-11-22T00:00:00') });
  });
  it('trending compares 3 days with the 14 before them', () => {
    const w = rankingWindow('trending', jst('2026-11-22T15:00:00'));
    expect(w).toEqual({ from: jst('2026-11-19T00:00:00'), to: jst('2026-11-22T00:00:00'), baselineFrom: jst('2026-11-05T00:00:00') });
  });
  it('always ends at or before now and starts on a Tokyo midnight', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 4_000_000_000_000 }), fc.constantFrom(...rankingTerms), (now, term) => {
        const w = rankingWindow(term, now);
        return w.to <= now && now - w.to < 86_400_000 && (w.from + 9 * 3_600_000) % 86_400_000 === 0 && w.from < w.to;
      }),
    );
  });
});

describe('scores', () => {
  it('weighs a purchase 3, a wish 2 and a read 1', () => {
    expect(weightedScore({ purchase: 1, read: 1, wish: 1 }, 'popular')).toBe(6);
    expect(weightedScore({ purchase: 2, read: 5, wish: 1 }, 'sales')).toBe(2);
    expect(weightedScore({ purchase: 2, read: 5, wish: 1 }, 'reads')).toBe(5);
  });
  it('trending rewards growth over size', () => {
    const big = rankingScore('trending', 'popular', { purchase: 30, read: 0, wish: 0 }, { purchase: 140, read: 0, wish: 0 });
    const rising = rankingScore('trending', 'popular', { purchase: 10, read: 0, wish: 0 }, { purchase: 0, read: 0, wish: 0 });
    expect(big).toBe(0);
    expect(rising).toBe(30);
  });
});

describe('rank genders', () => {
  it('map every §9 gender to real shelves (all → every shelf)', () => {
    for (const g of rankGenders) {
      const shelves = rankGenderPageTypes[g];
      if (g === 'all') expect(shelves).toBeNull();
      else for (const s of shelves!) expect(pageTypes).toContain(s);
    }
  });
  it('page type filter: all → none, unknown → empty', () => {
    expect(pageTypeFilter('all')).toBeNull();
    expect(pageTypeFilter('bl')).toEqual(['bl']);
    expect(pageTypeFilter('nope')).toEqual([]);
  });
});
