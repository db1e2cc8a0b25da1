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
  it("follows the file's sides: a right-to-left pair starts on a right page and ends on a left one", () => {
    const sided = (...sides: ('left' | 'right' | 'center' | 'alone' | null)[]) => sides.map((side) => ({ wide: false, side }));
    // Counting alone would pair 1+2 and 3+4; the file says 2 starts a pair (right) after 1 stands alone.
    expect(pairSpreads(sided(null, 'left', 'right', 'left', 'right', 'left'))).toEqual([[0], [1], [2, 3], [4, 5]]);
    // A left page never leads, a right page never follows.
    expect(pairSpreads(sided(null, 'right', 'right', 'left'))).toEqual([[0], [1], [2, 3]]);
    // A center page stands alone even when its image is not wide.
    expect(pairSpreads(sided(null, 'right', 'center', 'right', 'left'))).toEqual([[0], [1], [2], [3, 4]]);
    // Left-to-right books mirror it: a pair starts on the left.
    expect(pairSpreads(sided(null, 'right', 'left', 'right'), false, 'ltr')).toEqual([[0], [1], [2, 3]]);
    // A book that says `rendition:spread none` is never shown as spreads.
    expect(pairSpreads(sided(null, 'alone', 'alone', 'alone'))).toEqual([[0], [1], [2], [3]]);
    // Pages without sides pair by counting as before.
    expect(pairSpreads(sided(null, null, null, null, null), false, 'rtl')).toEqual([[0], [1, 2], [3, 4]]);
  });
  it('handles empty and one-page books', () => {
    expect(pairSpreads([])).toEqual([]);
    expect(pairSpreads(pages(1), true)).toEqual([[0]]);
  });
  it('shows every page exactly once, in order, never more than two at a time', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            wide: fc.boolean(),
            side: fc.constantFrom('left' as const, 'right' as const, 'center' as const, 'alone' as const, null),
          }),
          { maxLength: 60 },
        ),
        fc.boolean(),
        fc.constantFrom('rtl' as const, 'ltr' as const),
        (pages, shift, direction) => {
          const spreads = pairSpreads(pages, shift, direction);
          expect(spreads.flat()).toEqual(pages.map((_, i) => i));
          const [lead, follow] = direction === 'rtl' ? ['right', 'left'] : ['left', 'right'];
          for (const spread of spreads) {
            expect(spread.length).toBeLessThanOrEqual(2);
            if (spread.length === 2) {
              expect(spread.some((p) => pages[p]!.wide || pages[p]!.side === 'center')).toBe(false);
              expect(pages[spread[0]!]!.side).not.toBe(follow);
              expect(pages[spread[1]!]!.side).not.toBe(lead);
            }
          }
        },
      ),
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
