import type { EmailChangeBody, EmailConfirmResponse } from '@hondana/domain/accounts/account-settings-api';
import { AppError, ErrorCode, unauthorized } from '@hondana/domain/common/errors';
import type { Transaction } from 'kysely';
import type { Database, Db } from '../../db/schema';
import { enqueueMail } from '../mail/outbox';
import { digest } from '../tokens/secrets';
import { newLink, useLink } from './account-links';
import * as users from './accounts.repository';
import { verifyPassword } from './passwords';

const alreadyRegistered = () => new AppError(400, ErrorCode.EMAIL_ALREADY_REGISTERED, ['email: このメールアドレスは登録済みです']);

/** The signup address's confirmation link, mailed in the caller's transaction (signup, or asked again). */
export async function mailEmailConfirmation(
  trx: Transaction<Database>,
  user: { id: number; email: string; nickname: string },
  now: number,
): Promise<void> {
  const link = await newLink(trx, { userId: user.id, purpose: 'EMAIL_CONFIRM', email: user.email, now });
  await enqueueMail(
    trx,
    {
      kind: 'EMAIL_CONFIRM',
      key: `email-confirm:${digest(link.path)}`,
      to: user.email,
      userId: user.id,
      data: { nickname: user.nickname, link: link.path, expiresAt: link.expiresAt },
    },
    now,
  );
}

/** `POST /user/email/confirmation`: the confirmation mail again (a member whose address is not confirmed yet). */
export async function resendEmailConfirmation(db: Db, userId: number, now: number): Promise<{ sent: boolean }> {
  const user = await users.findUserById(db, userId);
  if (!user) throw unauthorized();
  if (user.email_confirmed_at !== null) return { sent: false };
  await db.transaction().execute((trx) => mailEmailConfirmation(trx, user, now));
  return { sent: true };
}

/**
 * `POST /user/email`: with the current password, a link to the new address; the address changes
 * only when that link is opened (`confirmEmailLink`). An address another member has is refused.
 */
export async function requestEmailChange(db: Db, userId: number, body: EmailChangeBody, now: number): Promise<{ pendingEmail: string }> {
  const user = await users.findUserById(db, userId);
  if (!user || !(await verifyPassword(user.password_hash, body.password))) {
    throw new AppError(400, ErrorCode.INVALID_CREDENTIALS, ['password: パスワードが正しくありません']);
  }
  if (body.email === user.email) throw new AppError(400, ErrorCode.BAD_REQUEST, ['email: 現在のメールアドレスと同じです']);
  if (await users.emailTaken(db, body.email)) throw alreadyRegistered();
  await db.transaction().execute(async (trx) => {
    const link = await newLink(trx, { userId, purpose: 'EMAIL_CHANGE', email: body.email, now });
    await enqueueMail(
      trx,
      {
        kind: 'EMAIL_CHANGE_CONFIRM',
        key: `email-change:${digest(link.path)}`,
        to: body.email,
        userId,
        data: { nickname: user.nickname, link: link.path, expiresAt: link.expiresAt, newEmail: body.email },
      },
      now,
    );
  });
  return { pendingEmail: body.email };
}

/**
 * `GET /user/email/confirm?token=`: a signup link confirms the address it was sent to (if it is
 * still the member's); a change link makes its address the member's, confirmed, and tells the
 * old address. Each link works once; no session is needed (the link may be opened on another device).
 */
export async function confirmEmailLink(db: Db, token: string, now: number): Promise<EmailConfirmResponse> {
  return db.transaction().execute(async (trx) => {
    const link = await useLink(trx, token, ['EMAIL_CONFIRM', 'EMAIL_CHANGE'], now);
    const purpose = link.purpose === 'EMAIL_CHANGE' ? 'EMAIL_CHANGE' : 'EMAIL_CONFIRM';
    if (purpose === 'EMAIL_CONFIRM') {
      await users.confirmEmail(trx, link.user_id, link.email, now);
      return { result: 'OK' as const, purpose, email: link.email };
    }
    const before = await users.findUserById(trx, link.user_id);
    if (!before) throw unauthorized();
    const changed = await users.changeEmail(trx, link.user_id, link.email, now);
    if (changed === null) throw alreadyRegistered();
    await enqueueMail(
      trx,
      {
        kind: 'EMAIL_CHANGED',
        key: `email-changed:${link.user_id}:${now}`,
        to: before.email,
        userId: link.user_id,
        data: { nickname: before.nickname, newEmail: link.email, at: now },
      },
      now,
    );
    return { result: 'OK' as const, purpose, email: link.email };
  });
}
