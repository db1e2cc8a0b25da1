import type { StaffRole } from '@hondana/domain/admin/admin-api';
import { type Kysely, PostgresAdapter, type Transaction } from 'kysely';
import type { Database, Db } from '../../db/schema';
import { deleteSessionByHash, deleteSessionsOf } from '../accounts/account-writes';

const isPostgres = (trx: Transaction<Database>) => trx.getExecutor().adapter instanceof PostgresAdapter;

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
  await deleteSessionsOf(db, userId);
}

export const userIdByEmail = async (db: Db, email: string): Promise<number | null> =>
  (await db.selectFrom('users').select('id').where('email', '=', email.toLowerCase()).where('withdrawn_at', 'is', null).executeTakeFirst())
    ?.id ?? null;

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
  await deleteSessionByHash(db, sessionHash);
}

/** The console's staff with their member's address and name, and whether a TOTP or a passkey is enrolled. */
export const staffRows = (db: Db) =>
  db
    .selectFrom('staff_roles as r')
    .innerJoin('users as u', 'u.id', 'r.user_id')
    .leftJoin('staff_totp as t', 't.user_id', 'r.user_id')
    .select(['r.user_id', 'r.role', 'r.granted_at', 'u.email', 'u.nickname', 't.confirmed_at'])
    .select((eb) =>
      eb.exists(eb.selectFrom('staff_passkeys as p').select('p.id').whereRef('p.user_id', '=', 'r.user_id')).as('has_passkey'),
    )
    .execute();

/**
 * The operators as this transaction may count them: on PostgreSQL their rows are locked (in one
 * order), so of two changes at once the second waits for the first and counts what it left; on
 * SQLite the write transaction (`begin immediate`) already runs alone.
 */
export async function lockedOperators(trx: Transaction<Database>): Promise<number[]> {
  const query = trx.selectFrom('staff_roles').select('user_id').where('role', '=', 'operator').orderBy('user_id');
  return (await (isPostgres(trx) ? query.forUpdate() : query).execute()).map((r) => r.user_id);
}

/** A member of the store who has not withdrawn. */
export const isMember = async (db: Db, userId: number) =>
  (await db.selectFrom('users').select('id').where('id', '=', userId).where('withdrawn_at', 'is', null).executeTakeFirst()) !== undefined;

/** Locks the member's row on PostgreSQL (their second factors change one at a time); SQLite's write transaction runs alone. */
export async function lockMember(trx: Transaction<Database>, userId: number): Promise<void> {
  if (isPostgres(trx)) await trx.selectFrom('users').select('id').where('id', '=', userId).forUpdate().execute();
}

/** The staff member's passkeys, oldest first. */
export const passkeysOf = (db: Db, userId: number) =>
  db
    .selectFrom('staff_passkeys')
    .select(['id', 'name', 'created_at', 'last_used_at'])
    .where('user_id', '=', userId)
    .orderBy('id')
    .execute();

/** Whether the staff member has a confirmed TOTP authenticator. */
export const hasConfirmedTotp = async (db: Db, userId: number) =>
  (await db.selectFrom('staff_totp').select('confirmed_at').where('user_id', '=', userId).executeTakeFirst())?.confirmed_at != null;

export const deletePasskey = (db: Db, passkeyId: number) => db.deleteFrom('staff_passkeys').where('id', '=', passkeyId).execute();
