import type { TableOwners } from './table-owners';
import type { Generated } from 'kysely';

/**
 * Tables of my list and new-release notices (spec §3 Newly notice setting, Notification
 * settings), created by migration 2026-11-22T0410-notices. Instants are epoch milliseconds.
 */
type Millis = number;
type Flag = 0 | 1;

export interface WishTitlesTable {
  user_id: number;
  title_id: number;
  created_at: Millis;
}

export interface NewlyNoticeSettingsTable {
  user_id: number;
  title_id: number;
  title_status: Flag;
  author_status: Flag;
  /** Volumes released after these instants (and by now) become newly messages. */
  title_since: Millis | null;
  author_since: Millis | null;
  updated_at: Millis;
}

export interface NewlyMessagesTable {
  id: Generated<number>;
  user_id: number;
  book_id: number;
  title_id: number;
  /** NewlyReason: TITLE or AUTHOR. */
  reason: string;
  /** The volume's release instant. */
  released_at: Millis;
  displayed_flg: Flag;
  /** Deleted messages stay as tombstones so that they are not materialised again. */
  deleted_at: Millis | null;
}

export interface NotificationSettingsTable {
  user_id: number;
  line_push_enabled: Flag;
  app_push_enabled: Flag;
  ameba_notification_enabled: Flag;
  /** Notice mails (new volumes): on until the member turns it off or unsubscribes. */
  mail_notification_enabled: Generated<Flag>;
  updated_at: Millis;
}

/** A serial episode whose release the new-episode push scan has announced (migration 2026-12-06T1500). */
export interface SerialEpisodeNoticesTable {
  episode_id: number;
  noticed_at: Millis;
}

export interface NoticesTables {
  wish_titles: WishTitlesTable;
  newly_notice_settings: NewlyNoticeSettingsTable;
  newly_messages: NewlyMessagesTable;
  notification_settings: NotificationSettingsTable;
  serial_episode_notices: SerialEpisodeNoticesTable;
}

/** The area that writes each table (issue 43: another area's repository only reads it, as a listed view). */
export const noticesTableOwners = {
  wish_titles: 'notices',
  newly_notice_settings: 'notices',
  newly_messages: 'notices',
  notification_settings: 'notices',
  serial_episode_notices: 'notices',
} as const satisfies TableOwners<NoticesTables>;
