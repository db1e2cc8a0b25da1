import { DEFAULT_NOTIFICATION_SETTINGS } from '@hondana/domain/notices/notices';
import type { NotificationSettings } from '@hondana/domain/notices/notices-api';
import type { Db } from '../../db/schema';
import * as repo from './notification-settings.repository';

/** §3 Notification settings of a member; the defaults until they save their own. */
export async function getNotificationSettings(db: Db, userId: number): Promise<NotificationSettings> {
  const row = await repo.findNotificationSettings(db, userId);
  if (!row) return { ...DEFAULT_NOTIFICATION_SETTINGS };
  return {
    linePushEnabled: row.line_push_enabled === 1,
    appPushEnabled: row.app_push_enabled === 1,
    amebaNotificationEnabled: row.ameba_notification_enabled === 1,
    mailNotificationEnabled: row.mail_notification_enabled === 1,
  };
}

/** Saves the switches; one left out (`mailNotificationEnabled` of an older client) keeps its value. */
export async function saveNotificationSettings(
  db: Db,
  userId: number,
  settings: Omit<NotificationSettings, 'mailNotificationEnabled'> & { mailNotificationEnabled?: boolean | undefined },
  now: number,
): Promise<NotificationSettings> {
  const current = settings.mailNotificationEnabled === undefined ? await getNotificationSettings(db, userId) : null;
  const mail = settings.mailNotificationEnabled ?? current!.mailNotificationEnabled;
  const values = {
    line_push_enabled: settings.linePushEnabled ? 1 : 0,
    app_push_enabled: settings.appPushEnabled ? 1 : 0,
    ameba_notification_enabled: settings.amebaNotificationEnabled ? 1 : 0,
    mail_notification_enabled: mail ? 1 : 0,
    updated_at: now,
  } as const;
  await repo.upsertNotificationSettings(db, userId, values);
  return getNotificationSettings(db, userId);
}

/** The notices area's public step for the mail area: whether the member takes notice mails (the unsubscribe link turns it off). */
export async function mailNoticesEnabled(db: Db, userId: number): Promise<boolean> {
  return (await getNotificationSettings(db, userId)).mailNotificationEnabled;
}

/** The unsubscribe link: notice mails off, the other switches as they were. */
export async function turnMailNoticesOff(db: Db, userId: number, now: number): Promise<NotificationSettings> {
  const current = await getNotificationSettings(db, userId);
  return saveNotificationSettings(db, userId, { ...current, mailNotificationEnabled: false }, now);
}
