import { addressPrefix } from '@hondana/domain/accounts/account-settings';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema';
import { digest, newSecret } from '../tokens/secrets';
import * as repo from './sessions.repository';

/** The live-session statement, for the pages' member statement to add the member's answers to. */
export { liveSessionUserQuery } from './sessions.repository';

export const SESSION_COOKIE = 'hondana_session';
export const SESSION_TTL_MS = 30 * 24 * 60 * 60 * 1000;

/** A session id's stored digest, for the pages' own session lookup (`web/web-plugin.ts`). */
export { digest } from '../tokens/secrets';

export interface SessionUser {
  userId: number;
  nickname: string;
  adultState: 'NONE' | 'ADULT';
  birthDate: string;
  loginCount: number;
}

/** The browser a session starts in, for the member's sessions list. */
export interface SessionDevice {
  userAgent: string;
  /** The client's address (its prefix is kept, not the address). */
  address: string;
}

export const UNKNOWN_DEVICE: SessionDevice = { userAgent: '', address: '' };

export async function createSession(
  db: Kysely<Database> | Transaction<Database>,
  userId: number,
  now: number,
  device: SessionDevice = UNKNOWN_DEVICE,
): Promise<string> {
  const secret = newSecret();
  await repo.insertSession(db, {
    idHash: digest(secret),
    userId,
    now,
    expiresAt: now + SESSION_TTL_MS,
    userAgent: device.userAgent.slice(0, 300),
    ipPrefix: addressPrefix(device.address),
  });
  return secret;
}

export async function findSessionUser(db: Kysely<Database>, secret: string, now: number): Promise<SessionUser | null> {
  const row = await repo.findLiveSessionUser(db, digest(secret), now);
  return row
    ? {
        userId: row.id,
        nickname: row.nickname,
        adultState: row.adult_state,
        birthDate: row.birth_date,
        loginCount: row.login_count,
      }
    : null;
}

export const deleteSession = (db: Kysely<Database>, secret: string): Promise<void> => repo.deleteSessionByHash(db, digest(secret));

/** Expired sessions are useless rows (a lookup ignores them): the accounts' hourly job deletes them; how many went. */
export const sweepExpiredSessions = (db: Kysely<Database>, now: number): Promise<number> => repo.deleteExpiredSessions(db, now);
