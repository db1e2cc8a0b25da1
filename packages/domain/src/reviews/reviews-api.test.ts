import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { AddReviewInput } from './reviews-api';
import { ratingSummary, reviewLinkMode, roundToTenth, starShare } from './reviews';

describe('ratingSummary (§3 Rating summary)', () => {
  it('counts per star, and averages with one decimal', () => {
    expect(
      ratingSummary(
        7,
        new Map([
          [2, 1],
          [5, 3],
        ]),
      ),
    ).toEqual({ titleId: 7, reviewCount: 4, average: 4.3, counts: [0, 1, 0, 0, 3] });
  });

  it('is 0 without reviews', () => {
    expect(ratingSummary(1, new Map())).toEqual({ titleId: 1, reviewCount: 0, average: 0, counts: [0, 0, 0, 0, 0] });
  });

  it('always lies between 1 and 5 and within 0.05 of the true mean', () => {
    fc.assert(
      fc.property(
        fc.array(fc.nat(50), { minLength: 5, maxLength: 5 }).filter((c) => c.some((n) => n > 0)),
        (counts) => {
          const summary = ratingSummary(1, new Map(counts.map((n, i) => [i + 1, n])));
          const mean = counts.reduce((a, n, i) => a + n * (i + 1), 0) / counts.reduce((a, b) => a + b, 0);
          expect(summary.average).toBeGreaterThanOrEqual(1);
          expect(summary.average).toBeLessThanOrEqual(5);
          expect(Math.abs(summary.average - mean)).toBeLessThanOrEqual(0.05 + 1e-9);
        },
      ),
    );
  });

  it('rounds half up without float surprises', () => {
    expect(roundToTenth(4.25)).toBe(4.3);
    expect(roundToTenth(4.35)).toBe(4.4);
    expect(roundToTenth(3.04)).toBe(3);
  });

  it('gives each star its share in whole percent', () => {
    const summary = ratingSummary(
      1,
      new Map([
        [5, 2],
        [1, 1],
      ]),
    );
    expect([5, 4, 1].map((s) => starShare(summary, s))).toEqual([67, 0, 33]);
  });
});

describe('review rules', () => {
  it("the review link reads 'edit' when my review is a title review (§5)", () => {
    expect(reviewLinkMode(null)).toBe('write');
    expect(reviewLinkMode({ titleReviewFlg: false })).toBe('write');
    expect(reviewLinkMode({ titleReviewFlg: true })).toBe('edit');
  });

  it('trims the body, keeps markup as text, and names a missing field', () => {
    const base = { token: 't', title_id: '1', star: '5', comment: '  <b>良い</b> ', nickname: 'a', ameba: '0', spoiler: 'true' };
    expect(AddReviewInput.parse(base)).toMatchObject({
      comment: '<b>良い</b>',
      spoiler: true,
      ameba: false,
      comment_reject: false,
      star: 5,
    });
    const missing = AddReviewInput.safeParse({ ...base, nickname: undefined });
    expect(missing.success).toBe(false);
    expect(missing.error?.issues[0]?.path).toEqual(['nickname']);
    expect(AddReviewInput.safeParse({ ...base, star: '0' }).success).toBe(false);
  });
});
