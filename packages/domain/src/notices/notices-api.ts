/**
 * Request schemas of my list and new-release notices (§3 Newly notice setting, Notification settings; §4 my list
 * toggle; §5 wish add/delete need titleId and token, lists need offset and limit; §7 "Wish
 * list", "Mission and newly", `/user/notification_settings/v2`, `/user/get_notice_count`).
 */
import { z } from 'zod';
import { rowId } from '../common/ids';
import { idParam } from '../catalog/books-api';
import { flagParam, tokenParam } from '../reviews/reviews-api';

const requiredOffset = z.coerce.number({ message: 'is required' }).int().min(0);
const requiredLimit = z.coerce.number({ message: 'is required' }).int().min(1).max(100);

export const WishInput = z.object({ token: tokenParam, title_id: idParam, is_silent: flagParam.optional().default(false) });
export const WishBulkDeleteQuery = z.object({ token: tokenParam });
/** `deleteWishTitleBody` of §5: the titles to take off the list. */
export const WishBulkDeleteBody = z.object(
  { titleIds: z.array(z.number().int().min(0)).min(1, 'must list at least one title').max(100) },
  { message: 'is required' },
);
export const WishListQuery = z.object({ offset: requiredOffset, limit: requiredLimit });

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
});

