import { createHmac, timingSafeEqual } from 'node:crypto';
import { type MailKind, isNoticeKind } from './mail-kinds';

/**
 * The unsubscribe link of a notice mail: the member and the kind, signed with a key derived
 * from the store's secret, so the link works without signing in and cannot be made for another
 * member. It does not expire: a mail read a year later still stops the next one.
 */
export interface Unsubscribe {
  userId: number;
  kind: MailKind;
}

const keyOf = (storeSecret: string) => createHmac('sha256', storeSecret).update('hondana mail unsubscribe').digest();
const sign = (key: Buffer, body: string) => createHmac('sha256', key).update(body).digest('base64url').slice(0, 32);

export function unsubscribeToken(storeSecret: string, target: Unsubscribe): string {
  const body = Buffer.from(`${target.userId}.${target.kind}`).toString('base64url');
  return `${body}.${sign(keyOf(storeSecret), body)}`;
}

/** The member and kind of a token this store signed; null for anything else. */
export function readUnsubscribeToken(storeSecret: string, token: string): Unsubscribe | null {
  const [body, signature, extra] = token.split('.');
  if (!body || !signature || extra !== undefined) return null;
  const expected = Buffer.from(sign(keyOf(storeSecret), body));
  const given = Buffer.from(signature);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  const match = /^(\d{1,15})\.([A-Z_]+)$/.exec(Buffer.from(body, 'base64url').toString());
  if (!match || !isNoticeKind(match[2]!)) return null;
  return { userId: Number(match[1]), kind: match[2] as MailKind };
}
