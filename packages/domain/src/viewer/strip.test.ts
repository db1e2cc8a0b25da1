import { describe, expect, it } from 'vitest';
import { stripAxis } from './strip';

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
