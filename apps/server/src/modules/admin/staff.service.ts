import type { StaffRole } from '@hondana/domain/admin/admin-api';
import type { PasskeyList, StaffMemberView, StaffRoleChanged } from '@hondana/domain/admin/admin-staff-api';
import { AppError, ErrorCode, badRequest, notFound } from '@hondana/domain/common/errors';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema';
import { PostgresAdapter } from 'kysely';
import type { Staff } from './admin-guard';
import type { AuditEntry } from './audit.repository';
import { setRoleIn } from './staff.repository';

const isPostgres = (trx: Transaction<Database>) => trx.getExecutor().adapter instanceof PostgresAdapter;

type Change<T> = Promise<{ body: T; audit: AuditEntry[] }>;

/** The console's staff, operators first, then by e-mail: their role, since when, and whether a second factor is enrolled. */
export async function listStaff(db: Kysely<Database>): Promise<StaffMemberView[]> {
  const rows = await db
    .selectFrom('staff_roles as r')
    .innerJoin('users as u', 'u.id', 'r.user_id')
    .leftJoin('staff_totp as t', 't.user_id', 'r.user_id')
    .select(['r.user_id', 'r.role', 'r.granted_at', 'u.email', 'u.nickname', 't.confirmed_at'])
    .select((eb) => eb.exists(eb.selectFrom('staff_passkeys as p').select('p.id').whereRef('p.user_id', '=', 'r.user_id')).as('has_passkey'))
    .execute();
  return rows
    .map((r) => ({
      userId: r.user_id,
      email: r.email,
      nickname: r.nickname,
      role: r.role,
      grantedAt: Number(r.granted_at),
      enrolled: r.confirmed_at !== null || Boolean(Number(r.has_passkey)),
    }))
    .sort((a, b) => (a.role === b.role ? a.email.localeCompare(b.email) : a.role === 'operator' ? -1 : 1));
}

/**
 * The operators as this transaction may count them: on PostgreSQL their rows are locked (in one
 * order), so of two changes at once the second waits for the first and counts what it left; on
 * SQLite the write transaction (`begin immediate`) already runs alone.
 */
async function lockedOperators(trx: Transaction<Database>): Promise<number[]> {
  const query = trx.selectFrom('staff_roles').select('user_id').where('role', '=', 'operator').orderBy('user_id');
  return (await (isPostgres(trx) ? query.forUpdate() : query).execute()).map((r) => r.user_id);
}

/**
 * A role change by an operator, in the console's transaction (its one-time token and audit entry
 * commit with it): the member's role is given, changed or taken back (`null`) and their sessions
 * end. Checked inside the transaction, on the operators as it locked them: the caller is still
 * an operator (a change at the same moment may have taken that back: 403), the member exists
 * (404), and the console keeps at least one operator (400 naming `role`). The same role again
 * changes nothing and ends no session.
 */
export async function changeRole(trx: Transaction<Database>, actor: Staff, userId: number, role: StaffRole | null, now: number): Change<StaffRoleChanged> {
  const operators = await lockedOperators(trx);
  if (!operators.includes(actor.userId)) throw new AppError(403, ErrorCode.FORBIDDEN);
  const member = await trx.selectFrom('users').select('id').where('id', '=', userId).where('withdrawn_at', 'is', null).executeTakeFirst();
  if (!member) throw notFound('member');
  const before = (await trx.selectFrom('staff_roles').select('role').where('user_id', '=', userId).executeTakeFirst())?.role ?? null;
  if (before === role) return { body: { userId, role, changed: false }, audit: [] };
  if (before === 'operator' && operators.length <= 1) throw badRequest('role', 'would leave the console without an operator: make another member operator first');
  await setRoleIn(trx, userId, role, now);
  return {
    body: { userId, role, changed: true },
    audit: [{ action: 'staff.role', subject: `user:${userId}`, before: { role: before }, after: { role } }],
  };
}

/** The member's id for `email` (not withdrawn), or 400 naming `email`. */
export async function memberByEmail(trx: Transaction<Database>, email: string): Promise<number> {
  const row = await trx.selectFrom('users').select('id').where('email', '=', email.toLowerCase()).where('withdrawn_at', 'is', null).executeTakeFirst();
  if (!row) throw badRequest('email', 'names no member of the store');
  return row.id;
}

/** The staff member's own passkeys, oldest first, and whether a TOTP authenticator stands beside them. */
export async function listPasskeys(db: Kysely<Database>, userId: number): Promise<PasskeyList> {
  const [passkeys, totp] = await Promise.all([
    db.selectFrom('staff_passkeys').select(['id', 'name', 'created_at', 'last_used_at']).where('user_id', '=', userId).orderBy('id').execute(),
    db.selectFrom('staff_totp').select('confirmed_at').where('user_id', '=', userId).executeTakeFirst(),
  ]);
  return {
    passkeys: passkeys.map((p) => ({ id: p.id, name: p.name, createdAt: Number(p.created_at), lastUsedAt: p.last_used_at === null ? null : Number(p.last_used_at) })),
    totp: totp?.confirmed_at != null,
  };
}

/**
 * Removes one of the staff member's own passkeys, unless it is their last second factor (no TOTP
 * authenticator beside it): every staff role needs one before the console opens, so that would
 * lock them out (400 naming `id`). The member's row is locked first on PostgreSQL, so two
 * removals at once cannot both see the other passkey still there.
 */
export async function removePasskey(trx: Transaction<Database>, userId: number, passkeyId: number): Change<{ removed: number }> {
  if (isPostgres(trx)) await trx.selectFrom('users').select('id').where('id', '=', userId).forUpdate().execute();
  const passkeys = await trx.selectFrom('staff_passkeys').select(['id', 'name']).where('user_id', '=', userId).execute();
  const passkey = passkeys.find((p) => p.id === passkeyId);
  if (!passkey) throw notFound('passkey');
  const totp = await trx.selectFrom('staff_totp').select('confirmed_at').where('user_id', '=', userId).executeTakeFirst();
  if (totp?.confirmed_at == null && passkeys.length <= 1) throw badRequest('id', 'is the last second factor of this staff member: register another passkey first');
  await trx.deleteFrom('staff_passkeys').where('id', '=', passkeyId).execute();
  return {
    body: { removed: passkeyId },
    audit: [{ action: 'staff.passkey.remove', subject: `user:${userId}`, before: { passkey: passkey.name ?? `#${passkey.id}` } }],
  };
}
