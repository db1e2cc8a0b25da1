/**
 * Request schemas of reviews (§3 Review, Review comment, Review notice, Rating summary; §5 required
 * fields; §7 "Reviews"; §8 report reasons; §9 review page size 10). Requests accept their
 * parameters from the query string or the form body; a missing one is a 400 naming it.
 */
import { z } from 'zod';
import { idParam, limitParam, offsetParam } from '../catalog/books-api';
import {
  COMMENT_BODY_MAX_LENGTH,
  REVIEW_BODY_MAX_LENGTH,
  REVIEW_NICKNAME_MAX_LENGTH,
  REVIEW_PAGE_SIZE,
  REVIEW_TITLE_MAX_LENGTH,
  REVIEW_WARNING_CODES,
  ReviewNoticeType,
  type ReviewWarningCode,
  STAR_MAX,
  STAR_MIN,
} from './reviews';

/** A 0/1 flag as forms send it ('0', '1', 'true', 'false'). */
export const flagParam = z
  .union([z.enum(['0', '1', 'true', 'false'], { message: 'must be 0 or 1' }), z.boolean(), z.literal(0), z.literal(1)])
  .transform((v) => v === '1' || v === 'true' || v === true || v === 1);

export const tokenParam = z.string({ message: 'is required' }).min(1, 'is required').max(200);

/** Trimmed text that must not be blank, at most `max` characters. */
const text = (max: number) =>
  z
    .string({ message: 'is required' })
    .transform((v) => v.trim())
    .pipe(z.string().min(1, 'is required').max(max, `must be at most ${max} characters`));

const star = z.coerce
  .number({ message: 'must be a number from 1 to 5' })
  .int('must be a number from 1 to 5')
  .min(STAR_MIN, 'must be a number from 1 to 5')
  .max(STAR_MAX, 'must be a number from 1 to 5');
const optionalTitle = z
  .string()
  .max(REVIEW_TITLE_MAX_LENGTH, `must be at most ${REVIEW_TITLE_MAX_LENGTH} characters`)
  .transform((v) => v.trim())
  .optional()
  .default('');

/** §5 review add: token, titleId, star, comment, nickname, ameba, spoiler. */
export const AddReviewInput = z.object({
  token: tokenParam,
  title_id: idParam,
  book_id: idParam.optional(),
  star,
  title: optionalTitle,
  comment: text(REVIEW_BODY_MAX_LENGTH),
  nickname: text(REVIEW_NICKNAME_MAX_LENGTH),
  ameba: flagParam,
  spoiler: flagParam,
  comment_reject: flagParam.optional().default(false),
});
export type AddReviewInput = z.infer<typeof AddReviewInput>;

/** §5 review modify: token, reviewId, titleId, star, comment, nickname, spoiler. */
export const ModReviewInput = z.object({
  token: tokenParam,
  review_id: idParam,
  title_id: idParam,
  star,
  title: optionalTitle,
  comment: text(REVIEW_BODY_MAX_LENGTH),
  nickname: text(REVIEW_NICKNAME_MAX_LENGTH),
  spoiler: flagParam,
  comment_reject: flagParam.optional().default(false),
});
export type ModReviewInput = z.infer<typeof ModReviewInput>;

/** §5 delete review: token, reviewId; `undo_flg=1` restores a deleted review. */
export const DelReviewInput = z.object({ token: tokenParam, review_id: idParam, undo_flg: flagParam.optional().default(false) });
/** §5 comment add: token, reviewId, body. */
export const AddCommentInput = z.object({ token: tokenParam, review_id: idParam, body: text(COMMENT_BODY_MAX_LENGTH) });
/** §5 comment modify: token, commentId, body. */
export const ModCommentInput = z.object({ token: tokenParam, comment_id: idParam, body: text(COMMENT_BODY_MAX_LENGTH) });
/** §5 delete comment: token, commentId; `undo_flg=1` restores it. */
export const DelCommentInput = z.object({ token: tokenParam, comment_id: idParam, undo_flg: flagParam.optional().default(false) });
export const LikeInput = z.object({ token: tokenParam, review_id: idParam });

const warningCode = z.enum(REVIEW_WARNING_CODES as [ReviewWarningCode, ...ReviewWarningCode[]], {
  message: `must be one of ${REVIEW_WARNING_CODES.join(', ')}`,
});
/** §5 report review: token, reviewId, warningCode. */
export const ReviewWarningInput = z.object({ token: tokenParam, review_id: idParam, warning_code: warningCode });
/** §5 report comment: token, commentId, warningCode. */
export const CommentWarningInput = z.object({ token: tokenParam, comment_id: idParam, warning_code: warningCode });

const sortParam = z.enum(['popular', 'new', 'title_review'], { message: 'must be popular, new or title_review' }).default('popular');
export const TitleReviewsQuery = z.object({
  title_id: idParam,
  sort: sortParam,
  offset: offsetParam,
  limit: limitParam(REVIEW_PAGE_SIZE),
});
/** §5: review and comment lists need offset and limit. */
const requiredOffset = z.coerce.number({ message: 'is required' }).int().min(0);
const requiredLimit = z.coerce.number({ message: 'is required' }).int().min(1).max(100);
export const PageQuery = z.object({ offset: requiredOffset, limit: requiredLimit });
export const CommentsQuery = z.object({ review_id: idParam, offset: requiredOffset, limit: requiredLimit });
export const ReviewIdQuery = z.object({ review_id: idParam });
/** `/reviews/by_book` and `/reviews/me/by_book` (an existence check asks offset 0, limit 1). */
export const ByBookQuery = z.object({ book_id: idParam, offset: offsetParam, limit: limitParam(REVIEW_PAGE_SIZE) });


/** `GET /author_reviews/{author_id}`: reviews of the author's titles, newest (or most liked) first. */
export const AuthorIdPath = z.object({ author_id: idParam });
export const AuthorReviewsQuery = z.object({
  sort: z.enum(['popular', 'new'], { message: 'must be popular or new' }).default('new'),
  offset: offsetParam,
  limit: limitParam(REVIEW_PAGE_SIZE),
});

/**
 * `GET /user_reviews/me/by_review`: the member's own review, named by `review_id`, or by
 * `title_id` (the member's review of that title, if any); one of the two is required.
 */
export const MyReviewQuery = z
  .object({ review_id: idParam.optional(), title_id: idParam.optional() })
  .refine((q) => q.review_id !== undefined || q.title_id !== undefined, { message: 'is required', path: ['review_id'] });

/** §3 Review notice: a like or a comment on one of the member's reviews, with the read flag it had. */
export const ReviewNotice = z.object({
  id: z.number(),
  type: z.enum(ReviewNoticeType),
  readFlg: z.boolean(),
  reviewId: z.number(),
  titleId: z.number(),
  titleName: z.string(),
  actorName: z.string(),
  commentId: z.number().nullable(),
  createdAt: z.number(),
});
export type ReviewNotice = z.infer<typeof ReviewNotice>;
