import { TZDate } from '@date-fns/tz';
import { format } from 'date-fns';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatTokyoDate, formatTokyoDateTime, formatTokyoDeadline, formatTokyoMonthDay, formatTokyoTime } from './tokyo-format';

const tokyo = (ms: number) => new TZDate(ms, 'Asia/Tokyo');

/** From 1900 (Tokyo's offset already +09:00, with the post-war summer times inside) to 2200. */
const instants = fc.integer({ min: Date.UTC(1900, 0, 1), max: Date.UTC(2200, 0, 1) });

describe('Tokyo formats', () => {
  it('agree with date-fns in Asia/Tokyo at any instant', () => {
    fc.assert(
      fc.property(instants, (ms) => {
        expect(formatTokyoDate(ms)).toBe(format(tokyo(ms), 'yyyy年M月d日'));
        expect(formatTokyoMonthDay(ms)).toBe(format(tokyo(ms), 'M/d'));
        expect(formatTokyoTime(ms)).toBe(format(tokyo(ms), 'HH:mm'));
        expect(formatTokyoDateTime(new Date(ms))).toBe(format(tokyo(ms), 'yyyy年M月d日 HH:mm'));
      }),
      { numRuns: 2000 },
    );
  });

  it('agree around Tokyo midnight, where the day turns', () => {
    const midnights = fc.integer({ min: 0, max: 100_000 }).map((day) => Date.UTC(1970, 0, 1) + day * 86_400_000 - 9 * 3_600_000);
    fc.assert(
      fc.property(midnights, fc.integer({ min: -60_000, max: 60_000 }), (midnight, offset) => {
        expect(formatTokyoDateTime(midnight + offset)).toBe(format(tokyo(midnight + offset), 'yyyy年M月d日 HH:mm'));
      }),
    );
  });

  it('writes the store dates', () => {
    // 2027-01-10 00:05 in Tokyo is still the 9th in UTC.
    const ms = Date.UTC(2027, 0, 9, 15, 5);
    expect(formatTokyoDate(ms)).toBe('2027年1月10日');
    expect(formatTokyoDateTime(ms)).toBe('2027年1月10日 00:05');
    expect(formatTokyoMonthDay(ms)).toBe('1/10');
  });
});

describe('formatTokyoDeadline (issue 34 item 10: まで names the last day included)', () => {
  const jst = (local: string) => Date.parse(`${local}+09:00`);
  it('names the day before for an end at Tokyo midnight', () => {
    expect(formatTokyoDeadline(jst('2026-12-16T00:00:00'))).toBe('12/15');
    expect(formatTokyoDeadline(jst('2026-12-09T00:00:00'))).toBe('12/8');
    expect(formatTokyoDeadline(jst('2027-01-01T00:00:00'), 'long')).toBe('2026年12月31日');
    expect(formatTokyoDeadline(jst('2026-12-16T00:00:30'))).toBe('12/15');
  });
  it('names the time for an end at any other time', () => {
    expect(formatTokyoDeadline(jst('2026-12-16T15:00:00'))).toBe('12/16 15:00');
    expect(formatTokyoDeadline(jst('2026-12-16T00:01:00'))).toBe('12/16 00:01');
    expect(formatTokyoDeadline(new Date(jst('2026-12-16T23:59:00')), 'long')).toBe('2026年12月16日 23:59');
  });
  it('has no end for 0 or none (§9)', () => {
    expect(formatTokyoDeadline(0)).toBeNull();
    expect(formatTokyoDeadline(null)).toBeNull();
    expect(formatTokyoDeadline(undefined)).toBeNull();
  });
  it('is in Tokyo whatever the zone of the instant: an end at 15:00 UTC is Tokyo midnight', () => {
    expect(formatTokyoDeadline(Date.UTC(2026, 11, 15, 15))).toBe('12/15');
  });
});
