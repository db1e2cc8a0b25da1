import type { StaffRole } from '@hondana/domain/admin/admin-api';
import type { PasskeyList, StaffMemberView, StaffRoleChanged } from '@hondana/domain/admin/admin-staff-api';
import { AppError, ErrorCode, badRequest, notFound } from '@hondana/domain/common/errors';
import type { Transaction } from 'kysely';
import type { Database, Db } from '../../db/schema';
import type { Staff } from './admin-guard';
import type { AuditEntry } from './audit.repository';
import * as repo from './staff.repository';

type Change<T> = Promise<{ body: T; audit: AuditEntry[] }>;

/** The console's staff, operators first, then by e-mail: their role, since when, and whether a second factor is enrolled. */
export async function listStaff(db: Db): Promise<StaffMemberView[]> {
  const rows = await repo.staffRows(db);
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
 * A role change by an operator, in the console's transaction (its one-time token and audit entry
 * commit with it): the member's role is given, changed or taken back (`null`) and their sessions
 * end. Checked inside the transaction, on the operators as it locked them: the caller is still
 * an operator (a change at the same moment may have taken that back: 403), the member exists
 * (404), and the console keeps at least one operator (400 naming `role`). The same role again
 * changes nothing and ends no session.
 */
export async function changeRole(
  trx: Transaction<Database>,
  actor: Staff,
  userId: number,
  role: StaffRole | null,
  now: number,
): Change<StaffRoleChanged> {
  // The operators as the transaction locked them (repo.lockedOperators): of two changes at once the second counts what the first left.
  const operators = await repo.lockedOperators(trx);
  if (!operators.includes(actor.userId)) throw new AppError(403, ErrorCode.FORBIDDEN);
  if (!(await repo.isMember(trx, userId))) throw notFound('member');
  const before = await repo.findRole(trx, userId);
  if (before === role) return { body: { userId, role, changed: false }, audit: [] };
  if (before === 'operator' && operators.length <= 1)
    throw badRequest('role', 'would leave the console without an operator: make another member operator first');
  await repo.setRoleIn(trx, userId, role, now);
  return {
    body: { userId, role, changed: true },
    audit: [{ action: 'staff.role', subject: `user:${userId}`, before: { role: before }, after: { role } }],
  };
}

/** The member's id for `email` (not withdrawn), or 400 naming `email`. */
export async function memberByEmail(trx: Transaction<Database>, email: string): Promise<number> {
  const id = await repo.userIdByEmail(trx, email);
  if (id === null) throw badRequest('email', 'names no member of the store');
  return id;
}

/** The staff member's own passkeys, oldest first, and whether a TOTP authenticator stands beside them. */
export async function listPasskeys(db: Db, userId: number): Promise<PasskeyList> {
  const [passkeys, totp] = await Promise.all([repo.passkeysOf(db, userId), repo.hasConfirmedTotp(db, userId)]);
  return {
    passkeys: passkeys.map((p) => ({
      id: p.id,
      name: p.name,
      createdAt: Number(p.created_at),
      lastUsedAt: p.last_used_at === null ? null : Number(p.last_used_at),
    })),
    totp,
  };
}

/**
 * Removes one of the staff member's own passkeys, unless it is their last second factor (no TOTP
 * authenticator beside it): every staff role needs one before the console opens, so that would
 * lock them out (400 naming `id`). The member's row is locked first on PostgreSQL, so two
 * removals at once cannot both see the other passkey still there.
 */
export async function removePasskey(trx: Transaction<Database>, userId: number, passkeyId: number): Change<{ removed: number }> {
  await repo.lockMember(trx, userId);
  const passkeys = await repo.passkeysOf(trx, userId);
  const passkey = passkeys.find((p) => p.id === passkeyId);
  if (!passkey) throw notFound('passkey');
  if (!(await repo.hasConfirmedTotp(trx, userId)) && passkeys.length <= 1)
    throw badRequest('id', 'is the last second factor of this staff member: register another passkey first');
  await repo.deletePasskey(trx, passkeyId);
  return {
    body: { removed: passkeyId },
    audit: [{ action: 'staff.passkey.remove', subject: `user:${userId}`, before: { passkey: passkey.name ?? `#${passkey.id}` } }],
  };
}
