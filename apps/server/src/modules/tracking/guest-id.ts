import { randomBytes } from 'node:crypto';
import { parseCookie, stringifySetCookie } from 'cookie';

/** The first-party cookie that counts a visitor without an account; no third party sees it. */
export const GUEST_ID_COOKIE = 'hondana_gid';
const ONE_YEAR_S = 365 * 24 * 3600;
const SHAPE = /^[A-Za-z0-9_-]{22}$/;

/** The visitor's id from the Cookie header, when it has the shape this store gives. */
export function guestIdOf(cookieHeader: string | undefined): string | null {
  if (!cookieHeader || !cookieHeader.includes(GUEST_ID_COOKIE)) return null;
  const value = parseCookie(cookieHeader)[GUEST_ID_COOKIE];
  return value && SHAPE.test(value) ? value : null;
}

/** A new random id: 128 bits, URL-safe. */
export const newGuestId = (): string => randomBytes(16).toString('base64url');

/** The Set-Cookie of a new id: a year, the whole site, not readable by scripts, SameSite=Lax. */
export const guestIdSetCookie = (id: string, secure: boolean): string =>
  stringifySetCookie({ name: GUEST_ID_COOKIE, value: id, path: '/', httpOnly: true, sameSite: 'lax', secure, maxAge: ONE_YEAR_S });
