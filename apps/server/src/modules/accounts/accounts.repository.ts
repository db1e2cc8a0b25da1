import type { Expression } from 'kysely';
import type { Db, UsersTable } from '../../db/schema';
import { WITHDRAWN_NICKNAME } from '@hondana/domain/accounts/account-settings';
import { deleteSessionsOf } from './sessions.repository';

type UserRow = Omit<UsersTable, 'id'> & { id: number };

export async function insertUser(
  db: Db,
  user: Pick<UserRow, 'email' | 'password_hash' | 'nickname' | 'birth_date' | 'created_at'>,
): Promise<number | null> {
  const row = await db
    .insertInto('users')
    .values({ ...user, profile: '', image_flg: 0, adult_state: 'NONE', login_count: 0 })
    .onConflict((oc) => oc.column('email').doNothing())
    .returning('id')
    .executeTakeFirst();
  return row?.id ?? null;
}

export const findUserByEmail = (db: Db, email: string) =>
  db.selectFrom('users').selectAll().where('email', '=', email).where('withdrawn_at', 'is', null).executeTakeFirst();

export const findUserById = (db: Db, id: number) =>
  db.selectFrom('users').selectAll().where('id', '=', id).where('withdrawn_at', 'is', null).executeTakeFirst();

export async function recordLogin(db: Db, id: number, now: number): Promise<void> {
  await db
    .updateTable('users')
    .set((eb) => ({ login_count: eb('login_count', '+', 1), last_login_at: now }))
    .where('id', '=', id)
    .execute();
}

export async function updateProfile(db: Db, id: number, profile: Pick<UserRow, 'nickname' | 'profile' | 'image_flg'>): Promise<void> {
  await db.updateTable('users').set(profile).where('id', '=', id).execute();
}

export async function setAdultState(db: Db, id: number, adultState: UserRow['adult_state']): Promise<void> {
  await db.updateTable('users').set({ adult_state: adultState }).where('id', '=', id).execute();
}

/** Suspends a member (`suspendedAt`: their sessions end with it) or restores their login (null): the console's change. */
export async function setMemberSuspended(db: Db, id: number, suspendedAt: number | null): Promise<void> {
  await db.updateTable('users').set({ suspended_at: suspendedAt }).where('id', '=', id).execute();
  if (suspendedAt !== null) await deleteSessionsOf(db, id);
}

/**
 * Withdrawal keeps the row (orders and ledgers point at it, and the law keeps those) but frees
 * the email and drops or blanks every personal field; the member can sign up again as someone
 * new. Comments and review notices name the author from this row: 退会したユーザー.
 */
export async function withdrawUser(db: Db, id: number, now: number): Promise<boolean> {
  const result = await db
    .updateTable('users')
    .set({
      withdrawn_at: now,
      email: `withdrawn-${id}@invalid`,
      password_hash: '',
      nickname: WITHDRAWN_NICKNAME,
      profile: '',
      image_flg: 0,
      birth_date: '1900-01-01',
      email_confirmed_at: null,
    })
    .where('id', '=', id)
    .where('withdrawn_at', 'is', null)
    .executeTakeFirst();
  return result.numUpdatedRows === 1n;
}

export async function setPasswordHash(db: Db, id: number, passwordHash: string): Promise<void> {
  await db.updateTable('users').set({ password_hash: passwordHash }).where('id', '=', id).where('withdrawn_at', 'is', null).execute();
}

/** The address `email` of member `id` is confirmed (a link sent to it was opened); false when the member's address is another now. */
export async function confirmEmail(db: Db, id: number, email: string, now: number): Promise<boolean> {
  const result = await db
    .updateTable('users')
    .set((eb) => ({ email_confirmed_at: eb.fn.coalesce('email_confirmed_at', eb.val(now)) }))
    .where('id', '=', id)
    .where('email', '=', email)
    .where('withdrawn_at', 'is', null)
    .executeTakeFirst();
  return result.numUpdatedRows === 1n;
}

/** The member's address becomes `email`, confirmed now; null when another member has it (the unique key). */
export async function changeEmail(db: Db, id: number, email: string, now: number): Promise<boolean | null> {
  try {
    const result = await db
      .updateTable('users')
      .set({ email, email_confirmed_at: now })
      .where('id', '=', id)
      .where('withdrawn_at', 'is', null)
      .executeTakeFirst();
    return result.numUpdatedRows === 1n;
  } catch (error) {
    const e = error as { code?: string; message?: string };
    if (e.code === '23505' || /UNIQUE constraint failed/.test(e.message ?? '')) return null;
    throw error;
  }
}

/** Whether a live member has this address. */
export const emailTaken = async (db: Db, email: string): Promise<boolean> =>
  (await db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirst()) !== undefined;

/** When the member confirmed their address (null: not yet), as a scalar subquery for a statement of the buy path. */
export function emailConfirmedAtQuery(db: Db, userId: number | Expression<number>) {
  return db.selectFrom('users').select('email_confirmed_at').where('id', '=', userId);
}

export async function emailConfirmedAt(db: Db, userId: number): Promise<number | null> {
  const row = await db.selectFrom('users').select('email_confirmed_at').where('id', '=', userId).executeTakeFirst();
  return row?.email_confirmed_at ?? null;
}

/** The address and name mails to the member go to; undefined when withdrawn. */
export const mailRecipientOf = (db: Db, id: number) =>
  db
    .selectFrom('users')
    .select(['email', 'nickname'])
    .where('id', '=', id)
    .where('withdrawn_at', 'is', null)
    .where('suspended_at', 'is', null)
    .executeTakeFirst();

/** The member's app settings and SNS links (personal data dropped at withdrawal). */
export async function deleteAppData(db: Db, userId: number): Promise<void> {
  await db.deleteFrom('user_app_settings').where('user_id', '=', userId).execute();
  await db.deleteFrom('user_sns_links').where('user_id', '=', userId).execute();
}
