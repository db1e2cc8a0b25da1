import { notFound } from '@hondana/domain/errors';
import type { WishTitle } from '@hondana/domain/notices-rules';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema';
import { coverUrl } from '../../media/media-spec';

type Db = Kysely<Database> | Transaction<Database>;
const COVER_WIDTH = 128;

async function wishCountOf(db: Db, titleId: number): Promise<number> {
  const row = await db
    .selectFrom('wish_titles')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('title_id', '=', titleId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * Puts a title on (or takes it off) the member's list. Adding twice or removing what is not
 * there changes nothing; a real add is also a 'wish' catalog event (rankings weigh wishes).
 */
export async function setWish(trx: Transaction<Database>, userId: number, titleId: number, wished: boolean, now: number) {
  const title = await trx.selectFrom('titles').select('id').where('id', '=', titleId).executeTakeFirst();
  if (!title) throw notFound('title');
  if (wished) {
    const added = await trx
      .insertInto('wish_titles')
      .values({ user_id: userId, title_id: titleId, created_at: now })
      .onConflict((oc) => oc.columns(['user_id', 'title_id']).doNothing())
      .executeTakeFirst();
    if (Number(added.numInsertedOrUpdatedRows ?? 0n) > 0) {
      await trx
        .insertInto('catalog_events')
        .values({ kind: 'wish', title_id: titleId, book_id: null, serial_id: null, user_id: userId, created_at: now })
        .execute();
    }
  } else {
    await trx.deleteFrom('wish_titles').where('user_id', '=', userId).where('title_id', '=', titleId).execute();
  }
  return { titleId, wished, wishCount: await wishCountOf(trx, titleId) };
}

export async function deleteWishes(trx: Transaction<Database>, userId: number, titleIds: number[]) {
  const removed = await trx.deleteFrom('wish_titles').where('user_id', '=', userId).where('title_id', 'in', titleIds).executeTakeFirst();
  return { deletedCount: Number(removed.numDeletedRows) };
}

export async function isWished(db: Db, userId: number, titleId: number): Promise<boolean> {
  const row = await db.selectFrom('wish_titles').select('title_id').where('user_id', '=', userId).where('title_id', '=', titleId).executeTakeFirst();
  return row !== undefined;
}

/** The member's list, newest first, each title with its newest released volume. */
export async function listWishes(db: Db, userId: number, offset: number, limit: number, now: number) {
  const base = db.selectFrom('wish_titles as w').where('w.user_id', '=', userId);
  const [rows, total] = await Promise.all([
    base
      .innerJoin('titles as t', 't.id', 'w.title_id')
      .select(['t.id', 't.name', 'w.created_at'])
      .orderBy('w.created_at', 'desc')
      .orderBy('t.id', 'desc')
      .offset(offset)
      .limit(limit)
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  const newest = await newestVolumes(db, rows.map((r) => r.id), now);
  const titles: WishTitle[] = rows.map((r) => {
    const book = newest.get(r.id);
    return {
      titleId: r.id,
      name: r.name,
      imageUrl: book?.imageUrl ?? null,
      wishedAt: Number(r.created_at),
      newestBook: book ?? null,
    };
  });
  return { totalCount: Number(total.n), titles };
}

async function newestVolumes(db: Db, titleIds: number[], now: number) {
  const byTitle = new Map<number, NonNullable<WishTitle['newestBook']>>();
  if (titleIds.length === 0) return byTitle;
  const rows = await db
    .selectFrom('books')
    .select(['id', 'title_id', 'vol', 'start_datetime', 'media_version'])
    .where('title_id', 'in', titleIds)
    .where('start_datetime', '<=', now)
    .where('sales_status', '!=', 'STOPPED')
    .orderBy('vol', 'desc')
    .execute();
  for (const r of rows) {
    if (byTitle.has(r.title_id)) continue;
    byTitle.set(r.title_id, {
      bookId: r.id,
      vol: r.vol,
      startDatetime: Number(r.start_datetime),
      imageUrl: coverUrl(r.id, COVER_WIDTH, r.media_version),
    });
  }
  return byTitle;
}
