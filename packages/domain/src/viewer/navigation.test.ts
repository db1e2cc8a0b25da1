import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { clampIndex, pageOfSliderValue, sliderValueOfPage, stepForKey, stepForSwipe, tapAction } from './navigation';

describe('slider mirroring', () => {
  it('puts the last page at the left end for right-to-left books', () => {
    expect(sliderValueOfPage(0, 10, 'rtl')).toBe(9);
    expect(sliderValueOfPage(9, 10, 'rtl')).toBe(0);
    expect(pageOfSliderValue(0, 10, 'rtl')).toBe(9);
  });
  it('runs left to right for left-to-right books', () => {
    expect(sliderValueOfPage(3, 10, 'ltr')).toBe(3);
    expect(pageOfSliderValue(3, 10, 'ltr')).toBe(3);
  });
  it('steps by 1 over 0…total−1 and round-trips every page', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 500 }), fc.constantFrom('rtl' as const, 'ltr' as const), (total, dir) => {
        const values = Array.from({ length: total }, (_, p) => sliderValueOfPage(p, total, dir));
        expect([...values].sort((a, b) => a - b)).toEqual(values.map((_, i) => i));
        values.forEach((v, p) => expect(pageOfSliderValue(v, total, dir)).toBe(p));
      }),
    );
  });
  it('clamps pages outside the book', () => {
    expect(sliderValueOfPage(-3, 5, 'ltr')).toBe(0);
    expect(sliderValueOfPage(12, 5, 'ltr')).toBe(4);
  });
});

describe('keys', () => {
  it('mirrors the arrows by direction when paging', () => {
    expect(stepForKey('ArrowLeft', 'rtl', 'paged')).toBe(1);
    expect(stepForKey('ArrowRight', 'rtl', 'paged')).toBe(-1);
    expect(stepForKey('ArrowLeft', 'ltr', 'paged')).toBe(-1);
    expect(stepForKey('ArrowRight', 'ltr', 'paged')).toBe(1);
  });
  it('uses up and down when scrolling, space and page keys always', () => {
    expect(stepForKey('ArrowDown', 'rtl', 'scroll')).toBe(1);
    expect(stepForKey('ArrowUp', 'rtl', 'scroll')).toBe(-1);
    expect(stepForKey('ArrowLeft', 'rtl', 'scroll')).toBe(0);
    expect(stepForKey('ArrowDown', 'rtl', 'paged')).toBe(0);
    expect(stepForKey(' ', 'ltr', 'paged')).toBe(1);
    expect(stepForKey('PageUp', 'rtl', 'scroll')).toBe(-1);
    expect(stepForKey('a', 'rtl', 'paged')).toBe(0);
  });
});

describe('tap zones', () => {
  it('turns pages in the outer thirds, mirrored by direction', () => {
    expect(tapAction(10, 300, 'rtl')).toBe('next');
    expect(tapAction(290, 300, 'rtl')).toBe('previous');
    expect(tapAction(10, 300, 'ltr')).toBe('previous');
    expect(tapAction(290, 300, 'ltr')).toBe('next');
  });
  it('toggles the UI in the centre third', () => {
    expect(tapAction(150, 300, 'rtl')).toBe('toggleUi');
    expect(tapAction(100, 300, 'ltr')).toBe('toggleUi');
    expect(tapAction(200, 300, 'ltr')).toBe('toggleUi');
  });
});

describe('swipes', () => {
  it('a rightward swipe goes forward in a right-to-left book', () => {
    expect(stepForSwipe(120, 5, 'rtl')).toBe(1);
    expect(stepForSwipe(-120, 5, 'rtl')).toBe(-1);
    expect(stepForSwipe(-120, 5, 'ltr')).toBe(1);
  });
  it('ignores short and vertical moves', () => {
    expect(stepForSwipe(20, 0, 'rtl')).toBe(0);
    expect(stepForSwipe(80, 200, 'rtl')).toBe(0);
  });
  it('clampIndex keeps indices inside', () => {
    expect(clampIndex(-1, 4)).toBe(0);
    expect(clampIndex(7, 4)).toBe(3);
    expect(clampIndex(2, 0)).toBe(0);
  });
});
