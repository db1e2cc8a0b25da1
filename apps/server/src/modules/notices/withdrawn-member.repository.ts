import type { Transaction } from 'kysely';
import type { Database } from '../../db/schema';

/** The member's my list, follows, new-release messages and notification settings are gone. */
export async function deleteNoticesOf(trx: Transaction<Database>, userId: number): Promise<void> {
  for (const table of ['wish_titles', 'newly_notice_settings', 'newly_messages', 'notification_settings'] as const) {
    await trx.deleteFrom(table).where('user_id', '=', userId).execute();
  }
}
