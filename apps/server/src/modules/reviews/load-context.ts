import type { RatingSummary, Review } from '@hondana/domain/reviews/reviews';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { isWished } from '../notices/wish-list.service';
import * as repo from './reviews.repository';
import { getRatingSummary, getReview } from './reviews.service';

/** Reviews and my list for the series page and the review editor (areas reviews, notices). */
export interface ReviewsPageContext {
  ratingSummary(titleId: number): Promise<RatingSummary>;
  /** The viewer's own live review of the title; null for a guest or none. */
  myReview(titleId: number): Promise<Review | null>;
  /** The title is on the viewer's list (false for a guest). */
  isWished(titleId: number): Promise<boolean>;
}

/** The `reviews` section of the pages' load context, for the member `userId` (null: guest). */
export function reviewsContext(db: Kysely<Database>, userId: number | null): ReviewsPageContext {
  return {
    ratingSummary: (titleId) => getRatingSummary(db, titleId),
    async myReview(titleId) {
      if (userId === null) return null;
      const row = await repo.findReviewOf(db, titleId, userId);
      return row && row.deleted_at === null ? getReview(db, row.id, userId) : null;
    },
    isWished: async (titleId) => (userId === null ? false : isWished(db, userId, titleId)),
  };
}
