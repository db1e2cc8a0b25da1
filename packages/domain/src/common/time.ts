import { TZDate } from '@date-fns/tz';
import { format, startOfDay } from 'date-fns';
import { boundedMemory } from './memory';
import { formatTokyoDate, formatTokyoMonthDay } from './tokyo-format';

/** Calendar rules of the store are computed in Japan time (ARCHITECTURE.md, "Money and time"). */
export const STORE_TIME_ZONE = 'Asia/Tokyo';

/** An injectable source of "now", so that calendar rules can be tested at any instant. */
export type Clock = () => Date;
export const systemClock: Clock = () => new Date();

export const inTokyo = (instant: Date | number): TZDate =>
  new TZDate(typeof instant === 'number' ? instant : instant.getTime(), STORE_TIME_ZONE);

/** A date formatter of tokyo-format.ts that remembers its last few hundred answers (`boundedMemory`), for the server's lists. */
function remembered(formatter: (ms: number) => string): (instant: Date | number) => string {
  const remember = boundedMemory<number, string>(512);
  return (instant) => {
    const ms = typeof instant === 'number' ? instant : instant.getTime();
    return remember(ms, () => formatter(ms));
  };
}

/** `yyyy年M月d日` in Asia/Tokyo (§9). */
export const formatJapaneseDate = remembered(formatTokyoDate);

const DAY_MS = 24 * 60 * 60 * 1000;
let dayMemo = { from: 0, to: 0, day: '' };

/**
 * `yyyy-MM-dd` of the Tokyo calendar day that contains `instant`. Hot (every status call):
 * the day last computed is remembered with its bounds, so most calls cost no zone lookup.
 */
export function tokyoDay(instant: Date | number): string {
  const ms = typeof instant === 'number' ? instant : instant.getTime();
  if (ms >= dayMemo.from && ms < dayMemo.to) return dayMemo.day;
  const local = inTokyo(ms);
  const day = format(local, 'yyyy-MM-dd');
  const from = startOfDay(local).getTime();
  dayMemo = { from, to: startOfDay(inTokyo(from + DAY_MS + 3_600_000)).getTime(), day };
  return day;
}

/** `M/d` in Asia/Tokyo, as on sale end dates and 'M/d販売' labels (§2, §9). */
export const formatMonthDay = remembered(formatTokyoMonthDay);

const TOKYO_MINUTE = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/;

/**
 * `2027-01-10T09:30` in Asia/Tokyo (the console's datetime-local fields) as an instant; null
 * when it is not such a time.
 */
export function tokyoMinuteToInstant(value: string): number | null {
  const m = TOKYO_MINUTE.exec(value);
  if (!m) return null;
  const [y, mo, d, h, mi] = m.slice(1).map(Number) as [number, number, number, number, number];
  const date = new TZDate(y, mo - 1, d, h, mi, 0, STORE_TIME_ZONE);
  if (date.getFullYear() !== y || date.getMonth() !== mo - 1 || date.getDate() !== d || date.getHours() !== h) return null;
  return date.getTime();
}

/** An instant as the `YYYY-MM-DDTHH:mm` of Asia/Tokyo (for a datetime-local field). */
export function instantToTokyoMinute(instant: number): string {
  const d = new TZDate(instant, STORE_TIME_ZONE);
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())}T${p(d.getHours())}:${p(d.getMinutes())}`;
}
