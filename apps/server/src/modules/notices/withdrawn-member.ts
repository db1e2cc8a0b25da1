import type { Transaction } from 'kysely';
import type { Database } from '../../db/schema';
import { deleteNoticesOf } from './withdrawn-member.repository';

/** Withdrawal's step in notices (passed to accounts by `app.ts`): my list, follows and settings are personal data, dropped. */
export const dropNoticesAtWithdrawal = (trx: Transaction<Database>, userId: number): Promise<void> => deleteNoticesOf(trx, userId);
