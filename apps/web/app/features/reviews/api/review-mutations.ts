import type { ReviewWarningCode } from '@hondana/domain/reviews/reviews';
import type {
  CommentResult,
  DelCommentResult,
  DelReviewResult,
  LikeResult,
  Review,
  ReviewResult,
  WarningResult,
} from '@hondana/domain/reviews/reviews-api';
import { apiRequest, createToken } from '../../../lib/api/client';

/** Each mutation fetches its one-time token first (§7 create_token endpoints). */
export async function setLike(reviewId: number, like: boolean) {
  const path = like ? '/api/review/add_like' : '/api/review/delete_like';
  const token = await createToken(`${path}/create_token`);
  return apiRequest<LikeResult>(path, { method: 'POST', form: { token, review_id: reviewId } });
}

export async function addComment(reviewId: number, body: string) {
  const token = await createToken('/api/review/create_token');
  return apiRequest<CommentResult>('/api/review/add_comment', { method: 'POST', form: { token, review_id: reviewId, body } });
}

/** Rewrites the member's own comment (`/review/mod_comment`); the server checks it is theirs and its length. */
export async function modifyComment(commentId: number, body: string) {
  const token = await createToken('/api/review/create_token');
  return apiRequest<CommentResult>('/api/review/mod_comment', { method: 'POST', form: { token, comment_id: commentId, body } });
}

/** Deletes the member's comment, or with `undo` brings it back (`undo_flg`, as a review's delete). */
export async function deleteComment(commentId: number, undo = false) {
  const token = await createToken('/api/review/create_token');
  return apiRequest<DelCommentResult>('/api/review/del_comment', {
    method: 'POST',
    form: { token, comment_id: commentId, ...(undo ? { undo_flg: 1 } : {}) },
  });
}

export async function report(target: { reviewId: number } | { commentId: number }, warningCode: ReviewWarningCode) {
  const token = await createToken('/api/review/warning/create_token');
  return 'reviewId' in target
    ? apiRequest<WarningResult>('/api/review/add_review_warning', {
        method: 'POST',
        form: { token, review_id: target.reviewId, warning_code: warningCode },
      })
    : apiRequest<WarningResult>('/api/review/add_review_comment_warning', {
        method: 'POST',
        form: { token, comment_id: target.commentId, warning_code: warningCode },
      });
}

export type ReviewDraft = {
  titleId: number;
  star: number;
  title: string;
  comment: string;
  nickname: string;
  spoiler: boolean;
  commentReject: boolean;
  ameba: boolean;
};

export async function saveReview(draft: ReviewDraft, reviewId: number | null): Promise<Review> {
  const form = {
    title_id: draft.titleId,
    star: draft.star,
    title: draft.title,
    comment: draft.comment,
    nickname: draft.nickname,
    spoiler: draft.spoiler,
    comment_reject: draft.commentReject,
  };
  if (reviewId === null) {
    const token = await createToken('/api/review_title/create_token');
    return (
      await apiRequest<ReviewResult>('/api/review_title/add_review', { method: 'POST', form: { token, ...form, ameba: draft.ameba } })
    ).result;
  }
  const token = await createToken('/api/review/create_token');
  return (await apiRequest<ReviewResult>('/api/review/mod_review', { method: 'POST', form: { token, review_id: reviewId, ...form } }))
    .result;
}

/** Deletes the member's review, or with `undo` restores it (`undo_flg`). */
export async function deleteReview(reviewId: number, undo: boolean) {
  const token = await createToken('/api/review/create_token');
  return apiRequest<DelReviewResult>('/api/review/del_review', { method: 'POST', form: { token, review_id: reviewId, undo_flg: undo } });
}
