import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { TitleMeta, titleMetaList, titleNewTags } from './title-marks';
import {
  filledStars,
  isNewRelease,
  newReleaseEnd,
  newTags,
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
  it('labels a future release with its Tokyo M/d', () => expect(startLabel(Date.parse('2026-12-24T16:30:00Z'), now)).toBe('12/25販売'));
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
      isNew: true,
    }));
});

describe('new marks (§3 newTags, the tile 新刊)', () => {
  const DAY = 86_400_000;
  const now = Date.parse('2026-11-30T15:00:00Z');
  it('a volume is new from its release for seven days, never before it', () => {
    expect(isNewRelease(now, now)).toBe(true);
    expect(isNewRelease(now - 7 * DAY + 1, now)).toBe(true);
    expect(isNewRelease(now - 7 * DAY, now)).toBe(false);
    expect(isNewRelease(now + 1, now)).toBe(false);
    expect(isNewRelease(null, now)).toBe(false);
    expect(newReleaseEnd(now)).toBe(now + 7 * DAY);
    expect(newTags(now - DAY, now)).toEqual(['NEW']);
    expect(newTags(now - 8 * DAY, now)).toEqual([]);
  });
  it('new exactly while now is in [release, release + 7 days)', () =>
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 2 ** 42 }), fc.integer({ min: -30 * DAY, max: 30 * DAY }), (start, offset) => {
        expect(isNewRelease(start, start + offset)).toBe(offset >= 0 && offset < 7 * DAY);
      }),
    ));
});

describe('title marks (§3 Title newTags, metaList)', () => {
  const DAY = 86_400_000;
  const now = Date.parse('2026-11-30T15:00:00Z');
  const facts = { complete: false, newestReleased: now - 30 * DAY, hasFreeVolume: false, hasSerial: false };
  it('lists 完結, 新刊, 無料あり and 連載中 where they hold, in that order', () => {
    expect(titleMetaList(facts, now)).toEqual([]);
    expect(titleNewTags(facts, now)).toEqual([]);
    const all = { complete: true, newestReleased: now - DAY, hasFreeVolume: true, hasSerial: true };
    expect(titleMetaList(all, now)).toEqual([
      { id: TitleMeta.COMPLETE, name: '完結' },
      { id: TitleMeta.NEW_VOLUME, name: '新刊' },
      { id: TitleMeta.FREE_VOLUMES, name: '無料あり' },
      { id: TitleMeta.SERIAL, name: '連載中' },
    ]);
    expect(titleNewTags(all, now)).toEqual(['NEW']);
    expect(titleNewTags({ ...facts, newestReleased: null }, now)).toEqual([]);
  });
});
