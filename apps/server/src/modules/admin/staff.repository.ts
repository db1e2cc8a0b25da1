import type { StaffRole } from '@hondana/domain/admin/admin-api';
import type { Kysely, Transaction } from 'kysely';
import type { Database, Db } from '../../db/schema';


export const findRole = async (db: Db, userId: number): Promise<StaffRole | null> =>
  (await db.selectFrom('staff_roles').select('role').where('user_id', '=', userId).executeTakeFirst())?.role ?? null;

/**
 * Gives the member a console role, changes it or takes it away (null), and ends every session
 * they have, in one transaction (ASVS: a privilege change needs a fresh sign-in, and the sessions
 * signed in with the old privilege no longer open anything).
 */
export async function setRole(db: Kysely<Database>, userId: number, role: StaffRole | null, now: number): Promise<void> {
  await db.transaction().execute((trx) => setRoleIn(trx, userId, role, now));
}

/** `setRole` in the caller's transaction (the console's change: its checks and audit entry commit with it). */
export async function setRoleIn(trx: Transaction<Database>, userId: number, role: StaffRole | null, now: number): Promise<void> {
  if (role === null) {
    await trx.deleteFrom('staff_roles').where('user_id', '=', userId).execute();
  } else {
    await trx
      .insertInto('staff_roles')
      .values({ user_id: userId, role, granted_at: now })
      .onConflict((oc) => oc.column('user_id').doUpdateSet({ role, granted_at: now }))
      .execute();
  }
  await endSessionsOf(trx, userId);
}

/** Ends all of the member's sessions (and their console activity and passkey challenges). */
export async function endSessionsOf(db: Db, userId: number): Promise<void> {
  await db
    .deleteFrom('admin_session_activity')
    .where('session_hash', 'in', (eb) => eb.selectFrom('sessions').select('id_hash').where('user_id', '=', userId))
    .execute();
  await db.deleteFrom('webauthn_challenges').where('user_id', '=', userId).execute();
  await db.deleteFrom('sessions').where('user_id', '=', userId).execute();
}

export const userIdByEmail = async (db: Db, email: string): Promise<number | null> =>
  (await db.selectFrom('users').select('id').where('email', '=', email.toLowerCase()).where('withdrawn_at', 'is', null).executeTakeFirst())?.id ?? null;

/** The session's start and the console's last use of it. */
export const sessionActivity = (db: Db, sessionHash: string) =>
  db
    .selectFrom('sessions')
    .leftJoin('admin_session_activity', 'admin_session_activity.session_hash', 'sessions.id_hash')
    .select(['sessions.created_at', 'admin_session_activity.last_active_at'])
    .where('sessions.id_hash', '=', sessionHash)
    .executeTakeFirst();

export const touchSession = (db: Db, sessionHash: string, now: number) =>
  db
    .insertInto('admin_session_activity')
    .values({ session_hash: sessionHash, last_active_at: now })
    .onConflict((oc) => oc.column('session_hash').doUpdateSet({ last_active_at: now }))
    .execute();

export async function endSession(db: Db, sessionHash: string): Promise<void> {
  await db.deleteFrom('admin_session_activity').where('session_hash', '=', sessionHash).execute();
  await db.deleteFrom('sessions').where('id_hash', '=', sessionHash).execute();
}
