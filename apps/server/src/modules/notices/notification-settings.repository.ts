import type { Db } from '../../db/schema';

export function findNotificationSettings(db: Db, userId: number) {
  return db.selectFrom('notification_settings').selectAll().where('user_id', '=', userId).executeTakeFirst();
}

export async function upsertNotificationSettings(
  db: Db,
  userId: number,
  values: {
    line_push_enabled: 0 | 1;
    app_push_enabled: 0 | 1;
    ameba_notification_enabled: 0 | 1;
    mail_notification_enabled: 0 | 1;
    updated_at: number;
  },
): Promise<void> {
  await db
    .insertInto('notification_settings')
    .values({ user_id: userId, ...values })
    .onConflict((oc) => oc.column('user_id').doUpdateSet(values))
    .execute();
}
