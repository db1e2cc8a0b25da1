import type { PasswordChangeBody, PasswordResetConfirmBody } from '@hondana/domain/accounts/account-settings-api';
import { AppError, ErrorCode } from '@hondana/domain/common/errors';
import type { Db } from '../../db/schema';
import { enqueueMail } from '../mail/outbox';
import { digest } from '../tokens/secrets';
import { voidLinks } from './account-links.repository';
import { newLink, useLink } from './account-links';
import * as users from './accounts.repository';
import { hashPassword, verifyPassword } from './passwords';
import { deleteOtherSessions } from './sessions.repository';

/**
 * `POST /auth/password_reset`: mails a reset link when `email` is a member's, and does nothing
 * otherwise; the caller answers alike either way. The link is valid 30 minutes, once, and
 * voids the member's earlier reset links.
 */
export async function requestPasswordReset(db: Db, email: string, now: number): Promise<void> {
  const user = await users.findUserByEmail(db, email);
  if (!user || user.suspended_at !== null) return;
  await db.transaction().execute(async (trx) => {
    const link = await newLink(trx, { userId: user.id, purpose: 'PASSWORD_RESET', email: user.email, now });
    await enqueueMail(
      trx,
      {
        kind: 'PASSWORD_RESET',
        key: `password-reset:${digest(link.path)}`,
        to: user.email,
        userId: user.id,
        data: { nickname: user.nickname, link: link.path, expiresAt: link.expiresAt },
      },
      now,
    );
  });
}

/**
 * `POST /auth/password_reset/confirm`: the link's member gets the new password, every session
 * of theirs ends (whoever knew the old password is signed out), and they are told by mail.
 * Opening the link proved the address is theirs, so it counts as confirmed.
 */
export async function confirmPasswordReset(db: Db, body: PasswordResetConfirmBody, now: number): Promise<{ userId: number }> {
  const passwordHash = await hashPassword(body.password);
  return db.transaction().execute(async (trx) => {
    const link = await useLink(trx, body.token, ['PASSWORD_RESET'], now);
    await users.setPasswordHash(trx, link.user_id, passwordHash);
    await users.confirmEmail(trx, link.user_id, link.email, now);
    await deleteOtherSessions(trx, link.user_id, null);
    await voidLinks(trx, link.user_id, ['PASSWORD_RESET'], now);
    await passwordChangedMail(trx, link.user_id, 'RESET', now);
    return { userId: link.user_id };
  });
}

/**
 * `POST /user/password`: the current password, then the new one; the member's other sessions
 * end (this one stays), their reset links stop working, and they are told by mail.
 */
export async function changePassword(
  db: Db,
  userId: number,
  currentSessionHash: string,
  body: PasswordChangeBody,
  now: number,
): Promise<{ ended: number }> {
  const user = await users.findUserById(db, userId);
  if (!user || !(await verifyPassword(user.password_hash, body.current_password))) {
    throw new AppError(400, ErrorCode.INVALID_CREDENTIALS, ['current_password: パスワードが正しくありません']);
  }
  const passwordHash = await hashPassword(body.password);
  return db.transaction().execute(async (trx) => {
    await users.setPasswordHash(trx, userId, passwordHash);
    const ended = await deleteOtherSessions(trx, userId, currentSessionHash);
    await voidLinks(trx, userId, ['PASSWORD_RESET'], now);
    await passwordChangedMail(trx, userId, 'CHANGE', now);
    return { ended };
  });
}

const passwordChangedMail = (trx: Parameters<typeof enqueueMail>[0], userId: number, how: 'CHANGE' | 'RESET', now: number) =>
  enqueueMail(trx, { kind: 'PASSWORD_CHANGED', key: `password-changed:${userId}:${now}:${how}`, userId, data: { at: now, how } }, now);
