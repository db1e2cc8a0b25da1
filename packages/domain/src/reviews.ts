/**
 * Reviews of titles (§3 Review, Review comment, Review notice, Rating summary; §5 required
 * fields; §7 "Reviews"; §8 report reasons; §9 review page size 10). Requests accept their
 * parameters from the query string or the form body; a missing one is a 400 naming it.
 */
import { z } from 'zod';
import { idParam, limitParam, offsetParam } from './books';

/** §9 "review page size 10". */
export const REVIEW_PAGE_SIZE = 10;
export const REVIEW_TITLE_MAX_LENGTH = 50;
export const REVIEW_BODY_MAX_LENGTH = 2000;
export const REVIEW_NICKNAME_MAX_LENGTH = 20;
export const COMMENT_BODY_MAX_LENGTH = 500;
export const STAR_MIN = 1;
export const STAR_MAX = 5;

/** §8 "Review report reasons: personal info, slander, moral violation, term violation". */
export const ReviewWarningCode = {
  PERSONAL_INFO: 'PERSONAL_INFO',
  SLANDER: 'SLANDER',
  MORAL_VIOLATION: 'MORAL_VIOLATION',
  TERM_VIOLATION: 'TERM_VIOLATION',
} as const;
export type ReviewWarningCode = (typeof ReviewWarningCode)[keyof typeof ReviewWarningCode];
export const REVIEW_WARNING_CODES = Object.values(ReviewWarningCode);

/** Review notice types: someone liked or commented on my review. */
export const ReviewNoticeType = { LIKE: 'LIKE', COMMENT: 'COMMENT' } as const;
export type ReviewNoticeType = (typeof ReviewNoticeType)[keyof typeof ReviewNoticeType];

export const ReviewSort = { POPULAR: 'popular', NEW: 'new', TITLE_REVIEW: 'title_review' } as const;
export type ReviewSort = (typeof ReviewSort)[keyof typeof ReviewSort];

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

/** One review as the API answers it (§3 Review). */
export interface Review {
  id: number;
  titleId: number;
  bookId: number | null;
  star: number;
  point: number;
  title: string;
  body: string;
  nickname: string;
  ameba: boolean;
  spoilerFlg: boolean;
  commentRejectFlg: boolean;
  likeCount: number;
  commentCount: number;
  /** The viewer wrote it. */
  me: boolean;
  /** The viewer liked it. */
  likeMe: boolean;
  /** A review of the whole title (not of one volume): its link reads 'edit' for its writer (§5). */
  titleReviewFlg: boolean;
  createdAt: number;
  updatedAt: number;
}

export interface ReviewComment {
  id: number;
  commentId: number;
  reviewId: number;
  userName: string;
  body: string;
  me: boolean;
  createdAt: number;
}

export interface RatingSummary {
  titleId: number;
  reviewCount: number;
  /** Average star with one decimal; 0 without reviews. */
  average: number;
  /** Reviews per star, index 0 is 1 star … index 4 is 5 stars. */
  counts: [number, number, number, number, number];
}

/** The rating summary of a title from its count of reviews per star (1–5). */
export function ratingSummary(titleId: number, countsByStar: ReadonlyMap<number, number>): RatingSummary {
  const counts = [1, 2, 3, 4, 5].map((s) => countsByStar.get(s) ?? 0) as RatingSummary['counts'];
  const reviewCount = counts.reduce((a, b) => a + b, 0);
  const sum = counts.reduce((acc, n, i) => acc + n * (i + 1), 0);
  return { titleId, reviewCount, average: reviewCount === 0 ? 0 : roundToTenth(sum / reviewCount), counts };
}

/** One decimal, half up (4.25 → 4.3), without binary-float surprises (4.35 → 4.4). */
export function roundToTenth(value: number): number {
  return Math.round(Number((value * 10).toFixed(6))) / 10;
}

/** Share of the reviews with `star` stars, as a whole percentage for the summary's bars. */
export function starShare(summary: RatingSummary, star: number): number {
  if (summary.reviewCount === 0) return 0;
  return Math.round(((summary.counts[star - 1] ?? 0) / summary.reviewCount) * 100);
}

/** §5 "Review link becomes 'edit' when the user's review has titleReviewFlg". */
export const reviewLinkMode = (mine: Pick<Review, 'titleReviewFlg'> | null | undefined): 'write' | 'edit' =>
  mine?.titleReviewFlg ? 'edit' : 'write';
