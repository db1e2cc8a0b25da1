/**
 * Rules of reviews shared by the server and the pages (§3 Review, Review comment, Rating
 * summary; §5 'edit' link; §8 report reasons; §9 review page size 10). No zod at run time here:
 * the pages import this module; the schemas are in ./reviews-api, whose types it only names.
 */
import type { RatingSummary, Review } from './reviews-api';

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

/** The wire shapes of a review, a comment and a rating summary, as the API's schemas say them. */
export type { RatingSummary, Review, ReviewComment } from './reviews-api';

/** The rating summary of a title from its count of reviews per star (1–5). */
export function ratingSummary(titleId: number, countsByStar: ReadonlyMap<number, number>): RatingSummary {
  const counts = [1, 2, 3, 4, 5].map((s) => countsByStar.get(s) ?? 0) as RatingSummary['counts'];
  const reviewCount = counts.reduce((a, b) => a + b, 0);
  const sum = counts.reduce((acc, n, i) => acc + n * (i + 1), 0);
  return { titleId, reviewCount, average: reviewCount === 0 ? 0 : roundToTenth(sum / reviewCount), counts };
}

/** Average star of `count` reviews whose stars add up to `total`, one decimal; 0 without reviews (a tile shows a dash). */
export const averageStars = (count: number, total: number): number => (count > 0 ? roundToTenth(Number(total) / Number(count)) : 0);

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

/** A review longer than this many characters, or than this many lines, shows folded (続きを読む). */
export const REVIEW_FOLD_CHARS = 200;
const REVIEW_FOLD_LINES = 6;

/**
 * What a review list shows of a body by default: the whole body when it is short, else its
 * first REVIEW_FOLD_CHARS characters (or REVIEW_FOLD_LINES lines, whichever ends first) with
 * `folded` set, so the card offers 続きを読む. Characters are code points (no split surrogates).
 */
export function foldedReviewBody(body: string): { text: string; folded: boolean } {
  const chars = Array.from(body);
  const lines = body.split('\n');
  if (chars.length <= REVIEW_FOLD_CHARS && lines.length <= REVIEW_FOLD_LINES) return { text: body, folded: false };
  const byLines = lines.slice(0, REVIEW_FOLD_LINES).join('\n');
  const cut = Array.from(byLines).slice(0, REVIEW_FOLD_CHARS).join('').trimEnd();
  return { text: `${cut}…`, folded: true };
}
