import { EroticType } from '@hondana/domain/catalog/catalog';
import type { Db } from '../../db/schema';

/**
 * A comment's notice stands while the comment does: a comment deleted by its writer drops out
 * of the list and the counts, and comes back if the delete is undone (`undo_flg`). A withdrawn
 * like's notices are deleted with the like (`deleteLikeNotices`).
 */
function standingNotices(db: Db, includeAdult = true) {
  return db
    .selectFrom('review_notices as n')
    .leftJoin('review_comments as c', 'c.id', 'n.comment_id')
    .where((eb) => eb.or([eb('n.comment_id', 'is', null), eb('c.deleted_at', 'is', null)]))
    .$if(!includeAdult, (q) => q.where('n.review_id', 'not in', reviewsOfR18Titles(db)));
}

/** §6: reviews of R18 titles, left out of a member's lists unless a verified adult asks (ac=1). */
const reviewsOfR18Titles = (db: Db) =>
  db
    .selectFrom('reviews as r18')
    .innerJoin('titles as t18', 't18.id', 'r18.title_id')
    .select('r18.id')
    .where('t18.erotic_type', '=', EroticType.R18);

/** Likes and comments on the member's reviews, newest first, with the review's title and the actor's name. */
export function listNoticeRows(db: Db, userId: number, offset: number, limit: number, includeAdult = true) {
  return standingNotices(db, includeAdult)
    .innerJoin('reviews as r', 'r.id', 'n.review_id')
    .innerJoin('titles as t', 't.id', 'r.title_id')
    .innerJoin('users as a', 'a.id', 'n.actor_user_id')
    .select([
      'n.id',
      'n.type',
      'n.read_flg',
      'n.review_id',
      'r.title_id',
      't.name as title_name',
      'a.nickname',
      'n.comment_id',
      'n.created_at',
    ])
    .where('n.user_id', '=', userId)
    .orderBy('n.created_at', 'desc')
    .orderBy('n.id', 'desc')
    .offset(offset)
    .limit(limit)
    .execute();
}

export async function countNotices(db: Db, userId: number, onlyUnread = false, since?: number, includeAdult = true): Promise<number> {
  let query = standingNotices(db, includeAdult)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('n.user_id', '=', userId);
  if (onlyUnread) query = query.where('n.read_flg', '=', 0);
  if (since !== undefined) query = query.where('n.created_at', '>=', since);
  return Number((await query.executeTakeFirstOrThrow()).n);
}

export async function markNoticesRead(db: Db, noticeIds: number[]): Promise<void> {
  if (noticeIds.length > 0) await db.updateTable('review_notices').set({ read_flg: 1 }).where('id', 'in', noticeIds).execute();
}
