/**
 * Rules and shapes of my list and new-release notices shared by the server and the pages
 * (§3 Newly notice setting, Notification settings; §4 my list toggle). No zod here: the pages
 * import this module, and the request schemas (./notices) stay on the server.
 */
/** §4 "My list toggle: in the list means remove (becomes false); otherwise add (becomes true)". */
export const toggleWish = (inMyList: boolean): { action: 'add' | 'delete'; inMyList: boolean } =>
  inMyList ? { action: 'delete', inMyList: false } : { action: 'add', inMyList: true };

export const NewlyNoticeType = { TITLE: 'title', AUTHOR: 'author' } as const;
export type NewlyNoticeType = (typeof NewlyNoticeType)[keyof typeof NewlyNoticeType];

/** §3 Newly notice setting. */
export interface NewlyNoticeSetting {
  titleStatus: 0 | 1;
  authorStatus: 0 | 1;
}

/** §3 Notification settings; LINE is simulated as one more channel. */
export interface NotificationSettings {
  linePushEnabled: boolean;
  appPushEnabled: boolean;
  amebaNotificationEnabled: boolean;
}

export const DEFAULT_NOTIFICATION_SETTINGS: NotificationSettings = {
  linePushEnabled: false,
  appPushEnabled: true,
  amebaNotificationEnabled: true,
};

/** Why a member got a newly message: they follow the title, or one of its authors. */
export type NewlyReason = 'TITLE' | 'AUTHOR';

export interface NewlyMessage {
  id: number;
  bookId: number;
  titleId: number;
  titleName: string;
  vol: number;
  imageUrl: string;
  reason: NewlyReason;
  releaseDatetime: number;
  displayed: boolean;
}

export interface WishTitle {
  titleId: number;
  name: string;
  imageUrl: string | null;
  wishedAt: number;
  newestBook: { bookId: number; vol: number; startDatetime: number; imageUrl: string } | null;
}

/** The header's unread badge: undisplayed newly messages plus unread review notices. */
export interface NoticeCount {
  newlyCount: number;
  reviewNoticeCount: number;
  total: number;
}

/** "99+" above 99, nothing at 0. */
export const badgeLabel = (count: number): string => (count <= 0 ? '' : count > 99 ? '99+' : String(count));
