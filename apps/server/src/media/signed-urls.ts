import { createHmac, timingSafeEqual } from 'node:crypto';
import { SIGNED_URL_TTL_MS } from '@hondana/domain/reading/reading';

/**
 * Short-lived signed page-image URLs: `?e=<expiry, epoch s>&g=<grant>&s=<HMAC>`.
 * The signature binds the book, the page, the expiry and the grant, so a copied URL stops
 * working at its expiry and cannot be moved to another page, book or member.
 * Grants: `s` sample (anyone), `f` free now (anyone), `u<userId>` a member's entitlement.
 */
export type PageGrant = { kind: 'sample' } | { kind: 'free' } | { kind: 'member'; userId: number };

/** Expiries are rounded up to the next minute so that a page's URL stays the same (and cached) for a minute. */
const ROUND_MS = 60_000;

const grantCode = (grant: PageGrant): string => (grant.kind === 'sample' ? 's' : grant.kind === 'free' ? 'f' : `u${grant.userId}`);

function parseGrant(code: string): PageGrant | null {
  if (code === 's') return { kind: 'sample' };
  if (code === 'f') return { kind: 'free' };
  const m = /^u([1-9]\d{0,9})$/.exec(code);
  return m ? { kind: 'member', userId: Number(m[1]) } : null;
}

/** The instant (epoch ms) until which URLs signed at `now` stay valid. */
export const urlExpiry = (now: number): number => Math.ceil((now + SIGNED_URL_TTL_MS) / ROUND_MS) * ROUND_MS;

/**
 * What a signature is about: a book's page or a serial episode's page. The MAC binds the subject,
 * so a book page's signature never opens an episode page. Episodes have no sample grant: `f` is a
 * free released episode, `u<id>` a member's right to read (ticket or coin rental until an
 * instant, or the collecting book owned). A figure is an image inside a text book's chapter,
 * signed under the grant of its chapter.
 */
type Subject = 'page' | 'episode' | 'figure';

const mac = (key: string, subject: Subject, id: number, page: number, expirySeconds: number, grant: string): string =>
  createHmac('sha256', key).update(`${subject}|${id}|${page}|${expirySeconds}|${grant}`).digest('base64url').slice(0, 32);

function signQuery(key: string, subject: Subject, id: number, page: number, grant: PageGrant, expiresAt: number): string {
  const e = Math.floor(expiresAt / 1000);
  const g = grantCode(grant);
  return `e=${e}&g=${g}&s=${mac(key, subject, id, page, e, g)}`;
}

type SignatureCheck = { ok: true; grant: PageGrant; expiresAt: number } | { ok: false; reason: string };
type SignedQuery = { e?: unknown; g?: unknown; s?: unknown };

function verifyQuery(key: string, subject: Subject, id: number, page: number, query: SignedQuery, now: number): SignatureCheck {
  const { e, g, s } = query;
  if (typeof e !== 'string' || typeof g !== 'string' || typeof s !== 'string') return { ok: false, reason: 'unsigned' };
  if (!/^\d{1,12}$/.test(e)) return { ok: false, reason: 'bad expiry' };
  const grant = parseGrant(g);
  if (!grant || (subject === 'episode' && grant.kind === 'sample')) return { ok: false, reason: 'bad grant' };
  const expected = Buffer.from(mac(key, subject, id, page, Number(e), g));
  const given = Buffer.from(s);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return { ok: false, reason: 'bad signature' };
  const expiresAt = Number(e) * 1000;
  if (expiresAt <= now) return { ok: false, reason: 'expired' };
  return { ok: true, grant, expiresAt };
}

/** The query string (without `?`) that lets `grant` see `page` of `bookId` until `expiresAt`. */
export const signPageQuery = (key: string, bookId: number, page: number, grant: PageGrant, expiresAt: number): string =>
  signQuery(key, 'page', bookId, page, grant, expiresAt);

/** Checks the `e`, `g` and `s` query values of a book page URL at `now`. */
export const verifyPageQuery = (key: string, bookId: number, page: number, query: SignedQuery, now: number): SignatureCheck =>
  verifyQuery(key, 'page', bookId, page, query, now);

/** The query string that lets `grant` see `page` of serial episode `episodeId` until `expiresAt`. */
export const signEpisodeQuery = (key: string, episodeId: number, page: number, grant: PageGrant, expiresAt: number): string =>
  signQuery(key, 'episode', episodeId, page, grant, expiresAt);

export const verifyEpisodeQuery = (key: string, episodeId: number, page: number, query: SignedQuery, now: number): SignatureCheck =>
  verifyQuery(key, 'episode', episodeId, page, query, now);

/** The query string that lets `grant` see image `image` inside a text book's chapters until `expiresAt`. */
export const signFigureQuery = (key: string, bookId: number, image: number, grant: PageGrant, expiresAt: number): string =>
  signQuery(key, 'figure', bookId, image, grant, expiresAt);

export const verifyFigureQuery = (key: string, bookId: number, image: number, query: SignedQuery, now: number): SignatureCheck =>
  verifyQuery(key, 'figure', bookId, image, query, now);
