import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { StoreLoadContext } from '../../web/load-context';
import { isWished } from '../notices/wish-list.service';
import * as repo from './reviews.repository';
import { getRatingSummary, getReview } from './reviews.service';

/** The `reviews` section of the pages' load context, for the member `userId` (null: guest). */
export function reviewsContext(db: Kysely<Database>, userId: number | null): StoreLoadContext['reviews'] {
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
