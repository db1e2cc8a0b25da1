import type { ReviewNoticeType } from '@hondana/domain/reviews-rules';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

type Db = Kysely<Database>;

export interface ReviewNotice {
  id: number;
  type: ReviewNoticeType;
  readFlg: boolean;
  reviewId: number;
  titleId: number;
  titleName: string;
  actorName: string;
  commentId: number | null;
  createdAt: number;
}

/**
 * Likes and comments on the member's reviews, newest first (§3 Review notice). Each notice
 * carries the read flag it had; listing them marks the listed ones read.
 */
export async function listReviewNotices(db: Db, userId: number, offset: number, limit: number) {
  const base = db.selectFrom('review_notices as n').where('n.user_id', '=', userId);
  const [rows, total, unread] = await Promise.all([
    base
      .innerJoin('reviews as r', 'r.id', 'n.review_id')
      .innerJoin('titles as t', 't.id', 'r.title_id')
      .innerJoin('users as a', 'a.id', 'n.actor_user_id')
      .select(['n.id', 'n.type', 'n.read_flg', 'n.review_id', 'r.title_id', 't.name as title_name', 'a.nickname', 'n.comment_id', 'n.created_at'])
      .orderBy('n.created_at', 'desc')
      .orderBy('n.id', 'desc')
      .offset(offset)
      .limit(limit)
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    unreadReviewNotices(db, userId),
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
  const unreadIds = notices.filter((n) => !n.readFlg).map((n) => n.id);
  if (unreadIds.length > 0) await db.updateTable('review_notices').set({ read_flg: 1 }).where('id', 'in', unreadIds).execute();
  return { totalCount: Number(total.n), unreadCount: unread, notices };
}

export async function unreadReviewNotices(db: Db, userId: number): Promise<number> {
  const row = await db
    .selectFrom('review_notices')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', userId)
    .where('read_flg', '=', 0)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
