import { EMAIL_CONFIRM_TTL_MS, PASSWORD_RESET_TTL_MS } from '@hondana/domain/accounts/account-settings';
import { AppError, ErrorCode } from '@hondana/domain/common/errors';
import type { Transaction } from 'kysely';
import type { Database } from '../../db/schema';
import { digest, newSecret } from '../tokens/secrets';
import { type LinkPurpose, consumeLink, insertLink, voidLinks } from './account-links.repository';

/** The store's page each kind of mailed link opens (the mail adds the store's address). */
const PAGES: Record<LinkPurpose, string> = {
  EMAIL_CONFIRM: '/email/confirm',
  EMAIL_CHANGE: '/email/confirm',
  PASSWORD_RESET: '/password_reset/confirm',
};

const TTL: Record<LinkPurpose, number> = {
  EMAIL_CONFIRM: EMAIL_CONFIRM_TTL_MS,
  EMAIL_CHANGE: EMAIL_CONFIRM_TTL_MS,
  PASSWORD_RESET: PASSWORD_RESET_TTL_MS,
};

interface NewLink {
  /** The page and token to put in the mail: `/password_reset/confirm?token=…`. */
  path: string;
  expiresAt: number;
}

/**
 * A single-use link for the member, in the caller's transaction: 32 random bytes, stored only as
 * a digest. A new link of a purpose voids the member's earlier unused ones of that purpose.
 */
export async function newLink(
  trx: Transaction<Database>,
  link: { userId: number; purpose: LinkPurpose; email: string; now: number },
): Promise<NewLink> {
  const token = newSecret();
  const expiresAt = link.now + TTL[link.purpose];
  await voidLinks(trx, link.userId, [link.purpose], link.now);
  await insertLink(trx, {
    token_hash: digest(token),
    user_id: link.userId,
    purpose: link.purpose,
    email: link.email,
    created_at: link.now,
    expires_at: expiresAt,
  });
  return { path: `${PAGES[link.purpose]}?token=${token}`, expiresAt };
}

/** 400 INVALID_TOKEN: the link was used, expired, voided or never made (one answer for all). */
const invalidLink = () => new AppError(400, ErrorCode.INVALID_TOKEN, ['token: このリンクは無効か、有効期限が切れています']);

/** Uses the link once, or refuses it. */
export async function useLink(trx: Transaction<Database>, token: string, purposes: readonly LinkPurpose[], now: number) {
  const used = await consumeLink(trx, { tokenHash: digest(token), purposes, now });
  if (!used) throw invalidLink();
  return used;
}
