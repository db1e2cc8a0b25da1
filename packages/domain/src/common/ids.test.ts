import { describe, expect, it } from 'vitest';
import { MAX_ROW_ID, rowId } from './ids';

describe('rowId (ids within PostgreSQL integer)', () => {
  it('accepts digits and JSON numbers from 1 to 2^31-1', () => {
    expect(rowId.parse('1')).toBe(1);
    expect(rowId.parse(42)).toBe(42);
    expect(rowId.parse(String(MAX_ROW_ID))).toBe(MAX_ROW_ID);
  });
  it('refuses 0, negatives, fractions, words and 2147483648 with a message', () => {
    for (const bad of ['0', -1, 1.5, 'abc', '', '2147483648', 2147483648, null]) {
      const result = rowId.safeParse(bad);
      expect(result.success, String(bad)).toBe(false);
      expect(result.error?.issues[0]?.message).toBe('must be a positive integer id (1 to 2147483647)');
    }
    expect(rowId.safeParse(undefined).error?.issues[0]?.message).toBe('is required');
  });
});
