/**
 * Request and response schemas of reviews (§3 Review, Review comment, Review notice, Rating summary; §5 required
 * fields; §7 "Reviews"; §8 report reasons; §9 review page size 10). Requests accept their
 * parameters from the query string or the form body; a missing one is a 400 naming it.
 */
import { z } from 'zod';
import { acParam, flagParam, idParam, limitParam, offsetParam, tokenParam } from '../common/params';
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
/** A member's own list that may hold R18 titles (§7 `ac`): those only with `ac=1` for a verified adult. */
export const AdultPageQuery = PageQuery.extend({ ac: acParam });
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

// —— responses ————————————————————————————————————————————————————————————————

/** One review as the API answers it (§3 Review). */
export const Review = z.object({
  id: z.number().int(),
  titleId: z.number().int(),
  bookId: z.number().int().nullable(),
  star: z.number().int(),
  point: z.number().int(),
  title: z.string(),
  body: z.string(),
  nickname: z.string(),
  ameba: z.boolean(),
  spoilerFlg: z.boolean(),
  commentRejectFlg: z.boolean(),
  likeCount: z.number().int(),
  commentCount: z.number().int(),
  /** The viewer wrote it. */
  me: z.boolean(),
  /** The viewer liked it. */
  likeMe: z.boolean(),
  /** A review of the whole title (not of one volume): its link reads 'edit' for its writer (§5). */
  titleReviewFlg: z.boolean(),
  createdAt: z.number(),
  updatedAt: z.number(),
});
export type Review = z.infer<typeof Review>;

/** One comment on a review (§3 Review comment). */
export const ReviewComment = z.object({
  id: z.number().int(),
  commentId: z.number().int(),
  reviewId: z.number().int(),
  userName: z.string(),
  body: z.string(),
  me: z.boolean(),
  createdAt: z.number(),
});
export type ReviewComment = z.infer<typeof ReviewComment>;

const count = z.number().int();
/** `GET /title_reviews/{title_id}` (§3 Rating summary). */
export const RatingSummary = z.object({
  titleId: z.number().int(),
  reviewCount: count,
  /** Average star with one decimal; 0 without reviews. */
  average: z.number(),
  /** Reviews per star, index 0 is 1 star … index 4 is 5 stars. */
  counts: z.tuple([count, count, count, count, count]),
});
export type RatingSummary = z.infer<typeof RatingSummary>;

/** `add_review`, `mod_review` and `GET /review/review_detail`: the review as it now reads. */
export const ReviewResult = z.object({ result: Review });
export type ReviewResult = z.infer<typeof ReviewResult>;

/** `GET /user_reviews/me/by_review`: the member's own review; null when they have not reviewed the title. */
export const MyReviewResult = z.object({ result: Review.nullable() });
export type MyReviewResult = z.infer<typeof MyReviewResult>;

/** `del_review`: the review deleted (or restored with `undo_flg`). */
export const DelReviewResult = z.object({
  result: z.literal('OK'),
  reviewId: z.number().int(),
  titleId: z.number().int(),
  deleted: z.boolean(),
});
export type DelReviewResult = z.infer<typeof DelReviewResult>;

/** `add_comment` and `mod_comment`: the comment as it now reads. */
export const CommentResult = z.object({ result: ReviewComment });
export type CommentResult = z.infer<typeof CommentResult>;

/** `del_comment`: the comment deleted (or restored with `undo_flg`). */
export const DelCommentResult = z.object({ result: z.literal('OK'), commentId: z.number().int(), deleted: z.boolean() });
export type DelCommentResult = z.infer<typeof DelCommentResult>;

/** `add_like` and `delete_like`: the member's like and the review's count after it. */
export const LikeResult = z.object({ reviewId: z.number().int(), like: z.boolean(), likeCount: z.number().int() });
export type LikeResult = z.infer<typeof LikeResult>;

/** `add_review_warning` and `add_review_comment_warning`: the report is taken. */
export const WarningResult = z.object({ result: z.literal('OK') });
export type WarningResult = z.infer<typeof WarningResult>;

/** `GET /title_reviews/list`: the viewer's own review first (`myReviews`), then the others. */
export const TitleReviewList = z.object({ totalCount: count, myReviews: z.array(Review), reviews: z.array(Review) });
export type TitleReviewList = z.infer<typeof TitleReviewList>;

/** `GET /reviews/by_book`, `/reviews/me/by_book` and `/user/review_list`. */
export const ReviewList = z.object({ totalCount: count, reviews: z.array(Review) });
export type ReviewList = z.infer<typeof ReviewList>;

/** `GET /author_reviews/{author_id}`: each review with its title's name. */
export const AuthorReviewList = z.object({
  authorId: z.number().int(),
  authorName: z.string(),
  totalCount: count,
  reviews: z.array(Review.extend({ titleName: z.string() })),
});
export type AuthorReviewList = z.infer<typeof AuthorReviewList>;

/** `GET /reviews/comments` and `/user/comment_list`. */
export const CommentList = z.object({ totalCount: count, comments: z.array(ReviewComment) });
export type CommentList = z.infer<typeof CommentList>;

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

/** `GET /reviews/notice`: a page of the member's review notices, and how many were unread before it was read. */
export const ReviewNoticeList = z.object({ totalCount: z.number().int(), unreadCount: z.number().int(), notices: z.array(ReviewNotice) });
export type ReviewNoticeList = z.infer<typeof ReviewNoticeList>;
