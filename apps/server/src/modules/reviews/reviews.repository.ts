import { EroticType } from '@hondana/domain/catalog/catalog';
import type { Review, ReviewComment, ReviewSort } from '@hondana/domain/reviews/reviews';
import type { Expression } from 'kysely';
import { preparedQuery } from '../../db/prepared-query';
import type { Db } from '../../db/schema';

const reviewColumns = [
  'r.id',
  'r.title_id',
  'r.book_id',
  'r.user_id',
  'r.star',
  'r.title',
  'r.body',
  'r.nickname',
  'r.ameba_flg',
  'r.spoiler_flg',
  'r.comment_reject_flg',
  'r.like_count',
  'r.created_at',
  'r.updated_at',
  'r.deleted_at',
] as const;

export interface ReviewRow {
  id: number;
  title_id: number;
  book_id: number | null;
  user_id: number;
  star: number;
  title: string;
  body: string;
  nickname: string;
  ameba_flg: number;
  spoiler_flg: number;
  comment_reject_flg: number;
  like_count: number;
  created_at: number;
  updated_at: number;
  deleted_at: number | null;
}

export async function findReview(db: Db, reviewId: number): Promise<ReviewRow | undefined> {
  const row = await db.selectFrom('reviews as r').select(reviewColumns).where('r.id', '=', reviewId).executeTakeFirst();
  return row ? normalise(row) : undefined;
}

export async function findReviewOf(db: Db, titleId: number, userId: number): Promise<ReviewRow | undefined> {
  const row = await db
    .selectFrom('reviews as r')
    .select(reviewColumns)
    .where('r.title_id', '=', titleId)
    .where('r.user_id', '=', userId)
    .executeTakeFirst();
  return row ? normalise(row) : undefined;
}

export async function titleExists(db: Db, titleId: number): Promise<boolean> {
  return (await db.selectFrom('titles').select('id').where('id', '=', titleId).executeTakeFirst()) !== undefined;
}

/** The title a book belongs to, or undefined for an unknown book. */
export async function titleOfBook(db: Db, bookId: number): Promise<number | undefined> {
  return (await db.selectFrom('books').select('title_id').where('id', '=', bookId).executeTakeFirst())?.title_id;
}

export async function findAuthor(db: Db, authorId: number): Promise<{ id: number; name: string } | undefined> {
  return db.selectFrom('authors').select(['id', 'name']).where('id', '=', authorId).executeTakeFirst();
}

export async function titleEroticType(db: Db, titleId: number): Promise<number | undefined> {
  return (await db.selectFrom('titles').select('erotic_type').where('id', '=', titleId).executeTakeFirst())?.erotic_type;
}

/** The title a review, or a comment's review, is about. */
export async function titleOfReview(db: Db, reviewId: number): Promise<number | undefined> {
  return (await db.selectFrom('reviews').select('title_id').where('id', '=', reviewId).executeTakeFirst())?.title_id;
}

export async function titleOfComment(db: Db, commentId: number): Promise<number | undefined> {
  const row = await db
    .selectFrom('review_comments as c')
    .innerJoin('reviews as r', 'r.id', 'c.review_id')
    .select('r.title_id')
    .where('c.id', '=', commentId)
    .executeTakeFirst();
  return row?.title_id;
}

/**
 * What the book detail marks for a member on a title: their live review's id (or null) and
 * whether the title is on their list, in one statement (the detail is the store's hottest read).
 */
export async function memberTitleMarks(db: Db, titleId: number, userId: number): Promise<{ reviewId: number | null; wished: boolean }> {
  const row = await db
    .selectNoFrom((eb) => [
      eb
        .selectFrom('reviews')
        .select('id')
        .where('title_id', '=', titleId)
        .where('user_id', '=', userId)
        .where('deleted_at', 'is', null)
        .as('reviewId'),
      eb.selectFrom('wish_titles').select('title_id').where('title_id', '=', titleId).where('user_id', '=', userId).as('wishedTitle'),
    ])
    .executeTakeFirstOrThrow();
  return { reviewId: row.reviewId === null ? null : Number(row.reviewId), wished: row.wishedTitle !== null };
}

/** A column of the member's live review of a title (`userId` may be a column of an outer query): the pages' one member statement. */
export function liveReviewOfQuery(db: Db, userId: number | Expression<number>, titleId: number, column: 'id' | 'book_id') {
  return db
    .selectFrom('reviews')
    .select(column)
    .where('title_id', '=', titleId)
    .where('user_id', '=', userId)
    .where('deleted_at', 'is', null);
}

/** Reviews of a title, the viewer's own left out (they come first, as myReviews). */
export async function listTitleReviews(
  db: Db,
  q: { titleId: number; sort: ReviewSort; offset: number; limit: number; excludeUserId: number | null },
): Promise<{ rows: ReviewRow[]; totalCount: number }> {
  let base = db.selectFrom('reviews as r').where('r.title_id', '=', q.titleId).where('r.deleted_at', 'is', null);
  if (q.excludeUserId !== null) base = base.where('r.user_id', '!=', q.excludeUserId);
  if (q.sort === 'title_review') base = base.where('r.book_id', 'is', null);
  let page = base.select(reviewColumns);
  page = q.sort === 'popular' ? page.orderBy('r.like_count', 'desc').orderBy('r.created_at', 'desc') : page.orderBy('r.created_at', 'desc');
  const [rows, total] = await Promise.all([
    page.orderBy('r.id', 'desc').offset(q.offset).limit(q.limit).execute(),
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows: rows.map(normalise), totalCount: Number(total.n) };
}

/**
 * Live reviews of the titles credited to an author (any role), of the listed erotic types,
 * each with its title's name; newest or most liked first.
 */
export async function listAuthorReviews(
  db: Db,
  q: { authorId: number; eroticTypes: number[]; sort: 'popular' | 'new'; offset: number; limit: number },
): Promise<{ rows: (ReviewRow & { title_name: string })[]; totalCount: number }> {
  const base = db
    .selectFrom('reviews as r')
    .innerJoin('titles as t', 't.id', 'r.title_id')
    .where('r.deleted_at', 'is', null)
    .where('t.erotic_type', 'in', q.eroticTypes)
    .where('r.title_id', 'in', (eb) => eb.selectFrom('title_authors as ta').select('ta.title_id').where('ta.author_id', '=', q.authorId));
  let page = base.select([...reviewColumns, 't.name as title_name']);
  page = q.sort === 'popular' ? page.orderBy('r.like_count', 'desc').orderBy('r.created_at', 'desc') : page.orderBy('r.created_at', 'desc');
  const [rows, total] = await Promise.all([
    page.orderBy('r.id', 'desc').offset(q.offset).limit(q.limit).execute(),
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows: rows.map((r) => ({ ...normalise(r), title_name: r.title_name })), totalCount: Number(total.n) };
}

export async function listUserReviews(db: Db, userId: number, offset: number, limit: number, includeAdult = true) {
  // §6: reviews of R18 titles only for a verified adult who asked (ac=1).
  const base = db
    .selectFrom('reviews as r')
    .where('r.user_id', '=', userId)
    .where('r.deleted_at', 'is', null)
    .$if(!includeAdult, (q) =>
      q.where('r.title_id', 'not in', db.selectFrom('titles').select('titles.id').where('titles.erotic_type', '=', EroticType.R18)),
    );
  const [rows, total] = await Promise.all([
    base.select(reviewColumns).orderBy('r.created_at', 'desc').orderBy('r.id', 'desc').offset(offset).limit(limit).execute(),
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows: rows.map(normalise), totalCount: Number(total.n) };
}

// Built once: every series page asks for it, and building the query cost more than running it.
const selectStarCounts = preparedQuery((db, $: { titleId: number }) =>
  db
    .selectFrom('reviews')
    .select((eb) => ['star', eb.fn.countAll<number>().as('n')])
    .where('title_id', '=', $.titleId)
    .where('deleted_at', 'is', null)
    .groupBy('star'),
);

export async function starCounts(db: Db, titleId: number): Promise<Map<number, number>> {
  const { rows } = await selectStarCounts.execute(db, { titleId });
  return new Map(rows.map((r) => [Number(r.star), Number(r.n)]));
}

/** Comment counts and the viewer's likes of the listed reviews. */
export async function reviewExtras(db: Db, reviewIds: number[], viewerId: number | null) {
  if (reviewIds.length === 0) return { comments: new Map<number, number>(), liked: new Set<number>() };
  const [counts, likes] = await Promise.all([
    db
      .selectFrom('review_comments')
      .select((eb) => ['review_id', eb.fn.countAll<number>().as('n')])
      .where('review_id', 'in', reviewIds)
      .where('deleted_at', 'is', null)
      .groupBy('review_id')
      .execute(),
    viewerId === null
      ? Promise.resolve([])
      : db.selectFrom('review_likes').select('review_id').where('review_id', 'in', reviewIds).where('user_id', '=', viewerId).execute(),
  ]);
  return {
    comments: new Map(counts.map((c) => [c.review_id, Number(c.n)])),
    liked: new Set(likes.map((l) => l.review_id)),
  };
}

export function toReview(row: ReviewRow, extras: { commentCount: number; likeMe: boolean }, viewerId: number | null): Review {
  return {
    id: row.id,
    titleId: row.title_id,
    bookId: row.book_id,
    star: row.star,
    point: row.star,
    title: row.title,
    body: row.body,
    nickname: row.nickname,
    ameba: row.ameba_flg === 1,
    spoilerFlg: row.spoiler_flg === 1,
    commentRejectFlg: row.comment_reject_flg === 1,
    likeCount: row.like_count,
    commentCount: extras.commentCount,
    me: viewerId !== null && row.user_id === viewerId,
    likeMe: extras.likeMe,
    titleReviewFlg: row.book_id === null,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

export interface CommentRow {
  id: number;
  review_id: number;
  user_id: number;
  body: string;
  created_at: number;
  deleted_at: number | null;
  nickname: string;
}

const commentColumns = ['c.id', 'c.review_id', 'c.user_id', 'c.body', 'c.created_at', 'c.deleted_at', 'u.nickname'] as const;

export async function findComment(db: Db, commentId: number): Promise<CommentRow | undefined> {
  const row = await db
    .selectFrom('review_comments as c')
    .innerJoin('users as u', 'u.id', 'c.user_id')
    .select(commentColumns)
    .where('c.id', '=', commentId)
    .executeTakeFirst();
  return row ? normaliseComment(row) : undefined;
}

export async function listComments(
  db: Db,
  q: { reviewId?: number; userId?: number; offset: number; limit: number; includeAdult?: boolean },
) {
  let base = db.selectFrom('review_comments as c').innerJoin('users as u', 'u.id', 'c.user_id').where('c.deleted_at', 'is', null);
  // §6: comments on reviews of R18 titles only for a verified adult who asked (ac=1).
  if (q.includeAdult === false)
    base = base.where('c.review_id', 'not in', (eb) =>
      eb
        .selectFrom('reviews as r18')
        .innerJoin('titles as t18', 't18.id', 'r18.title_id')
        .select('r18.id')
        .where('t18.erotic_type', '=', EroticType.R18),
    );
  if (q.reviewId !== undefined) base = base.where('c.review_id', '=', q.reviewId);
  if (q.userId !== undefined) base = base.where('c.user_id', '=', q.userId);
  const [rows, total] = await Promise.all([
    base.select(commentColumns).orderBy('c.created_at', 'asc').orderBy('c.id', 'asc').offset(q.offset).limit(q.limit).execute(),
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows: rows.map(normaliseComment), totalCount: Number(total.n) };
}

export const toComment = (row: CommentRow, viewerId: number | null): ReviewComment => ({
  id: row.id,
  commentId: row.id,
  reviewId: row.review_id,
  userName: row.nickname,
  body: row.body,
  me: viewerId !== null && row.user_id === viewerId,
  createdAt: row.created_at,
});

// PostgreSQL answers bigint columns as strings: instants become numbers here.
const normalise = <T extends { created_at: unknown; updated_at: unknown; deleted_at: unknown }>(row: T) =>
  ({
    ...row,
    created_at: Number(row.created_at),
    updated_at: Number(row.updated_at),
    deleted_at: row.deleted_at === null ? null : Number(row.deleted_at),
  }) as unknown as ReviewRow;

const normaliseComment = (
  row: Omit<CommentRow, 'created_at' | 'deleted_at'> & { created_at: unknown; deleted_at: unknown },
): CommentRow => ({
  ...row,
  created_at: Number(row.created_at),
  deleted_at: row.deleted_at === null ? null : Number(row.deleted_at),
});
