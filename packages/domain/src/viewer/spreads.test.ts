import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { pairSpreads, singlePages, spreadIndexOf, spreadsFit } from './spreads';

const pages = (n: number, wide: number[] = []) => Array.from({ length: n }, (_, i) => ({ wide: wide.includes(i) }));

describe('pairSpreads', () => {
  it('shows the cover alone, then pairs in reading order', () => {
    expect(pairSpreads(pages(6))).toEqual([[0], [1, 2], [3, 4], [5]]);
  });
  it('lets a wide page stand alone, and the page before it when it has no partner', () => {
    expect(pairSpreads(pages(7, [3]))).toEqual([[0], [1, 2], [3], [4, 5], [6]]);
    expect(pairSpreads(pages(6, [2]))).toEqual([[0], [1], [2], [3, 4], [5]]);
  });
  it("'shift by one page' lets the page after the cover stand alone", () => {
    expect(pairSpreads(pages(6), true)).toEqual([[0], [1], [2, 3], [4, 5]]);
  });
  it('handles empty and one-page books', () => {
    expect(pairSpreads([])).toEqual([]);
    expect(pairSpreads(pages(1), true)).toEqual([[0]]);
  });
  it('shows every page exactly once, in order, never more than two at a time', () => {
    fc.assert(
      fc.property(fc.array(fc.boolean(), { maxLength: 60 }), fc.boolean(), (wides, shift) => {
        const spreads = pairSpreads(wides.map((wide) => ({ wide })), shift);
        expect(spreads.flat()).toEqual(wides.map((_, i) => i));
        for (const spread of spreads) {
          expect(spread.length).toBeLessThanOrEqual(2);
          if (spread.length === 2) expect(spread.some((p) => wides[p])).toBe(false);
        }
      }),
    );
  });
});

describe('spreadsFit', () => {
  it('spreads only on landscape screens wider than 1080 px', () => {
    expect(spreadsFit({ width: 1280, height: 800 })).toBe(true);
    expect(spreadsFit({ width: 1080, height: 700 })).toBe(false);
    expect(spreadsFit({ width: 375, height: 667 })).toBe(false);
    expect(spreadsFit({ width: 1200, height: 1600 })).toBe(false);
  });
});

describe('spreadIndexOf', () => {
  it('finds the spread showing a page, clamped into the book', () => {
    const spreads = pairSpreads(pages(6));
    expect(spreadIndexOf(spreads, 4)).toBe(2);
    expect(spreadIndexOf(spreads, 0)).toBe(0);
    expect(spreadIndexOf(spreads, 99)).toBe(3);
    expect(spreadIndexOf(singlePages(3), 2)).toBe(2);
  });
});
