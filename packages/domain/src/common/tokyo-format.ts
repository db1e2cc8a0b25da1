/**
 * The store's dates as readers see them (§9), in Asia/Tokyo: `yyyy年M月d日`, with the time
 * `yyyy年M月d日 HH:mm`, and `M/d`. Built on Intl.DateTimeFormat only, so a page formatting dates
 * in the browser ships no date library (the rules that compute with Tokyo days are in time.ts).
 */

const TOKYO = { timeZone: 'Asia/Tokyo', calendar: 'gregory', numberingSystem: 'latn' } as const;
const dayFormat = new Intl.DateTimeFormat('ja-JP', { ...TOKYO, year: 'numeric', month: 'numeric', day: 'numeric' });
const timeFormat = new Intl.DateTimeFormat('ja-JP', { ...TOKYO, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });

type Instant = Date | number;

function partsOf(format: Intl.DateTimeFormat, instant: Instant): Partial<Record<Intl.DateTimeFormatPartTypes, string>> {
  const parts: Partial<Record<Intl.DateTimeFormatPartTypes, string>> = {};
  for (const part of format.formatToParts(instant)) parts[part.type] = part.value;
  return parts;
}

/** `2027年1月10日` (Asia/Tokyo). */
export function formatTokyoDate(instant: Instant): string {
  const { year, month, day } = partsOf(dayFormat, instant);
  return `${year}年${Number(month)}月${Number(day)}日`;
}

/** `M/d` (Asia/Tokyo), as on sale end dates and 'M/d販売' labels. */
export function formatTokyoMonthDay(instant: Instant): string {
  const { month, day } = partsOf(dayFormat, instant);
  return `${Number(month)}/${Number(day)}`;
}

/** `HH:mm` (Asia/Tokyo, 00–23). */
export function formatTokyoTime(instant: Instant): string {
  const { hour, minute } = partsOf(timeFormat, instant);
  return `${hour}:${minute}`;
}

/** `2027年1月10日 09:05` (Asia/Tokyo). */
export const formatTokyoDateTime = (instant: Instant): string => `${formatTokyoDate(instant)} ${formatTokyoTime(instant)}`;

const MINUTE_MS = 60_000;

/**
 * Deadlines already written, by instant: the same few sale and campaign ends are on every page
 * that shows them, and writing one takes two Intl.DateTimeFormat calls (issue 36: a series
 * page's period labels were a tenth of its loader). Emptied when full.
 */
const KEPT_DEADLINES = 1024;
const deadlines = { short: new Map<number, string>(), long: new Map<number, string>() };

/**
 * A deadline as a reader takes "…まで" (§9 M/d end dates; issue 34 item 10): including the day
 * named. An end at midnight (Tokyo) excludes the day it falls on, so the last day it includes is
 * named — a sale ending 2026-12-16 00:00 runs through 12/15 — and an end at any other time is
 * named with that time ('12/16 15:00'). `short` is `M/d`, `long` is `yyyy年M月d日`. An end time of
 * 0 (or none) means no end: null. Without まで, so each sentence puts its own.
 */
export function formatTokyoDeadline(end: Instant | null | undefined, style: 'short' | 'long' = 'short'): string | null {
  if (end === null || end === undefined) return null;
  const ms = typeof end === 'number' ? end : end.getTime();
  if (!Number.isFinite(ms) || ms <= 0) return null;
  const kept = deadlines[style].get(ms);
  if (kept !== undefined) return kept;
  const time = formatTokyoTime(ms);
  const day = style === 'short' ? formatTokyoMonthDay : formatTokyoDate;
  // 00:00 (to the minute) ends the day before: a minute back is inside it.
  const label = time === '00:00' ? day(ms - MINUTE_MS) : `${day(ms)} ${time}`;
  if (deadlines[style].size >= KEPT_DEADLINES) deadlines[style].clear();
  deadlines[style].set(ms, label);
  return label;
}
