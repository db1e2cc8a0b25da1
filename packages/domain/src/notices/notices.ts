/**
 * Rules and shapes of my list and new-release notices shared by the server and the pages
 * (§3 Newly notice setting, Notification settings; §4 my list toggle). No zod here: the pages
 * import this module; the request and response schemas are in `notices-api.ts`.
 */
/** §4 "My list toggle: in the list means remove (becomes false); otherwise add (becomes true)". */
export const toggleWish = (inMyList: boolean): { action: 'add' | 'delete'; inMyList: boolean } =>
  inMyList ? { action: 'delete', inMyList: false } : { action: 'add', inMyList: true };

// The shapes the calls answer with are zod schemas in `notices-api.ts`; their types are
// re-exported here (types only, so a page importing this module does not ship zod).
export type { NewlyMessage, NewlyNoticeSetting, NoticeCount, NotificationSettings, WishTitle } from './notices-api';
import type { NotificationSettings } from './notices-api';

export const NewlyNoticeType = { TITLE: 'title', AUTHOR: 'author' } as const;
export type NewlyNoticeType = (typeof NewlyNoticeType)[keyof typeof NewlyNoticeType];

export const DEFAULT_NOTIFICATION_SETTINGS: NotificationSettings = {
  linePushEnabled: false,
  appPushEnabled: true,
  amebaNotificationEnabled: true,
  mailNotificationEnabled: true,
};

/** Why a member got a newly message: they follow the title, or one of its authors. */
export const newlyReasons = ['TITLE', 'AUTHOR'] as const;
export type NewlyReason = (typeof newlyReasons)[number];

/** "99+" above 99, nothing at 0. */
export const badgeLabel = (count: number): string => (count <= 0 ? '' : count > 99 ? '99+' : String(count));
