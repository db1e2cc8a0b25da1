import type { Kysely } from 'kysely';
import type { Database, UsersTable } from '../../db/schema';

type Db = Kysely<Database>;
export type UserRow = Omit<UsersTable, 'id'> & { id: number };

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

export async function updateProfile(
  db: Db,
  id: number,
  profile: Pick<UserRow, 'nickname' | 'profile' | 'image_flg'>,
): Promise<void> {
  await db.updateTable('users').set(profile).where('id', '=', id).execute();
}

export async function setAdultState(db: Db, id: number, adultState: UserRow['adult_state']): Promise<void> {
  await db.updateTable('users').set({ adult_state: adultState }).where('id', '=', id).execute();
}

/**
 * Withdrawal keeps the row (orders and ledgers will point at it) but frees the email and
 * drops personal data; the member can sign up again as someone new.
 */
export async function withdrawUser(db: Db, id: number, now: number): Promise<void> {
  await db
    .updateTable('users')
    .set({ withdrawn_at: now, email: `withdrawn-${id}@invalid`, password_hash: '', nickname: '', profile: '' })
    .where('id', '=', id)
    .execute();
}
