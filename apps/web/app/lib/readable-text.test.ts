import { describe, expect, it } from 'vitest';
import { contrastRatio, readableTextOn } from './readable-text';

describe('readableTextOn', () => {
  it('gives dark text on the demo lottery orange, white on a dark brand red', () => {
    expect(readableTextOn('#f5a623')).toBe('#222');
    expect(contrastRatio('#222222', '#f5a623')).toBeGreaterThanOrEqual(4.5);
    expect(readableTextOn('#8f2c22')).toBe('#fff');
    expect(contrastRatio('#ffffff', '#8f2c22')).toBeGreaterThanOrEqual(4.5);
  });

  it('keeps white for anything but #rrggbb', () => {
    expect(readableTextOn('orange')).toBe('#fff');
  });

  it('measures black on white as 21:1', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5);
  });
});
