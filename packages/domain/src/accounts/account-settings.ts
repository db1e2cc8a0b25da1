/**
 * Rules of a member's account settings shared by the server and the pages (issue 38): how long a
 * mailed link lives, how a session's device and place are named. No zod here: pages import it.
 */

/** A password reset link is valid this long, and once. */
export const PASSWORD_RESET_TTL_MS = 30 * 60 * 1000;
/** An address confirmation link (signup, change) is valid this long, and once. */
export const EMAIL_CONFIRM_TTL_MS = 24 * 60 * 60 * 1000;
/** Withdrawal goes ahead this long after the password was given again in the session. */
export const REAUTHENTICATED_FOR_MS = 10 * 60 * 1000;

/** What a withdrawn member's reviews and comments show as their author. */
export const WITHDRAWN_NICKNAME = '退会したユーザー';

const browsers: readonly [RegExp, string][] = [
  [/Edg(e|A|iOS)?\//, 'Edge'],
  [/OPR\/|Opera/, 'Opera'],
  [/SamsungBrowser\//, 'Samsung Internet'],
  [/Firefox\/|FxiOS\//, 'Firefox'],
  [/Chrome\/|CriOS\/|Chromium\//, 'Chrome'],
  [/Safari\//, 'Safari'],
];
const systems: readonly [RegExp, string][] = [
  [/iPhone/, 'iPhone'],
  [/iPad/, 'iPad'],
  [/Android/, 'Android'],
  [/Windows/, 'Windows'],
  [/Mac OS X|Macintosh/, 'Mac'],
  [/CrOS/, 'ChromeOS'],
  [/Linux/, 'Linux'],
];

/** A browser's User-Agent as a reader names it: `Chrome（Windows）`; 不明なブラウザ when it says nothing known. */
export function deviceLabel(userAgent: string): string {
  const browser = browsers.find(([pattern]) => pattern.test(userAgent))?.[1];
  const system = systems.find(([pattern]) => pattern.test(userAgent))?.[1];
  if (!browser && !system) return '不明なブラウザ';
  if (!browser) return `ブラウザ（${system}）`;
  return system ? `${browser}（${system}）` : browser;
}

/**
 * The part of an address that says roughly where a session is without naming the machine: an
 * IPv4 address's first three numbers (`203.0.113.*`), an IPv6 address's first three groups
 * (`2001:db8:85a3::/48`); '' for anything else.
 */
export function addressPrefix(address: string): string {
  const v4 = /^(?:::ffff:)?(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.\d{1,3}$/i.exec(address);
  if (v4) return `${v4[1]}.${v4[2]}.${v4[3]}.*`;
  if (!address.includes(':')) return '';
  const [head] = address.split('::');
  const groups = (head ?? '').split(':').filter(Boolean);
  const full = address.includes('::') ? groups : address.split(':');
  if (full.length === 0 || full.some((g) => !/^[0-9a-f]{1,4}$/i.test(g))) return address === '::1' ? '::1' : '';
  return `${full.slice(0, 3).join(':').toLowerCase()}::/48`;
}
