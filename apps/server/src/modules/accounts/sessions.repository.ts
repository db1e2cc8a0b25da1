import { preparedQuery } from '../../db/prepared-query';
import type { Db } from '../../db/schema';

export async function insertSession(
  db: Db,
  session: { idHash: string; userId: number; now: number; expiresAt: number; userAgent: string; ipPrefix: string },
): Promise<void> {
  await db
    .insertInto('sessions')
    .values({
      id_hash: session.idHash,
      user_id: session.userId,
      created_at: session.now,
      expires_at: session.expiresAt,
      user_agent: session.userAgent,
      ip_prefix: session.ipPrefix,
      last_seen_at: session.now,
    })
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

/**
 * Records that the console's second factor was given in this session now, under a new session
 * id (ASVS: the id changes with the privilege): one update moves the live session to `newHash` and
 * marks it checked, so the old cookie no longer signs anyone in. False when the session is gone or
 * expired (another request rotated it first, or it was ended).
 */
export async function rotateCheckedSession(db: Db, idHash: string, newHash: string, now: number): Promise<boolean> {
  const result = await db
    .updateTable('sessions')
    .set({ id_hash: newHash, second_factor_at: now })
    .where('id_hash', '=', idHash)
    .where('expires_at', '>', now)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Deletes the sessions expired by `now`; how many went. */
export async function deleteExpiredSessions(db: Db, now: number): Promise<number> {
  const result = await db.deleteFrom('sessions').where('expires_at', '<=', now).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** The member's live sessions, for the sessions list. */
export function liveSessionsOf(db: Db, userId: number, now: number) {
  return db
    .selectFrom('sessions')
    .select(['id_hash', 'created_at', 'last_seen_at', 'user_agent', 'ip_prefix'])
    .where('user_id', '=', userId)
    .where('expires_at', '>', now)
    .execute();
}

/** Ends one of the member's sessions; how many ended (0: not theirs, or gone already). */
export async function deleteSessionOf(db: Db, userId: number, idHash: string): Promise<number> {
  const result = await db.deleteFrom('sessions').where('user_id', '=', userId).where('id_hash', '=', idHash).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Ends every session of the member but `keepHash` (this device). */
export async function deleteOtherSessions(db: Db, userId: number, keepHash: string | null): Promise<number> {
  let query = db.deleteFrom('sessions').where('user_id', '=', userId);
  if (keepHash !== null) query = query.where('id_hash', '!=', keepHash);
  return Number((await query.executeTakeFirst()).numDeletedRows);
}

export async function touchSession(db: Db, idHash: string, now: number): Promise<void> {
  await db.updateTable('sessions').set({ last_seen_at: now }).where('id_hash', '=', idHash).execute();
}

export async function markPasswordConfirmed(db: Db, idHash: string, now: number): Promise<void> {
  await db.updateTable('sessions').set({ password_confirmed_at: now }).where('id_hash', '=', idHash).execute();
}

export async function passwordConfirmedAt(db: Db, idHash: string): Promise<number | null> {
  const row = await db.selectFrom('sessions').select('password_confirmed_at').where('id_hash', '=', idHash).executeTakeFirst();
  return row?.password_confirmed_at ?? null;
}
