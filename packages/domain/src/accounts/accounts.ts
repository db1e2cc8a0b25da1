/**
 * Rules of a member's account (§5, §6): a birth date is a real calendar date, the age on the
 * Tokyo day and adult eligibility, and where a login or signup may send the member next. The
 * request and response schemas are in `accounts-api.ts`.
 */
import { tokyoDay } from '../common/time';

/** The age at which adult (R18) content may be confirmed (§6). */
const ADULT_AGE = 18;

const isoDate = /^(\d{4})-(\d{2})-(\d{2})$/;

/** True when `value` is a real calendar date written as YYYY-MM-DD. */
export function isCalendarDate(value: string): boolean {
  const m = isoDate.exec(value);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(y, mo - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === mo - 1 && date.getUTCDate() === d;
}

/** Completed years of age on the Tokyo calendar day of `now`; a 29 February birthday counts on 1 March. */
export function ageOn(birthDate: string, now: Date): number {
  const [by, bm, bd] = birthDate.split('-').map(Number) as [number, number, number];
  const [ny, nm, nd] = tokyoDay(now).split('-').map(Number) as [number, number, number];
  const hadBirthday = nm > bm || (nm === bm && nd >= bd);
  return ny - by - (hadBirthday ? 0 : 1);
}

export const isAdultEligible = (birthDate: string, now: Date): boolean => ageOn(birthDate, now) >= ADULT_AGE;

/**
 * Where to go after login or signup: only a path on this site (`/…`, not `//host` or
 * `/\host`), anything else falls back to the top page.
 */
export function safeCallback(value: string | null | undefined): string {
  if (!value || value.length > 2000) return '/';
  if (!value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return '/';
  if (/\p{Cc}/u.test(value)) return '/';
  try {
    const url = new URL(value, 'http://hondana.invalid');
    if (url.origin !== 'http://hondana.invalid') return '/';
    return url.pathname + url.search + url.hash;
  } catch {
    return '/';
  }
}
