import type { Transaction } from 'kysely';
import type { Database } from '../../db/schema';

/** Every review of the member shows `nickname` as its author. */
export async function renameReviewsOf(trx: Transaction<Database>, userId: number, nickname: string): Promise<void> {
  await trx.updateTable('reviews').set({ nickname }).where('user_id', '=', userId).execute();
}
