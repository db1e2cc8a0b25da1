/**
 * Rules and shapes of reviews shared by the server and the pages (§3 Review, Review comment,
 * Rating summary; §5 'edit' link; §8 report reasons; §9 review page size 10). No zod here:
 * the pages import this module, and the request schemas (./reviews) stay on the server.
 */
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

/** Average star of `count` reviews whose stars add up to `total`, one decimal; 0 without reviews (a tile shows a dash). */
export const averageStars = (count: number, total: number): number =>
  count > 0 ? roundToTenth(Number(total) / Number(count)) : 0;

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
