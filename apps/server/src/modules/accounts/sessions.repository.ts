import type { Kysely } from 'kysely';
import { preparedQuery } from '../../db/prepared-query';
import type { Database } from '../../db/schema';

type Db = Kysely<Database>;

export async function insertSession(db: Db, session: { idHash: string; userId: number; now: number; expiresAt: number }): Promise<void> {
  await db
    .insertInto('sessions')
    .values({ id_hash: session.idHash, user_id: session.userId, created_at: session.now, expires_at: session.expiresAt })
    .execute();
}

/**
 * The member of a live session (not expired, member neither withdrawn nor suspended); the
 * pages' member statement adds the member's answers to it as columns (`web/member-answers.repository.ts`).
 */
export function liveSessionUserQuery(db: Db, idHash: string, now: number) {
  return db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .select(['users.id', 'users.nickname', 'users.adult_state', 'users.birth_date', 'users.login_count'])
    .where('sessions.id_hash', '=', idHash)
    .where('sessions.expires_at', '>', now)
    .where('users.withdrawn_at', 'is', null)
    .where('users.suspended_at', 'is', null);
}

// Every member request reads its session: the statement is built once (db/prepared-query.ts).
const sessionUserQuery = preparedQuery((db, $: { idHash: string; now: number }) => liveSessionUserQuery(db, $.idHash, $.now));

/** The member of a live session (not expired, member neither withdrawn nor suspended). */
export async function findLiveSessionUser(db: Db, idHash: string, now: number) {
  const [row] = (await sessionUserQuery.execute(db, { idHash, now })).rows;
  return row;
}

export async function deleteSessionByHash(db: Db, idHash: string): Promise<void> {
  await db.deleteFrom('sessions').where('id_hash', '=', idHash).execute();
}

export async function deleteSessionsOf(db: Db, userId: number): Promise<void> {
  await db.deleteFrom('sessions').where('user_id', '=', userId).execute();
}
