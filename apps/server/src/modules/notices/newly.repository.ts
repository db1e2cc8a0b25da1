import { EroticType } from '@hondana/domain/catalog/catalog';
import type { NewlyNoticeType, NewlyReason } from '@hondana/domain/notices/notices';
import { sql } from 'kysely';
import type { Db } from '../../db/schema';

export async function titleExists(db: Db, titleId: number): Promise<boolean> {
  const title = await db.selectFrom('titles').select('id').where('id', '=', titleId).executeTakeFirst();
  return title !== undefined;
}

/** The title of a volume, or undefined when there is no such volume. */
export async function titleIdOfBook(db: Db, bookId: number): Promise<number | undefined> {
  const book = await db.selectFrom('books').select('title_id').where('id', '=', bookId).executeTakeFirst();
  return book?.title_id;
}

export async function findSetting(db: Db, userId: number, titleId: number) {
  return db
    .selectFrom('newly_notice_settings')
    .select(['title_status', 'author_status'])
    .where('user_id', '=', userId)
    .where('title_id', '=', titleId)
    .executeTakeFirst();
}

/**
 * Writes one follow switch. Switching on keeps the earlier `since` when the follow was already
 * on (so volumes between the two switches are not lost); switching off clears it.
 */
export async function upsertFollow(
  db: Db,
  userId: number,
  q: { titleId: number; type: NewlyNoticeType; on: 0 | 1; now: number },
): Promise<void> {
  const { on } = q;
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
}

/** Adds a message for each released volume of a title the member follows (duplicates are skipped). */
export async function insertTitleReleases(db: Db, userId: number, now: number): Promise<void> {
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
}

/** Adds a message for each released volume by an author the member follows (duplicates are skipped). */
export async function insertAuthorReleases(db: Db, userId: number, now: number): Promise<void> {
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

const liveMessages = (db: Db, userId: number) =>
  db.selectFrom('newly_messages as m').where('m.user_id', '=', userId).where('m.deleted_at', 'is', null);

/** §6: a message of an R18 title only for a verified adult who asked (ac=1). */
const withAdult = (db: Db, userId: number, includeAdult: boolean) =>
  liveMessages(db, userId).$if(!includeAdult, (q) =>
    q.where('m.title_id', 'not in', db.selectFrom('titles').select('titles.id').where('titles.erotic_type', '=', EroticType.R18)),
  );

/** A page of the member's messages that are not deleted, newest release first. */
export async function listMessageRows(db: Db, userId: number, q: { offset: number; limit: number; includeAdult?: boolean }) {
  return withAdult(db, userId, q.includeAdult ?? true)
    .innerJoin('books as b', 'b.id', 'm.book_id')
    .innerJoin('titles as t', 't.id', 'm.title_id')
    .select(['m.id', 'm.book_id', 'm.title_id', 't.name', 'b.vol', 'b.media_version', 'm.reason', 'm.released_at', 'm.displayed_flg'])
    .orderBy('m.released_at', 'desc')
    .orderBy('m.id', 'desc')
    .offset(q.offset)
    .limit(q.limit)
    .execute();
}

export async function countMessages(db: Db, userId: number, includeAdult = true): Promise<number> {
  const row = await withAdult(db, userId, includeAdult)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The member's messages not yet displayed; with `since`, only those of volumes released since then (ms). */
export async function countUndisplayed(db: Db, userId: number, since?: number): Promise<number> {
  const row = await db
    .selectFrom('newly_messages')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', userId)
    .where('deleted_at', 'is', null)
    .where('displayed_flg', '=', 0)
    .$if(since !== undefined, (q) => q.where('released_at', '>=', since!))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Sets the displayed flag on the member's own messages among `ids`; the number of rows changed. */
export async function setDisplayed(db: Db, userId: number, ids: number[], displayed: boolean): Promise<number> {
  const updated = await db
    .updateTable('newly_messages')
    .set({ displayed_flg: displayed ? 1 : 0 })
    .where('user_id', '=', userId)
    .where('id', 'in', ids)
    .executeTakeFirst();
  return Number(updated.numUpdatedRows);
}

export async function findMessage(db: Db, id: number) {
  return db.selectFrom('newly_messages').select(['user_id', 'deleted_at']).where('id', '=', id).executeTakeFirst();
}

/** Marks the message deleted (kept as a tombstone so it is not made again). */
export async function markMessageDeleted(db: Db, userId: number, id: number, now: number): Promise<void> {
  await db.updateTable('newly_messages').set({ deleted_at: now }).where('id', '=', id).where('user_id', '=', userId).execute();
}

const followsOf = (db: Db, userId: number, type: NewlyNoticeType | undefined) => {
  const base = db.selectFrom('newly_notice_settings as s').where('s.user_id', '=', userId);
  if (type === 'title') return base.where('s.title_status', '=', 1);
  if (type === 'author') return base.where('s.author_status', '=', 1);
  return base.where((eb) => eb.or([eb('s.title_status', '=', 1), eb('s.author_status', '=', 1)]));
};

/** A page of the member's follows (title or author on; `type` keeps one kind), newest change first. */
export async function listFollowRows(db: Db, userId: number, q: { offset: number; limit: number; type?: NewlyNoticeType }) {
  return followsOf(db, userId, q.type)
    .innerJoin('titles as t', 't.id', 's.title_id')
    .select(['s.title_id', 't.name', 's.title_status', 's.author_status'])
    .orderBy('s.updated_at', 'desc')
    .orderBy('s.title_id', 'desc')
    .offset(q.offset)
    .limit(q.limit)
    .execute();
}

export async function countFollows(db: Db, userId: number, type: NewlyNoticeType | undefined): Promise<number> {
  const row = await followsOf(db, userId, type)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
