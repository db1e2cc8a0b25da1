import { listedEroticTypes } from '@hondana/domain/catalog/catalog';
import { AppError, ErrorCode, notFound } from '@hondana/domain/common/errors';
import type {
  AddCommentInput,
  AddReviewInput,
  AuthorReviewList,
  CommentList,
  DelCommentResult,
  DelReviewResult,
  LikeResult,
  ModReviewInput,
  MyReviewResult,
  ReviewList,
  TitleReviewList,
  WarningResult,
} from '@hondana/domain/reviews/reviews-api';
import {
  type RatingSummary,
  type Review,
  type ReviewComment,
  type ReviewSort,
  type ReviewWarningCode,
  ratingSummary,
} from '@hondana/domain/reviews/reviews';
import type { Transaction } from 'kysely';
import type { z } from 'zod';
import type { Database, Db } from '../../db/schema';
import { forbidden } from '../../http/forbidden';
import * as writes from './review-writes.repository';
import * as repo from './reviews.repository';

type Trx = Transaction<Database>;

/** A review of a visible title, or 404. */
async function liveReview(db: Db, reviewId: number): Promise<repo.ReviewRow> {
  const review = await repo.findReview(db, reviewId);
  if (!review || review.deleted_at !== null) throw notFound('review');
  return review;
}

async function ownReview(db: Db, reviewId: number, userId: number): Promise<repo.ReviewRow> {
  const review = await repo.findReview(db, reviewId);
  if (!review) throw notFound('review');
  if (review.user_id !== userId) throw forbidden('review: written by another member');
  return review;
}

async function withExtras(db: Db, rows: repo.ReviewRow[], viewerId: number | null): Promise<Review[]> {
  const extras = await repo.reviewExtras(
    db,
    rows.map((r) => r.id),
    viewerId,
  );
  return rows.map((row) =>
    repo.toReview(row, { commentCount: extras.comments.get(row.id) ?? 0, likeMe: extras.liked.has(row.id) }, viewerId),
  );
}

export async function getReview(db: Db, reviewId: number, viewerId: number | null): Promise<Review> {
  const [review] = await withExtras(db, [await liveReview(db, reviewId)], viewerId);
  return review!;
}

/** One review per member per title: a second add is 400 ALREADY_EXISTS; a deleted one is replaced. */
/**
 * Moves a title's rating columns (review_count, review_star_total) by deltas in the review's
 * transaction: the catalog's `moveTitleRating` (the catalog owns `titles`), which `app.ts` hands
 * to the routes since the catalog imports reviews for the book detail's marks.
 */
export type MoveTitleRating = (trx: Db, titleId: number, count: number, stars: number) => Promise<void>;

export async function addReview(
  trx: Trx,
  userId: number,
  input: AddReviewInput,
  now: number,
  moveTitleRating: MoveTitleRating,
): Promise<Review> {
  if (!(await repo.titleExists(trx, input.title_id))) throw notFound('title');
  if (input.book_id !== undefined && (await repo.titleOfBook(trx, input.book_id)) !== input.title_id) throw notFound('book');
  await writes.purgeDeletedReviewOf(trx, input.title_id, userId);
  const reviewId = await writes.insertReview(trx, {
    ...reviewFields(input),
    titleId: input.title_id,
    bookId: input.book_id ?? null,
    userId,
    ameba: input.ameba,
    now,
  });
  if (reviewId === undefined) throw alreadyReviewed();
  // The title's rating moves by deltas in this transaction; the routes forget the title's kept
  // catalog facts once it has committed.
  await moveTitleRating(trx, input.title_id, 1, input.star);
  return getReview(trx, reviewId, userId);
}

const reviewFields = (input: AddReviewInput | ModReviewInput): writes.ReviewFields => ({
  star: input.star,
  title: input.title,
  body: input.comment,
  nickname: input.nickname,
  spoiler: input.spoiler,
  commentReject: input.comment_reject,
});

const alreadyReviewed = () => new AppError(409, ErrorCode.ALREADY_EXISTS, ['title_id: already reviewed by this member']);

export async function modReview(
  trx: Trx,
  userId: number,
  input: ModReviewInput,
  now: number,
  moveTitleRating: MoveTitleRating,
): Promise<Review> {
  await writes.lockReview(trx, input.review_id);
  const review = await ownReview(trx, input.review_id, userId);
  if (review.deleted_at !== null) throw notFound('review');
  if (review.title_id !== input.title_id) throw notFound('review of this title');
  await writes.updateReview(trx, review.id, reviewFields(input), now);
  await moveTitleRating(trx, review.title_id, 0, input.star - review.star);
  return getReview(trx, review.id, userId);
}

/** Deletes (or with `undo` restores) the member's own review; the rating moves only on a real change. */
export async function delReview(
  trx: Trx,
  userId: number,
  reviewId: number,
  undo: boolean,
  now: number,
  moveTitleRating: MoveTitleRating,
): Promise<DelReviewResult> {
  const review = await ownReview(trx, reviewId, userId);
  if (await writes.setReviewDeleted(trx, review.id, !undo, now)) {
    // The row is locked by the update above: its star is the one being counted or uncounted.
    const { star } = (await repo.findReview(trx, review.id))!;
    await moveTitleRating(trx, review.title_id, undo ? 1 : -1, undo ? star : -star);
  }
  return { result: 'OK', reviewId, titleId: review.title_id, deleted: !undo };
}

export async function addComment(trx: Trx, userId: number, input: z.infer<typeof AddCommentInput>, now: number): Promise<ReviewComment> {
  const review = await liveReview(trx, input.review_id);
  if (review.comment_reject_flg === 1 && review.user_id !== userId) throw forbidden('review: comments are rejected');
  const commentId = await writes.insertComment(trx, { reviewId: review.id, userId, body: input.body, now });
  if (review.user_id !== userId) {
    await writes.insertReviewNotice(trx, {
      userId: review.user_id,
      reviewId: review.id,
      actorUserId: userId,
      type: 'COMMENT',
      commentId,
      now,
    });
  }
  return repo.toComment((await repo.findComment(trx, commentId))!, userId);
}

async function ownComment(db: Db, commentId: number, userId: number): Promise<repo.CommentRow> {
  const comment = await repo.findComment(db, commentId);
  if (!comment) throw notFound('comment');
  if (comment.user_id !== userId) throw forbidden('comment: written by another member');
  return comment;
}

export async function modComment(trx: Trx, userId: number, commentId: number, body: string, now: number): Promise<ReviewComment> {
  const comment = await ownComment(trx, commentId, userId);
  if (comment.deleted_at !== null) throw notFound('comment');
  await writes.updateCommentBody(trx, commentId, body, now);
  return repo.toComment({ ...comment, body }, userId);
}

export async function delComment(trx: Trx, userId: number, commentId: number, undo: boolean, now: number): Promise<DelCommentResult> {
  await ownComment(trx, commentId, userId);
  await writes.setCommentDeleted(trx, commentId, !undo, now);
  return { result: 'OK', commentId, deleted: !undo };
}

/** One like per member: the count moves only when the like row was really added or removed. */
export async function setLike(trx: Trx, userId: number, reviewId: number, like: boolean, now: number): Promise<LikeResult> {
  const review = await liveReview(trx, reviewId);
  if (like) {
    if (await writes.insertLike(trx, reviewId, userId, now)) {
      await writes.moveLikeCount(trx, reviewId, 1);
      if (review.user_id !== userId) {
        await writes.insertReviewNotice(trx, { userId: review.user_id, reviewId, actorUserId: userId, type: 'LIKE', commentId: null, now });
      }
    }
  } else if (await writes.deleteLike(trx, reviewId, userId)) {
    await writes.moveLikeCount(trx, reviewId, -1);
    await writes.deleteLikeNotices(trx, reviewId, userId);
  }
  const after = await liveReview(trx, reviewId);
  return { reviewId, like, likeCount: after.like_count };
}

export async function report(
  trx: Trx,
  userId: number,
  target: { reviewId: number } | { commentId: number },
  warningCode: ReviewWarningCode,
  now: number,
): Promise<WarningResult> {
  if ('reviewId' in target) await liveReview(trx, target.reviewId);
  else {
    const comment = await repo.findComment(trx, target.commentId);
    if (!comment || comment.deleted_at !== null) throw notFound('comment');
  }
  await writes.insertReport(trx, {
    reviewId: 'reviewId' in target ? target.reviewId : null,
    commentId: 'commentId' in target ? target.commentId : null,
    userId,
    warningCode,
    now,
  });
  return { result: 'OK' };
}

export async function titleReviews(
  db: Db,
  q: { titleId: number; sort: ReviewSort; offset: number; limit: number; viewerId: number | null },
): Promise<TitleReviewList> {
  const [page, mine] = await Promise.all([
    repo.listTitleReviews(db, { ...q, excludeUserId: q.viewerId }),
    q.viewerId === null ? Promise.resolve(undefined) : repo.findReviewOf(db, q.titleId, q.viewerId),
  ]);
  const myRows = mine && mine.deleted_at === null ? [mine] : [];
  const all = await withExtras(db, [...myRows, ...page.rows], q.viewerId);
  return { totalCount: page.totalCount, myReviews: all.slice(0, myRows.length), reviews: all.slice(myRows.length) };
}

export async function getRatingSummary(db: Db, titleId: number): Promise<RatingSummary> {
  return ratingSummary(titleId, await repo.starCounts(db, titleId));
}

export async function comments(
  db: Db,
  q: { reviewId: number; offset: number; limit: number; viewerId: number | null },
): Promise<CommentList> {
  await liveReview(db, q.reviewId);
  const page = await repo.listComments(db, q);
  return { totalCount: page.totalCount, comments: page.rows.map((r) => repo.toComment(r, q.viewerId)) };
}

export async function userReviews(db: Db, userId: number, offset: number, limit: number, includeAdult = true): Promise<ReviewList> {
  const page = await repo.listUserReviews(db, userId, offset, limit, includeAdult);
  return { totalCount: page.totalCount, reviews: await withExtras(db, page.rows, userId) };
}

/** `GET /author_reviews/{author_id}`: reviews of the author's titles the viewer may see (§6); 404 for an unknown author. */
export async function authorReviews(
  db: Db,
  q: { authorId: number; includeAdult: boolean; sort: 'popular' | 'new'; offset: number; limit: number; viewerId: number | null },
): Promise<AuthorReviewList> {
  const author = await repo.findAuthor(db, q.authorId);
  if (!author) throw notFound('author');
  const page = await repo.listAuthorReviews(db, { ...q, eroticTypes: listedEroticTypes(q.includeAdult) });
  const reviews = await withExtras(db, page.rows, q.viewerId);
  return {
    authorId: author.id,
    authorName: author.name,
    totalCount: page.totalCount,
    reviews: reviews.map((r, i) => ({ ...r, titleName: page.rows[i]!.title_name })),
  };
}

/**
 * `GET /user_reviews/me/by_review`: the member's own live review by its id (404 unknown or
 * deleted, 403 someone else's), or by title (`result` null when the member has not reviewed it).
 */
export async function myReview(db: Db, userId: number, q: { reviewId?: number; titleId?: number }): Promise<MyReviewResult> {
  if (q.reviewId !== undefined) {
    const review = await ownReview(db, q.reviewId, userId);
    if (review.deleted_at !== null) throw notFound('review');
    if (q.titleId !== undefined && review.title_id !== q.titleId) throw notFound('review of this title');
    return { result: await getReview(db, review.id, userId) };
  }
  if (!(await repo.titleExists(db, q.titleId!))) throw notFound('title');
  const mine = await repo.findReviewOf(db, q.titleId!, userId);
  return { result: mine && mine.deleted_at === null ? (await withExtras(db, [mine], userId))[0]! : null };
}

export async function userComments(db: Db, userId: number, offset: number, limit: number, includeAdult = true): Promise<CommentList> {
  const page = await repo.listComments(db, { userId, offset, limit, includeAdult });
  return { totalCount: page.totalCount, comments: page.rows.map((r) => repo.toComment(r, userId)) };
}

/**
 * Reviews of the title a book belongs to (reviews are written per title, optionally naming a
 * volume); with `onlyUserId` just that member's, which is how the viewer learns `reviewed`.
 */
export async function reviewsByBook(
  db: Db,
  q: { bookId: number; offset: number; limit: number; viewerId: number | null; onlyUserId?: number },
): Promise<ReviewList> {
  const titleId = await repo.titleOfBook(db, q.bookId);
  if (titleId === undefined) throw notFound('book');
  if (q.onlyUserId !== undefined) {
    const mine = await repo.findReviewOf(db, titleId, q.onlyUserId);
    const rows = mine && mine.deleted_at === null && q.offset === 0 ? [mine] : [];
    return { totalCount: mine && mine.deleted_at === null ? 1 : 0, reviews: await withExtras(db, rows, q.viewerId) };
  }
  const page = await repo.listTitleReviews(db, { titleId, sort: 'new', offset: q.offset, limit: q.limit, excludeUserId: null });
  return { totalCount: page.totalCount, reviews: await withExtras(db, page.rows, q.viewerId) };
}
