import { DEFAULT_NOTIFICATION_SETTINGS } from '@hondana/domain/notices/notices';
import type { NotificationSettings } from '@hondana/domain/notices/notices-api';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema';
import * as repo from './notification-settings.repository';

type Db = Kysely<Database> | Transaction<Database>;

/** §3 Notification settings of a member; the defaults until they save their own. */
export async function getNotificationSettings(db: Db, userId: number): Promise<NotificationSettings> {
  const row = await repo.findNotificationSettings(db, userId);
  if (!row) return { ...DEFAULT_NOTIFICATION_SETTINGS };
  return {
    linePushEnabled: row.line_push_enabled === 1,
    appPushEnabled: row.app_push_enabled === 1,
    amebaNotificationEnabled: row.ameba_notification_enabled === 1,
  };
}

export async function saveNotificationSettings(db: Db, userId: number, settings: NotificationSettings, now: number): Promise<NotificationSettings> {
  const values = {
    line_push_enabled: settings.linePushEnabled ? 1 : 0,
    app_push_enabled: settings.appPushEnabled ? 1 : 0,
    ameba_notification_enabled: settings.amebaNotificationEnabled ? 1 : 0,
    updated_at: now,
  } as const;
  await repo.upsertNotificationSettings(db, userId, values);
  return getNotificationSettings(db, userId);
}
