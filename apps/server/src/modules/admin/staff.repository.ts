import type { StaffRole } from '@hondana/domain/admin/admin-api';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema';

type Db = Kysely<Database> | Transaction<Database>;

export const findRole = async (db: Db, userId: number): Promise<StaffRole | null> =>
  (await db.selectFrom('staff_roles').select('role').where('user_id', '=', userId).executeTakeFirst())?.role ?? null;

export async function setRole(db: Db, userId: number, role: StaffRole | null, now: number): Promise<void> {
  if (role === null) {
    await db.deleteFrom('staff_roles').where('user_id', '=', userId).execute();
    return;
  }
  await db
    .insertInto('staff_roles')
    .values({ user_id: userId, role, granted_at: now })
    .onConflict((oc) => oc.column('user_id').doUpdateSet({ role, granted_at: now }))
    .execute();
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
