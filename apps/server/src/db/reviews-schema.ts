import type { TableOwners } from './table-owners';
import type { Generated } from 'kysely';

/**
 * Tables of reviews (spec §3 Review, Review comment, Review notice), created by migration
 * 2026-11-22T0400-reviews. Instants are epoch milliseconds; flags are 0/1 integers.
 */
type Millis = number;
type Flag = 0 | 1;

export interface ReviewsTable {
  id: Generated<number>;
  title_id: number;
  book_id: number | null;
  user_id: number;
  star: number;
  title: string;
  body: string;
  nickname: string;
  ameba_flg: Flag;
  spoiler_flg: Flag;
  comment_reject_flg: Flag;
  like_count: Generated<number>;
  created_at: Millis;
  updated_at: Millis;
  /** Set by del_review; cleared by its undo (`undo_flg`). */
  deleted_at: Millis | null;
}

export interface ReviewLikesTable {
  review_id: number;
  user_id: number;
  created_at: Millis;
}

export interface ReviewCommentsTable {
  id: Generated<number>;
  review_id: number;
  user_id: number;
  body: string;
  created_at: Millis;
  updated_at: Millis;
  deleted_at: Millis | null;
}

export interface ReviewReportsTable {
  id: Generated<number>;
  review_id: number | null;
  comment_id: number | null;
  user_id: number;
  /** ReviewWarningCode of §8. */
  warning_code: string;
  created_at: Millis;
}

export interface ReviewNoticesTable {
  id: Generated<number>;
  /** The review's writer, who is notified. */
  user_id: number;
  review_id: number;
  actor_user_id: number;
  /** ReviewNoticeType: LIKE or COMMENT. */
  type: string;
  comment_id: number | null;
  read_flg: Flag;
  created_at: Millis;
}

export interface ReviewsTables {
  reviews: ReviewsTable;
  review_likes: ReviewLikesTable;
  review_comments: ReviewCommentsTable;
  review_reports: ReviewReportsTable;
  review_notices: ReviewNoticesTable;
}

/** The area that writes each table (issue 43: another area's repository only reads it, as a listed view). */
export const reviewsTableOwners = {
  reviews: 'reviews',
  review_likes: 'reviews',
  review_comments: 'reviews',
  review_reports: 'reviews',
  review_notices: 'reviews',
} as const satisfies TableOwners<ReviewsTables>;
