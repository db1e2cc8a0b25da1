import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { chapterAt, chapterStartPages, textToc } from './text-toc';

describe('chapterStartPages', () => {
  // 700 px tall pages with a 48 px gap between them: one page is 748 px along the column stack.
  const step = 748;

  it('puts each heading on the page (column) it starts in', () => {
    expect(chapterStartPages([0, 748 * 3, 748 * 7 + 200], step, 12)).toEqual([0, 3, 7]);
  });

  it('counts a heading measured a pixel early (sub-pixel rounding) on its own page', () => {
    expect(chapterStartPages([0, 748 * 5 - 1], step, 12)).toEqual([0, 5]);
  });

  it('clamps to the last page and never goes backwards', () => {
    expect(chapterStartPages([0, 748 * 40], step, 12)).toEqual([0, 11]);
    expect(chapterStartPages([748 * 4, 748 * 2], step, 12)).toEqual([4, 4]);
    expect(chapterStartPages([-30, Number.NaN, 748 * 2], step, 12)).toEqual([0, 0, 2]);
  });

  it('answers page 0 for every chapter before the text is laid out', () => {
    expect(chapterStartPages([0, 500], 0, 0)).toEqual([0, 0]);
  });

  it('moves chapters further in with larger type (the same text over more pages)', () => {
    const medium = chapterStartPages([0, 2000, 9000], 748, 20);
    const large = chapterStartPages([0, 3100, 14000], 748, 30);
    expect(large[1]!).toBeGreaterThan(medium[1]!);
    expect(large[2]!).toBeGreaterThan(medium[2]!);
  });

  it('is in range and ordered for any offsets', () => {
    fc.assert(
      fc.property(
        fc.array(fc.double({ min: -1e4, max: 1e6, noNaN: true })),
        fc.integer({ min: 1, max: 2000 }),
        fc.integer({ min: 1, max: 500 }),
        (offsets, s, total) => {
          const pages = chapterStartPages(offsets, s, total);
          expect(pages).toHaveLength(offsets.length);
          pages.forEach((p, i) => {
            expect(Number.isInteger(p)).toBe(true);
            expect(p).toBeGreaterThanOrEqual(i === 0 ? 0 : pages[i - 1]!);
            expect(p).toBeLessThan(total);
          });
        },
      ),
    );
  });
});

describe('textToc and chapterAt', () => {
  const entries = textToc(['第一章 夜明け', '第二章 図書館', '第三章 白紙'], [0, 748 * 3 + 10, 748 * 9], 748, 15);

  it('pairs each chapter title with its start page', () => {
    expect(entries).toEqual([
      { page: 0, text: '第一章 夜明け' },
      { page: 3, text: '第二章 図書館' },
      { page: 9, text: '第三章 白紙' },
    ]);
  });

  it('finds the chapter a page belongs to', () => {
    expect(chapterAt(entries, 0)).toBe(0);
    expect(chapterAt(entries, 2)).toBe(0);
    expect(chapterAt(entries, 3)).toBe(1);
    expect(chapterAt(entries, 14)).toBe(2);
    expect(chapterAt([], 3)).toBe(-1);
  });
});
