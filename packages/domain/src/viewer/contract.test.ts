import { describe, expect, it } from 'vitest';
import * as readingApi from '../reading/reading-api';
import { DEFAULT_FONT_SIZE, FONT_SIZES, FONT_TYPES } from './controls';

/**
 * The viewer's modules repeat the font values of the reading contract (`reading-api.ts`) because
 * that file builds Zod schemas at import, which the viewer route cannot ship within its JS budget.
 * These tests keep the two in step. (The read-end rule needs no copy: the viewer uses
 * `reading/reading.ts`, which has no Zod.)
 */
describe('viewer constants agree with the reading contract', () => {
  it('uses the same fonts', () => {
    expect(FONT_SIZES).toEqual(readingApi.FONT_SIZES);
    expect(FONT_TYPES).toEqual(readingApi.FONT_TYPES);
    expect(DEFAULT_FONT_SIZE).toBe(readingApi.DEFAULT_FONT_SIZE);
  });
});
