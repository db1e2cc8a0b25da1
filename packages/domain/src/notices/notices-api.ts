/**
 * Request and response schemas of my list and new-release notices (§3 Newly notice setting, Notification settings; §4 my list
 * toggle; §5 wish add/delete need titleId and token, lists need offset and limit; §7 "Wish
 * list", "Mission and newly", `/user/notification_settings/v2`, `/user/get_notice_count`).
 */
import { z } from 'zod';
import { rowId } from '../common/ids';
import { acParam, flagParam, idParam, tokenParam } from '../common/params';
import { OkStatus } from '../common/responses';
import { newlyReasons } from './notices';

const requiredOffset = z.coerce.number({ message: 'is required' }).int().min(0);
const requiredLimit = z.coerce.number({ message: 'is required' }).int().min(1).max(100);

export const WishInput = z.object({ token: tokenParam, title_id: idParam, is_silent: flagParam.optional().default(false) });
export const WishBulkDeleteQuery = z.object({ token: tokenParam });
/** `deleteWishTitleBody` of §5: the titles to take off the list. */
export const WishBulkDeleteBody = z.object(
  { titleIds: z.array(z.number().int().min(0)).min(1, 'must list at least one title').max(100) },
  { message: 'is required' },
);
/** The same body wrapped as §5 names it (`{ deleteWishTitleBody: { titleIds } }`), which clients may send too. */
export const WishBulkDeleteWrapped = z.object({ deleteWishTitleBody: WishBulkDeleteBody });
/** `ac=1` (a verified adult) lists R18 titles too; without it they are left out (§6). */
export const WishListQuery = z.object({ offset: requiredOffset, limit: requiredLimit, ac: acParam });

const noticeType = z
  .string({ message: 'is required' })
  .transform((v) => v.toLowerCase())
  .pipe(z.enum(['title', 'author'], { message: 'must be title or author' }));

export const NewlyNoticePath = z.object({ title_id: idParam });
/** POST /newly/newly_notices/{title_id}: token, status (0/1), type (title or author). */
export const NewlyNoticeInput = z.object({ token: tokenParam, status: flagParam, type: noticeType });
/** GET /newly/update_newly_notice: the viewer's "notify me of the next volume" after the last page. */
export const UpdateNewlyNoticeQuery = z.object({ book_id: idParam, status: flagParam, type: noticeType.optional().default('title') });
export const NewlyMessagesQuery = z.object({
  offset: z.coerce.number().int().min(0).default(0),
  limit: z.coerce.number().int().min(1).max(100).default(20),
  /** §6: the messages of R18 volumes only with `ac=1` for a verified adult. */
  ac: acParam,
});
export const NewlyDisplayInput = z.object({
  newlyMessageIds: z.array(rowId).min(1, 'must list at least one id').max(100),
  display: flagParam.optional().default(true),
});
/** `/newly/get_newly_notice`: the member's follows, optionally of one type. */
export const NewlyNoticesQuery = z.object({
  offset: z.coerce.number().int().min(0).default(0),
  limit: z.coerce.number().int().min(1).max(100).default(20),
  type: noticeType.optional(),
});
export const DeleteNewlyInput = z.object({ id: idParam, token: tokenParam });

/** §3 Notification settings; LINE is simulated as one more channel. */
export const NotificationSettingsBody = z.object({
  linePushEnabled: z.boolean({ message: 'must be true or false' }),
  appPushEnabled: z.boolean({ message: 'must be true or false' }),
  amebaNotificationEnabled: z.boolean({ message: 'must be true or false' }),
  /** Notice mails (new volumes); left as it is when not sent. */
  mailNotificationEnabled: z.boolean({ message: 'must be true or false' }).optional(),
});

const flag = z.union([z.literal(0), z.literal(1)]);

/** §3 Newly notice setting: following the title, and its authors (1 on, 0 off). */
export const NewlyNoticeSetting = z.object({ titleStatus: flag, authorStatus: flag });
export type NewlyNoticeSetting = z.infer<typeof NewlyNoticeSetting>;

/** `GET /newly/update_newly_notice`: the setting of the book's title after the change. */
export const UpdateNewlyNoticeResponse = NewlyNoticeSetting.extend({ titleId: z.number() });
export type UpdateNewlyNoticeResponse = z.infer<typeof UpdateNewlyNoticeResponse>;

/** §3 Notification settings; LINE is simulated as one more channel. */
export const NotificationSettings = z.object({
  linePushEnabled: z.boolean(),
  appPushEnabled: z.boolean(),
  amebaNotificationEnabled: z.boolean(),
  /** Notice mails: a new volume of a wished or followed title (each mail's unsubscribe link turns it off). */
  mailNotificationEnabled: z.boolean(),
});
export type NotificationSettings = z.infer<typeof NotificationSettings>;

export const NewlyMessage = z.object({
  id: z.number(),
  bookId: z.number(),
  titleId: z.number(),
  titleName: z.string(),
  vol: z.number(),
  imageUrl: z.string(),
  reason: z.enum(newlyReasons),
  releaseDatetime: z.number(),
  displayed: z.boolean(),
});
export type NewlyMessage = z.infer<typeof NewlyMessage>;

/** `GET /newly/get_newly_message` and `/newly/books`: a page of the member's messages and their counts. */
export const NewlyMessagesResponse = z.object({ totalCount: z.number(), unreadCount: z.number(), newlyMessages: z.array(NewlyMessage) });
export type NewlyMessagesResponse = z.infer<typeof NewlyMessagesResponse>;

/** `GET /newly/get_newly_notice`: a page of the member's follows. */
export const NewlyNoticesResponse = z.object({
  totalCount: z.number(),
  newlyNotices: z.array(z.object({ titleId: z.number(), titleName: z.string(), titleStatus: flag, authorStatus: flag })),
});
export type NewlyNoticesResponse = z.infer<typeof NewlyNoticesResponse>;

/** `POST /newly/books/display`: how many messages changed. */
export const NewlyDisplayResponse = z.object({ updatedCount: z.number() });
export type NewlyDisplayResponse = z.infer<typeof NewlyDisplayResponse>;

/** `GET /newly/delete_newly_notice`: the message deleted. */
export const DeleteNewlyResponse = z.object({ result: z.literal('OK'), id: z.number() });
export type DeleteNewlyResponse = z.infer<typeof DeleteNewlyResponse>;

export const WishTitle = z.object({
  titleId: z.number(),
  name: z.string(),
  imageUrl: z.string().nullable(),
  wishedAt: z.number(),
  newestBook: z.object({ bookId: z.number(), vol: z.number(), startDatetime: z.number(), imageUrl: z.string() }).nullable(),
});
export type WishTitle = z.infer<typeof WishTitle>;

/** `GET /wish_title/list`: a page of the member's list, newest first. */
export const WishListResponse = z.object({ totalCount: z.number(), titles: z.array(WishTitle) });
export type WishListResponse = z.infer<typeof WishListResponse>;

/** A title put on or taken off the list, with its wish count after. */
export const WishChange = z.object({ titleId: z.number(), wished: z.boolean(), wishCount: z.number() });
export type WishChange = z.infer<typeof WishChange>;

/** `POST /wish_title/add` and `/delete`: the change, and whether the page should not announce it. */
export const WishResponse = z.object({ status: OkStatus, result: WishChange.extend({ silent: z.boolean() }) });
export type WishResponse = z.infer<typeof WishResponse>;

export const WishesDeleted = z.object({ deletedCount: z.number() });
export type WishesDeleted = z.infer<typeof WishesDeleted>;

/** `DELETE /wish_title/titles`: how many titles left the list. */
export const WishBulkDeleteResponse = z.object({ status: OkStatus, result: WishesDeleted });
export type WishBulkDeleteResponse = z.infer<typeof WishBulkDeleteResponse>;

/** The header's unread badge: undisplayed newly messages plus unread review notices. */
/**
 * `GET /user/get_notice_count` (§7 start_datetime, device_type): with `start_datetime` (epoch
 * milliseconds or an ISO 8601 date-time) only the notices since then are counted. `device_type`
 * is §9's device (0 PC and smartphone, 1 smartphone, 2 PC); every notice of this store is for
 * every device, so it is checked and counts the same.
 */
export const NoticeCountQuery = z.object({
  start_datetime: z
    .string()
    .transform((v, ctx) => {
      const ms = /^\d{1,15}$/.test(v) ? Number(v) : Date.parse(v);
      if (!Number.isFinite(ms)) ctx.addIssue({ code: 'custom', message: 'must be epoch milliseconds or an ISO 8601 date-time' });
      return ms;
    })
    .optional(),
  device_type: z.enum(['0', '1', '2'], { message: 'must be 0, 1 or 2' }).optional(),
});
export const NoticeCount = z.object({ newlyCount: z.number(), reviewNoticeCount: z.number(), total: z.number() });
export type NoticeCount = z.infer<typeof NoticeCount>;
