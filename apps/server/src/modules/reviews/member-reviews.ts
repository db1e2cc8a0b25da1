import type { Db } from '../../db/schema';
import { findReviewOf } from './reviews.repository';

/**
 * What other areas may ask of reviews about one member (the book detail, the viewer): whether
 * the member has a live review of a title, and, with the title's wish state, the marks the book
 * detail shows in one statement.
 */
export { liveReviewOfQuery, memberTitleMarks } from './reviews.repository';

export async function hasLiveReview(db: Db, titleId: number, userId: number): Promise<boolean> {
  const review = await findReviewOf(db, titleId, userId);
  return review !== undefined && review.deleted_at === null;
}
