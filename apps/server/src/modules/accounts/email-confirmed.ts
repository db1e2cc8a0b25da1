import { AppError, ErrorCode } from '@hondana/domain/common/errors';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema';
import { emailConfirmedAt } from './accounts.repository';

/**
 * The accounts area's rule for paid purchases (issue 38): a member buys only once their address
 * is confirmed; before that they browse and read free books. The buy path reads the state as a
 * column of a statement it already runs (`emailConfirmedAtQuery`); the coin shop and the
 * subscriptions, which are not hot, ask `requireConfirmedEmail`.
 */
export { emailConfirmedAtQuery } from './accounts.repository';

/** 403 EMAIL_NOT_CONFIRMED, naming what to do. */
export const emailNotConfirmed = () =>
  new AppError(403, ErrorCode.EMAIL_NOT_CONFIRMED, [
    'email: メールアドレスの確認が済んでいません。お送りしたメールのリンクを開いてください',
  ]);

export async function requireConfirmedEmail(db: Kysely<Database> | Transaction<Database>, userId: number): Promise<void> {
  if ((await emailConfirmedAt(db, userId)) === null) throw emailNotConfirmed();
}
