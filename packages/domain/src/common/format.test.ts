import { describe, expect, it } from 'vitest';
import { formatAmount, formatLargeCount } from './format';
import { formatJapaneseDate, formatMonthDay, tokyoDay } from './time';

describe('formatAmount (§5)', () => {
  it.each([
    [0, '0'],
    [1234567, '1,234,567'],
    [0.5, '0.5'],
    [-1200, '-1,200'],
  ])('%s → %s', (input, expected) => expect(formatAmount(input)).toBe(expected));
  it.each([NaN, Infinity, '12', null, undefined])('shows %s as -', (input) => expect(formatAmount(input)).toBe('-'));
});

describe('formatLargeCount (§5)', () => {
  it.each([
    [999_999, '999,999'],
    [1_000_000, '100万'],
    [12_345_678, '1,234.5万'],
    [999_999_999, '99,999.9万'],
    [1_000_000_000, '10億'],
    [1_234_567_890_123, '12,345.6億'],
    [12_345_678_901_234, '12.3兆'],
  ])('%s → %s', (input, expected) => expect(formatLargeCount(input)).toBe(expected));
});

describe('dates in Asia/Tokyo (§9)', () => {
  const lateUtc = new Date('2026-12-31T16:00:00Z'); // 2027-01-01 01:00 in Tokyo
  it('formats yyyy年M月d日 on the Tokyo calendar', () => expect(formatJapaneseDate(lateUtc)).toBe('2027年1月1日'));
  it('gives the Tokyo day', () => expect(tokyoDay(lateUtc)).toBe('2027-01-01'));
  it('gives M/d', () => expect(formatMonthDay(lateUtc)).toBe('1/1'));
  it('gives the same dates from memory as computed, past the size of that memory', () => {
    const midnight = Date.parse('2026-11-22T15:00:00Z'); // 2026-11-23 00:00 JST
    for (let round = 0; round < 2; round++) {
      for (let day = 0; day < 600; day++) {
        const instant = midnight + day * 86_400_000;
        expect(formatMonthDay(instant - 1)).toBe(
          tokyoDay(instant - 1)
            .slice(5)
            .split('-')
            .map(Number)
            .join('/'),
        );
        expect(formatMonthDay(new Date(instant))).toBe(tokyoDay(instant).slice(5).split('-').map(Number).join('/'));
      }
    }
    expect(formatJapaneseDate(midnight - 1)).toBe('2026年11月22日');
    expect(formatJapaneseDate(midnight)).toBe('2026年11月23日');
  });
});

describe('tokyoDay across midnight', () => {
  it('changes day exactly at 00:00 in Tokyo, however it is called', () => {
    const midnight = Date.parse('2026-11-22T15:00:00Z'); // 2026-11-23 00:00 JST
    expect(tokyoDay(midnight - 1)).toBe('2026-11-22');
    expect(tokyoDay(midnight)).toBe('2026-11-23');
    expect(tokyoDay(midnight - 1)).toBe('2026-11-22');
    expect(tokyoDay(midnight + 24 * 3_600_000 - 1)).toBe('2026-11-23');
    expect(tokyoDay(midnight + 24 * 3_600_000)).toBe('2026-11-24');
  });
});
