import { describe, expect, it } from 'vitest';
import { directionToggleShown, effectiveMode, flowOf, textDirection, textWritingMode, viewerKindOf, writingModeChoice } from './direction';
import { pageIndicator, shownPages } from './indicator';
import { boughtMessage, lastPageChoice } from './last-page';
import { imageWidthFor, pageSlotWidth, planPrefetch } from './prefetch';
import { LAST_PAGE_LOADING_MS, PAGE_SYNC_MS, UI_HIDE_MS } from './timing';

describe('direction rules', () => {
  it('genre ids 11 to 17 force horizontal reading whatever was stored', () => {
    for (const genre of [11, 14, 17]) expect(effectiveMode('fixed', genre, 'vertical')).toBe('horizontal');
    expect(effectiveMode('fixed', 10, 'vertical')).toBe('vertical');
    expect(effectiveMode('fixed', 18, null)).toBe('horizontal');
    expect(directionToggleShown('fixed', 12)).toBe(false);
    expect(directionToggleShown('fixed', 3)).toBe(true);
  });
  it('webtoons scroll, text books page, and text books hide the toggle', () => {
    expect(effectiveMode('webtoon', 1, 'horizontal')).toBe('vertical');
    expect(effectiveMode('text', 1, 'vertical')).toBe('horizontal');
    expect(directionToggleShown('text', 1)).toBe(false);
    expect(flowOf('vertical')).toBe('scroll');
  });
  it('lays a text book out in its own writing unless the reader chose one; genres 11–17 stay horizontal', () => {
    expect(textWritingMode('horizontal', 'book', null)).toBe('horizontal');
    expect(textWritingMode(null, 'book', null)).toBe('vertical');
    expect(textWritingMode('vertical', 'horizontal', 3)).toBe('horizontal');
    expect(textWritingMode('horizontal', 'vertical', 3)).toBe('vertical');
    expect(textWritingMode('vertical', 'vertical', 12)).toBe('horizontal');
    expect([writingModeChoice('text', 3), writingModeChoice('text', 12), writingModeChoice('fixed', 3)]).toEqual([true, false, false]);
    expect([textDirection('vertical'), textDirection('horizontal')]).toEqual(['rtl', 'ltr']);
  });
  it('names the kind from the layout type', () => {
    expect(viewerKindOf(0, false)).toBe('fixed');
    expect(viewerKindOf(1, false)).toBe('webtoon');
    expect(viewerKindOf(2, false)).toBe('text');
    expect(viewerKindOf(2, true)).toBe('fixed');
  });
});

describe('planPrefetch', () => {
  it('fetches what is on screen, then 4 ahead, then 1 behind', () => {
    expect(planPrefetch({ visible: [5], total: 20 })).toEqual({ pages: [5, 6, 7, 8, 9, 4], nextVolumePages: [] });
  });
  it('counts from both ends of a spread', () => {
    expect(planPrefetch({ visible: [3, 4], total: 20 }).pages).toEqual([3, 4, 5, 6, 7, 8, 2]);
  });
  it('stays inside the book and skips pages the reader may not load', () => {
    expect(planPrefetch({ visible: [0], total: 3 }).pages).toEqual([0, 1, 2]);
    expect(planPrefetch({ visible: [1], total: 20, readable: (p) => p < 3 }).pages).toEqual([1, 2, 0]);
  });
  it("near the end, prefetches the next volume's first pages", () => {
    expect(planPrefetch({ visible: [17], total: 20, hasNextVolume: true }).nextVolumePages).toEqual([0, 1]);
    expect(planPrefetch({ visible: [19], total: 20, hasNextVolume: true }).nextVolumePages).toEqual([0, 1, 2, 3]);
    expect(planPrefetch({ visible: [10], total: 20, hasNextVolume: true }).nextVolumePages).toEqual([]);
    expect(planPrefetch({ visible: [19], total: 20, hasNextVolume: false }).nextVolumePages).toEqual([]);
  });
  it('picks the narrowest width that covers the slot on this screen', () => {
    expect(imageWidthFor([1080, 720], 375, 2)).toBe(1080);
    expect(imageWidthFor([1080, 720], 375, 1)).toBe(720);
    expect(imageWidthFor([720, 1080], 1400, 2)).toBe(1080);
    expect(() => imageWidthFor([], 100)).toThrow();
  });
  it('fits a page slot to the height and halves it for spreads', () => {
    expect(pageSlotWidth({ width: 375, height: 667 }, { width: 1080, height: 1536 }, 1)).toBe(375);
    expect(pageSlotWidth({ width: 1280, height: 800 }, { width: 1080, height: 1536 }, 2)).toBeCloseTo(562.5);
  });
});

describe('shownPages', () => {
  it('counts the pages on screen from 1, a spread as its lowest and highest, with the total (what the viewer announces)', () => {
    expect(shownPages(4, 20)).toEqual({ first: 5, last: 5, total: 20 });
    expect(shownPages([3, 2], 14)).toEqual({ first: 3, last: 4, total: 14 });
    expect(shownPages(1.5, 20)).toBeNull();
    expect(shownPages([], 14)).toBeNull();
  });
});

describe('pageIndicator', () => {
  it('renders only when the current and total pages are integers', () => {
    expect(pageIndicator(0, 20)).toBe('1 / 20');
    expect(pageIndicator(1.5, 20)).toBeNull();
    expect(pageIndicator(3, Number.NaN)).toBeNull();
    expect(pageIndicator(null, 20)).toBeNull();
    expect(pageIndicator(0, 0)).toBeNull();
  });

  it('shows both pages of a two-page spread, lowest first, whatever the reading direction', () => {
    expect(pageIndicator([1, 2], 14)).toBe('2-3 / 14');
    expect(pageIndicator([2, 1], 14)).toBe('2-3 / 14');
    expect(pageIndicator([0], 14)).toBe('1 / 14');
    expect(pageIndicator([12, 13], 14)).toBe('13-14 / 14');
    expect(pageIndicator([], 14)).toBeNull();
    expect(pageIndicator([1, 1.5], 14)).toBeNull();
    expect(pageIndicator([1, 2], Number.NaN)).toBeNull();
  });
});

describe('last page choice', () => {
  const base = { status: 'open' as const, loggedIn: true, orderCompleted: false, bought: false };
  it('follows §4 in order', () => {
    expect(lastPageChoice({ ...base, status: 'hidden', loggedIn: false })).toBe('none');
    expect(lastPageChoice({ ...base, status: 'close', loggedIn: false })).toBe('closeOnly');
    expect(lastPageChoice({ ...base, loggedIn: false, bought: true })).toBe('guest');
    expect(lastPageChoice({ ...base, orderCompleted: true, bought: true })).toBe('orderComplete');
    expect(lastPageChoice({ ...base, bought: true })).toBe('bought');
    expect(lastPageChoice(base)).toBe('notBought');
  });
  it('chooses the bought message', () => {
    const b = { hasSample: true, bought: true, isLatestVol: true, isConcluded: false, hasReservableBook: false, reserved: false };
    expect(boughtMessage({ ...b, hasSample: false, bought: false })).toBe('buyPrompt');
    expect(boughtMessage(b)).toBe('waitForNewVolume');
    expect(boughtMessage({ ...b, hasReservableBook: true })).toBe('canPreOrder');
    expect(boughtMessage({ ...b, reserved: true, hasReservableBook: true })).toBe('reserved');
    expect(boughtMessage({ ...b, isConcluded: true })).toBe('none');
    expect(boughtMessage({ ...b, isLatestVol: false })).toBe('none');
  });
});

describe('timers', () => {
  it('use the §9 values', () => {
    expect(UI_HIDE_MS).toBe(1500);
    expect(LAST_PAGE_LOADING_MS).toBe(1500);
    expect(PAGE_SYNC_MS).toBe(20_000);
  });
});
