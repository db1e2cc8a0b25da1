import type { ReviewNoticeType, ReviewWarningCode } from '@hondana/domain/reviews/reviews';
import type { Transaction } from 'kysely';
import type { Database } from '../../db/schema';

type Trx = Transaction<Database>;
const flag = (b: boolean): 0 | 1 => (b ? 1 : 0);

export interface ReviewFields {
  star: number;
  title: string;
  body: string;
  nickname: string;
  spoiler: boolean;
  commentReject: boolean;
}

/** A member's deleted review of the title, removed so a new one can take its place. */
export async function purgeDeletedReviewOf(trx: Trx, titleId: number, userId: number): Promise<void> {
  await trx
    .deleteFrom('reviews')
    .where('title_id', '=', titleId)
    .where('user_id', '=', userId)
    .where('deleted_at', 'is not', null)
    .execute();
}

/** The new review's id, or undefined when the member already has one of this title (the unique pair decides). */
export async function insertReview(
  trx: Trx,
  review: ReviewFields & { titleId: number; bookId: number | null; userId: number; ameba: boolean; now: number },
): Promise<number | undefined> {
  const inserted = await trx
    .insertInto('reviews')
    .values({
      title_id: review.titleId,
      book_id: review.bookId,
      user_id: review.userId,
      star: review.star,
      title: review.title,
      body: review.body,
      nickname: review.nickname,
      ameba_flg: flag(review.ameba),
      spoiler_flg: flag(review.spoiler),
      comment_reject_flg: flag(review.commentReject),
      created_at: review.now,
      updated_at: review.now,
      deleted_at: null,
    })
    .onConflict((oc) => oc.columns(['title_id', 'user_id']).doNothing())
    .returning('id')
    .executeTakeFirst();
  return inserted?.id;
}

export async function updateReview(trx: Trx, reviewId: number, fields: ReviewFields, now: number): Promise<void> {
  await trx
    .updateTable('reviews')
    .set({
      star: fields.star,
      title: fields.title,
      body: fields.body,
      nickname: fields.nickname,
      spoiler_flg: flag(fields.spoiler),
      comment_reject_flg: flag(fields.commentReject),
      updated_at: now,
    })
    .where('id', '=', reviewId)
    .execute();
}

/** Takes the review row's lock (a no-op update) so its star cannot move under the caller. */
export async function lockReview(trx: Trx, reviewId: number): Promise<void> {
  await trx
    .updateTable('reviews')
    .set((eb) => ({ updated_at: eb.ref('updated_at') }))
    .where('id', '=', reviewId)
    .execute();
}

/** Deletes or restores a review; true only when its state really changed (the row is then locked). */
export async function setReviewDeleted(trx: Trx, reviewId: number, deleted: boolean, now: number): Promise<boolean> {
  const changed = await trx
    .updateTable('reviews')
    .set({ deleted_at: deleted ? now : null })
    .where('id', '=', reviewId)
    .where('deleted_at', deleted ? 'is' : 'is not', null)
    .executeTakeFirst();
  return Number(changed.numUpdatedRows) > 0;
}

export async function insertComment(trx: Trx, comment: { reviewId: number; userId: number; body: string; now: number }): Promise<number> {
  const inserted = await trx
    .insertInto('review_comments')
    .values({
      review_id: comment.reviewId,
      user_id: comment.userId,
      body: comment.body,
      created_at: comment.now,
      updated_at: comment.now,
      deleted_at: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return inserted.id;
}

export async function updateCommentBody(trx: Trx, commentId: number, body: string, now: number): Promise<void> {
  await trx.updateTable('review_comments').set({ body, updated_at: now }).where('id', '=', commentId).execute();
}

export async function setCommentDeleted(trx: Trx, commentId: number, deleted: boolean, now: number): Promise<void> {
  await trx
    .updateTable('review_comments')
    .set({ deleted_at: deleted ? now : null })
    .where('id', '=', commentId)
    .execute();
}

/** True when the like was added (one like per member and review, the unique pair decides). */
export async function insertLike(trx: Trx, reviewId: number, userId: number, now: number): Promise<boolean> {
  const added = await trx
    .insertInto('review_likes')
    .values({ review_id: reviewId, user_id: userId, created_at: now })
    .onConflict((oc) => oc.columns(['review_id', 'user_id']).doNothing())
    .executeTakeFirst();
  return Number(added.numInsertedOrUpdatedRows ?? 0n) > 0;
}

/** True when a like was there to remove. */
export async function deleteLike(trx: Trx, reviewId: number, userId: number): Promise<boolean> {
  const removed = await trx.deleteFrom('review_likes').where('review_id', '=', reviewId).where('user_id', '=', userId).executeTakeFirst();
  return removed.numDeletedRows > 0n;
}

/** A withdrawn like is no longer news: its notices to the review's writer go with it. */
export async function deleteLikeNotices(trx: Trx, reviewId: number, actorUserId: number): Promise<void> {
  await trx
    .deleteFrom('review_notices')
    .where('review_id', '=', reviewId)
    .where('actor_user_id', '=', actorUserId)
    .where('type', '=', 'LIKE')
    .execute();
}

export async function moveLikeCount(trx: Trx, reviewId: number, delta: 1 | -1): Promise<void> {
  await trx
    .updateTable('reviews')
    .set((eb) => ({ like_count: eb('like_count', '+', delta) }))
    .where('id', '=', reviewId)
    .execute();
}

export async function insertReviewNotice(
  trx: Trx,
  notice: { userId: number; reviewId: number; actorUserId: number; type: ReviewNoticeType; commentId: number | null; now: number },
): Promise<void> {
  await trx
    .insertInto('review_notices')
    .values({
      user_id: notice.userId,
      review_id: notice.reviewId,
      actor_user_id: notice.actorUserId,
      type: notice.type,
      comment_id: notice.commentId,
      read_flg: 0,
      created_at: notice.now,
    })
    .execute();
}

export async function insertReport(
  trx: Trx,
  report: { reviewId: number | null; commentId: number | null; userId: number; warningCode: ReviewWarningCode; now: number },
): Promise<void> {
  await trx
    .insertInto('review_reports')
    .values({
      review_id: report.reviewId,
      comment_id: report.commentId,
      user_id: report.userId,
      warning_code: report.warningCode,
      created_at: report.now,
    })
    .execute();
}
