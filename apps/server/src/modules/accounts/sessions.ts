import { createHash, randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import { preparedQuery } from '../../db/prepared-query';
import type { Database } from '../../db/schema';

export const SESSION_COOKIE = 'hondana_session';
export const SESSION_TTL_MS = 30 * 24 * 60 * 60 * 1000;

/** Session ids and one-time tokens are stored as SHA-256 digests, never as issued. */
export const digest = (secret: string): string => createHash('sha256').update(secret).digest('base64url');

export const newSecret = (): string => randomBytes(32).toString('base64url');

export interface SessionUser {
  userId: number;
  nickname: string;
  adultState: 'NONE' | 'ADULT';
  birthDate: string;
  loginCount: number;
}

export async function createSession(db: Kysely<Database>, userId: number, now: number): Promise<string> {
  const secret = newSecret();
  await db
    .insertInto('sessions')
    .values({ id_hash: digest(secret), user_id: userId, created_at: now, expires_at: now + SESSION_TTL_MS })
    .execute();
  return secret;
}

// Every member request reads its session: the statement is built once (db/prepared-query.ts).
const sessionUserQuery = preparedQuery((db, $: { idHash: string; now: number }) =>
  db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .select(['users.id', 'users.nickname', 'users.adult_state', 'users.birth_date', 'users.login_count'])
    .where('sessions.id_hash', '=', $.idHash)
    .where('sessions.expires_at', '>', $.now)
    .where('users.withdrawn_at', 'is', null)
    .where('users.suspended_at', 'is', null),
);

export async function findSessionUser(db: Kysely<Database>, secret: string, now: number): Promise<SessionUser | null> {
  const [row] = (await sessionUserQuery.execute(db, { idHash: digest(secret), now })).rows;
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

export async function deleteSession(db: Kysely<Database>, secret: string): Promise<void> {
  await db.deleteFrom('sessions').where('id_hash', '=', digest(secret)).execute();
}

export async function deleteUserSessions(db: Kysely<Database>, userId: number): Promise<void> {
  await db.deleteFrom('sessions').where('user_id', '=', userId).execute();
}
