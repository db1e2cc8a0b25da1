import { notFound } from '@hondana/domain/errors';
import type { NewlyMessage, NewlyNoticeSetting, NewlyNoticeType, NewlyReason } from '@hondana/domain/notices-rules';
import { type Kysely, type Transaction, sql } from 'kysely';
import type { Database } from '../../db/schema';
import { coverUrl } from '../../media/media-spec';
import { forbidden } from '../reviews/parse-input';

type Db = Kysely<Database> | Transaction<Database>;
const COVER_WIDTH = 128;

export async function getSetting(db: Db, userId: number, titleId: number): Promise<NewlyNoticeSetting> {
  await requireTitle(db, titleId);
  const row = await db
    .selectFrom('newly_notice_settings')
    .select(['title_status', 'author_status'])
    .where('user_id', '=', userId)
    .where('title_id', '=', titleId)
    .executeTakeFirst();
  return { titleStatus: row?.title_status ?? 0, authorStatus: row?.author_status ?? 0 };
}

async function requireTitle(db: Db, titleId: number): Promise<void> {
  const title = await db.selectFrom('titles').select('id').where('id', '=', titleId).executeTakeFirst();
  if (!title) throw notFound('title');
}

/**
 * Follows (or stops following) a title or its authors. Volumes released after the moment a
 * follow is switched on, and by now, become newly messages; switching on again keeps that moment.
 */
export async function setFollow(
  db: Db,
  userId: number,
  q: { titleId: number; type: NewlyNoticeType; status: boolean; now: number },
): Promise<NewlyNoticeSetting> {
  await requireTitle(db, q.titleId);
  const on: 0 | 1 = q.status ? 1 : 0;
  const isTitle = q.type === 'title';
  const statusColumn = isTitle ? 'title_status' : 'author_status';
  const sinceColumn = isTitle ? 'title_since' : 'author_since';
  await db
    .insertInto('newly_notice_settings')
    .values({
      user_id: userId,
      title_id: q.titleId,
      title_status: isTitle ? on : 0,
      author_status: isTitle ? 0 : on,
      title_since: isTitle && on ? q.now : null,
      author_since: !isTitle && on ? q.now : null,
      updated_at: q.now,
    })
    .onConflict((oc) =>
      oc.columns(['user_id', 'title_id']).doUpdateSet({
        [statusColumn]: on,
        [sinceColumn]: on
          ? sql<number>`CASE WHEN newly_notice_settings.${sql.ref(statusColumn)} = 1 THEN newly_notice_settings.${sql.ref(sinceColumn)} ELSE ${q.now} END`
          : null,
        updated_at: q.now,
      }),
    )
    .execute();
  return getSetting(db, userId, q.titleId);
}

/** The title of a volume, for the viewer's "notify me of the next volume". */
export async function titleOfBook(db: Db, bookId: number): Promise<number> {
  const book = await db.selectFrom('books').select('title_id').where('id', '=', bookId).executeTakeFirst();
  if (!book) throw notFound('book');
  return book.title_id;
}

/**
 * Turns every followed volume whose release instant has passed into a newly message, once:
 * (user, book) is unique and deleted messages stay as tombstones, so running it again, or
 * from two processes at once, adds nothing. Called lazily before a member's messages are read.
 */
export async function materialise(db: Db, userId: number, now: number): Promise<void> {
  await db
    .insertInto('newly_messages')
    .columns(['user_id', 'book_id', 'title_id', 'reason', 'released_at'])
    .expression(
      db
        .selectFrom('newly_notice_settings as s')
        .innerJoin('books as b', 'b.title_id', 's.title_id')
        .select(['s.user_id', 'b.id', 'b.title_id', sql.lit<NewlyReason>('TITLE').as('reason'), 'b.start_datetime'])
        .where('s.user_id', '=', userId)
        .where('s.title_status', '=', 1)
        .whereRef('b.start_datetime', '>', 's.title_since')
        .where('b.start_datetime', '<=', now)
        .where('b.sales_status', '!=', 'STOPPED'),
    )
    .onConflict((oc) => oc.columns(['user_id', 'book_id']).doNothing())
    .execute();
  await db
    .insertInto('newly_messages')
    .columns(['user_id', 'book_id', 'title_id', 'reason', 'released_at'])
    .expression(
      db
        .selectFrom('newly_notice_settings as s')
        .innerJoin('title_authors as fa', 'fa.title_id', 's.title_id')
        .innerJoin('title_authors as ba', 'ba.author_id', 'fa.author_id')
        .innerJoin('books as b', 'b.title_id', 'ba.title_id')
        .select(['s.user_id', 'b.id', 'b.title_id', sql.lit<NewlyReason>('AUTHOR').as('reason'), 'b.start_datetime'])
        .distinct()
        .where('s.user_id', '=', userId)
        .where('s.author_status', '=', 1)
        .whereRef('b.start_datetime', '>', 's.author_since')
        .where('b.start_datetime', '<=', now)
        .where('b.sales_status', '!=', 'STOPPED'),
    )
    .onConflict((oc) => oc.columns(['user_id', 'book_id']).doNothing())
    .execute();
}

export async function listMessages(db: Db, userId: number, q: { offset: number; limit: number; now: number }) {
  await materialise(db, userId, q.now);
  const base = db.selectFrom('newly_messages as m').where('m.user_id', '=', userId).where('m.deleted_at', 'is', null);
  const [rows, total, unread] = await Promise.all([
    base
      .innerJoin('books as b', 'b.id', 'm.book_id')
      .innerJoin('titles as t', 't.id', 'm.title_id')
      .select(['m.id', 'm.book_id', 'm.title_id', 't.name', 'b.vol', 'b.media_version', 'm.reason', 'm.released_at', 'm.displayed_flg'])
      .orderBy('m.released_at', 'desc')
      .orderBy('m.id', 'desc')
      .offset(q.offset)
      .limit(q.limit)
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    undisplayedCount(db, userId),
  ]);
  const newlyMessages: NewlyMessage[] = rows.map((r) => ({
    id: r.id,
    bookId: r.book_id,
    titleId: r.title_id,
    titleName: r.name,
    vol: r.vol,
    imageUrl: coverUrl(r.book_id, COVER_WIDTH, r.media_version),
    reason: r.reason as NewlyReason,
    releaseDatetime: Number(r.released_at),
    displayed: r.displayed_flg === 1,
  }));
  return { totalCount: Number(total.n), unreadCount: unread, newlyMessages };
}

export async function undisplayedCount(db: Db, userId: number): Promise<number> {
  const row = await db
    .selectFrom('newly_messages')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', userId)
    .where('deleted_at', 'is', null)
    .where('displayed_flg', '=', 0)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function markDisplayed(db: Db, userId: number, ids: number[], displayed: boolean) {
  const updated = await db
    .updateTable('newly_messages')
    .set({ displayed_flg: displayed ? 1 : 0 })
    .where('user_id', '=', userId)
    .where('id', 'in', ids)
    .executeTakeFirst();
  return { updatedCount: Number(updated.numUpdatedRows) };
}

export async function deleteMessage(db: Db, userId: number, id: number, now: number) {
  const message = await db.selectFrom('newly_messages').select(['user_id', 'deleted_at']).where('id', '=', id).executeTakeFirst();
  if (!message || message.deleted_at !== null) throw notFound('newly message');
  if (message.user_id !== userId) throw forbidden('id: another member\'s message');
  await db.updateTable('newly_messages').set({ deleted_at: now }).where('id', '=', id).where('user_id', '=', userId).execute();
  return { result: 'OK', id };
}

/** The member's follows, newest change first (`/newly/get_newly_notice`; `type` keeps title or author follows only). */
export async function listFollows(db: Db, userId: number, q: { offset: number; limit: number; type?: NewlyNoticeType }) {
  let base = db.selectFrom('newly_notice_settings as s').where('s.user_id', '=', userId);
  base = q.type === 'title' ? base.where('s.title_status', '=', 1) : q.type === 'author' ? base.where('s.author_status', '=', 1) : base.where((eb) => eb.or([eb('s.title_status', '=', 1), eb('s.author_status', '=', 1)]));
  const [rows, total] = await Promise.all([
    base
      .innerJoin('titles as t', 't.id', 's.title_id')
      .select(['s.title_id', 't.name', 's.title_status', 's.author_status'])
      .orderBy('s.updated_at', 'desc')
      .orderBy('s.title_id', 'desc')
      .offset(q.offset)
      .limit(q.limit)
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return {
    totalCount: Number(total.n),
    newlyNotices: rows.map((r) => ({ titleId: r.title_id, titleName: r.name, titleStatus: r.title_status, authorStatus: r.author_status })),
  };
}
