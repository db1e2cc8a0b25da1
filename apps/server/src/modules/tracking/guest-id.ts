import { randomBytes } from 'node:crypto';
import { stringifySetCookie } from 'cookie';

/** The first-party cookie that counts a visitor without an account; no third party sees it. */
export const GUEST_ID_COOKIE = 'hondana_gid';
const ONE_YEAR_S = 365 * 24 * 3600;
const SHAPE = /^[A-Za-z0-9_-]{22}$/;

const NAME = `${GUEST_ID_COOKIE}=`;

/**
 * The visitor's id from the Cookie header, when it has the shape this store gives (no decoding:
 * the id is URL-safe). Found by position rather than by parsing every cookie: this runs on
 * every tracking call.
 */
export function guestIdOf(cookieHeader: string | undefined): string | null {
  if (!cookieHeader) return null;
  const at = cookieHeader.indexOf(NAME);
  if (at < 0 || (at > 0 && cookieHeader[at - 1] !== ' ' && cookieHeader[at - 1] !== ';')) return null;
  const start = at + NAME.length;
  const end = cookieHeader.indexOf(';', start);
  const value = cookieHeader.slice(start, end < 0 ? undefined : end).trim();
  return SHAPE.test(value) ? value : null;
}

/** A new random id: 128 bits, URL-safe. */
export const newGuestId = (): string => randomBytes(16).toString('base64url');

/** The Set-Cookie of a new id: a year, the whole site, not readable by scripts, SameSite=Lax. */
export const guestIdSetCookie = (id: string, secure: boolean): string =>
  stringifySetCookie({ name: GUEST_ID_COOKIE, value: id, path: '/', httpOnly: true, sameSite: 'lax', secure, maxAge: ONE_YEAR_S });
