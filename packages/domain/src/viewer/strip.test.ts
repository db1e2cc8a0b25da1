import { describe, expect, it } from 'vitest';
import { pageOnMiddleLine, stripAxis } from './strip';

describe('stripAxis', () => {
  it('reads a strip of wide images sideways (a picture scroll) and any other strip downwards', () => {
    expect(
      stripAxis([
        { width: 1600, height: 400 },
        { width: 1200, height: 400 },
      ]),
    ).toBe('horizontal');
    expect(
      stripAxis([
        { width: 800, height: 2400 },
        { width: 800, height: 2400 },
      ]),
    ).toBe('vertical');
    // One tall image among wide ones: not a picture scroll.
    expect(
      stripAxis([
        { width: 1600, height: 400 },
        { width: 400, height: 1600 },
      ]),
    ).toBe('vertical');
    expect(stripAxis([])).toBe('vertical');
  });
  it('lets text pages follow the strip without deciding it', () => {
    expect(
      stripAxis([
        { width: 1600, height: 400 },
        { width: 283, height: 400, text: true },
      ]),
    ).toBe('horizontal');
    expect(stripAxis([{ width: 283, height: 400, text: true }])).toBe('vertical');
  });
});

describe('pageOnMiddleLine', () => {
  it('is the box that came onto the middle line, none when only boxes left it', () => {
    expect(
      pageOnMiddleLine([
        { index: 0, crossing: false },
        { index: 1, crossing: true },
      ]),
    ).toBe(1);
    expect(pageOnMiddleLine([{ index: 3, crossing: false }])).toBeNull();
    expect(pageOnMiddleLine([])).toBeNull();
  });

  it('is the last box to come onto the line when one batch holds two turns (quick keys on a busy phone)', () => {
    // Page 1 came and went again before the batch was delivered; page 2 is on the line.
    const twoTurns = [
      { index: 0, crossing: false },
      { index: 1, crossing: true },
      { index: 1, crossing: false },
      { index: 2, crossing: true },
    ];
    expect(pageOnMiddleLine(twoTurns)).toBe(2);
  });

  it('skips a box without an index', () => {
    expect(
      pageOnMiddleLine([
        { index: 4, crossing: true },
        { index: NaN, crossing: true },
      ]),
    ).toBe(4);
  });
});
