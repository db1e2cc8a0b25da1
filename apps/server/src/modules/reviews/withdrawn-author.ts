import { WITHDRAWN_NICKNAME } from '@hondana/domain/accounts/account-settings';
import type { Transaction } from 'kysely';
import type { Database } from '../../db/schema';
import { renameReviewsOf } from './withdrawn-author.repository';

/**
 * Withdrawal's step in reviews (passed to accounts by `app.ts`): the member's reviews stay for
 * other readers, their author shown as 退会したユーザー (comments and notices read the name from
 * the anonymised member row).
 */
export const anonymiseReviewsAtWithdrawal = (trx: Transaction<Database>, userId: number): Promise<void> =>
  renameReviewsOf(trx, userId, WITHDRAWN_NICKNAME);
