import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  filledStars,
  freeVolumeLabel,
  pageTypeRibbon,
  periodEndLabel,
  priceChanged,
  rankBadge,
  refundBadge,
  scoreLabel,
  startLabel,
  tileLabels,
} from './book-tile';

describe('scoreLabel (§2: dash if 0, else one decimal)', () => {
  it.each([
    [0, '-'],
    [4, '4.0'],
    [3.46, '3.5'],
    [4.04, '4.0'],
    [5, '5.0'],
  ])('%s → %s', (score, label) => expect(scoreLabel(score)).toBe(label));
  it.each([NaN, null, undefined, -1])('shows %s as a dash', (score) => expect(scoreLabel(score)).toBe('-'));
  it('always has exactly one decimal for a positive score', () =>
    fc.assert(fc.property(fc.double({ min: 0.01, max: 5, noNaN: true }), (s) => /^\d\.\d$/.test(scoreLabel(s)))));
  it('fills 0 to 5 stars', () => {
    expect(filledStars(0)).toBe(0);
    expect(filledStars(3.6)).toBe(4);
    expect(filledStars(9)).toBe(5);
  });
});

describe('priceChanged (§5)', () => {
  it('is true when beforePrice is an integer different from price', () => expect(priceChanged(500, 660)).toBe(true));
  it('is false when equal', () => expect(priceChanged(660, 660)).toBe(false));
  it('is false when null or not an integer', () => {
    expect(priceChanged(500, null)).toBe(false);
    expect(priceChanged(500, undefined)).toBe(false);
    expect(priceChanged(500, 659.5)).toBe(false);
  });
});

describe('tile labels', () => {
  // 2026-12-01T00:00 Tokyo
  const now = Date.parse('2026-11-30T15:00:00Z');
  it('labels a future release with its Tokyo M/d', () =>
    expect(startLabel(Date.parse('2026-12-24T16:30:00Z'), now)).toBe('12/25販売'));
  it('has no start label once on sale', () => expect(startLabel(now, now)).toBeNull());
  it('labels free volumes', () => {
    expect(freeVolumeLabel(3)).toBe('3巻無料');
    expect(freeVolumeLabel(0)).toBeNull();
  });
  it('gives a period end as the last day included, or with its time, and no end for 0', () => {
    expect(periodEndLabel(Date.parse('2026-12-16T00:00:00+09:00'))).toBe('12/15まで');
    expect(periodEndLabel(Date.parse('2026-12-09T00:00:00+09:00'))).toBe('12/8まで');
    expect(periodEndLabel(Date.parse('2027-01-05T14:59:00Z'))).toBe('1/5 23:59まで');
    expect(periodEndLabel(0)).toBeNull();
    expect(periodEndLabel(null)).toBeNull();
  });
  it('shows 即時還元 only with refund coins', () => {
    expect(refundBadge(30)).toEqual({ label: '即時還元', coins: 30 });
    expect(refundBadge(0)).toBeNull();
  });
  it('gives medal tiers to ranks 1 to 3', () => {
    expect(rankBadge(1)?.tier).toBe('gold');
    expect(rankBadge(3)?.tier).toBe('bronze');
    expect(rankBadge(4)).toEqual({ rank: 4, tier: 'plain' });
    expect(rankBadge(0)).toBeNull();
  });
  it('names the page type on the ribbon, never "all"', () => {
    expect(pageTypeRibbon('bl')).toBe('BL');
    expect(pageTypeRibbon('all')).toBeNull();
    expect(pageTypeRibbon('nope')).toBeNull();
  });
  it('derives every label at once', () =>
    expect(tileLabels({ rating: 0, price: 440, beforePrice: 440, startDatetime: now - 1 }, now)).toEqual({
      score: '-',
      stars: 0,
      priceChanged: false,
      freeVolumes: null,
      start: null,
      refund: null,
      rank: null,
      ribbon: null,
    }));
});
