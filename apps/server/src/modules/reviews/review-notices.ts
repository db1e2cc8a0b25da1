import type { ReviewNotice, ReviewNoticeList } from '@hondana/domain/reviews/reviews-api';
import type { ReviewNoticeType } from '@hondana/domain/reviews/reviews';
import type { Db } from '../../db/schema';
import * as repo from './review-notices.repository';

/**
 * Likes and comments on the member's reviews, newest first (§3 Review notice). Each notice
 * carries the read flag it had; listing them marks the listed ones read.
 */
export async function listReviewNotices(
  db: Db,
  userId: number,
  offset: number,
  limit: number,
  includeAdult = true,
): Promise<ReviewNoticeList> {
  const [rows, totalCount, unreadCount] = await Promise.all([
    repo.listNoticeRows(db, userId, offset, limit, includeAdult),
    repo.countNotices(db, userId, false, undefined, includeAdult),
    repo.countNotices(db, userId, true, undefined, includeAdult),
  ]);
  const notices: ReviewNotice[] = rows.map((r) => ({
    id: r.id,
    type: r.type as ReviewNoticeType,
    readFlg: r.read_flg === 1,
    reviewId: r.review_id,
    titleId: r.title_id,
    titleName: r.title_name,
    actorName: r.nickname,
    commentId: r.comment_id,
    createdAt: Number(r.created_at),
  }));
  await repo.markNoticesRead(
    db,
    notices.filter((n) => !n.readFlg).map((n) => n.id),
  );
  return { totalCount, unreadCount, notices };
}

/** Unread notices; with `since` (ms), only those made since then (§7 get_notice_count start_datetime). */
export const unreadReviewNotices = (db: Db, userId: number, since?: number): Promise<number> => repo.countNotices(db, userId, true, since);
