import { describe, expect, it } from 'vitest';
import * as readingApi from '../reading/reading-api';
import * as reading from '../reading/reading';
import { DEFAULT_FONT_SIZE, FONT_SIZES, FONT_TYPES } from './controls';
import { reachesReadEnd } from './progress';
import { READ_END_RATIO } from './timing';

/**
 * The viewer's modules repeat a few values of the reading contract (reading.ts) because that
 * file builds Zod schemas at import, which the viewer route cannot ship within its JS budget.
 * These tests keep the two in step.
 */
describe('viewer constants agree with the reading contract', () => {
  it('uses the same timers, fonts and threshold', () => {
    expect(READ_END_RATIO).toBe(reading.READ_END_RATIO);
    expect(FONT_SIZES).toEqual(readingApi.FONT_SIZES);
    expect(FONT_TYPES).toEqual(readingApi.FONT_TYPES);
    expect(DEFAULT_FONT_SIZE).toBe(readingApi.DEFAULT_FONT_SIZE);
  });
  it('decides the read-end exactly as the server does', () => {
    for (let total = 1; total <= 60; total++) {
      for (let page = 0; page < total; page++) {
        expect(reachesReadEnd(page, total)).toBe(reading.reachedReadEnd(page, total));
      }
    }
  });
});
