import { notFound } from '@hondana/domain/common/errors';
import type { WishChange, WishListResponse, WishTitle, WishesDeleted } from '@hondana/domain/notices/notices-api';
import type { Transaction } from 'kysely';
import type { Database, Db } from '../../db/schema';
import { coverUrl } from '../../media/media-spec';
import { recordCatalogEvent } from '../catalog/catalog-events';
import * as repo from './wish-list.repository';

const COVER_WIDTH = 128;

/**
 * Puts a title on (or takes it off) the member's list. Adding twice or removing what is not
 * there changes nothing; a real add is also a 'wish' catalog event (rankings weigh wishes).
 */
export async function setWish(
  trx: Transaction<Database>,
  userId: number,
  titleId: number,
  wished: boolean,
  now: number,
): Promise<WishChange> {
  if (!(await repo.titleExists(trx, titleId))) throw notFound('title');
  if (!wished) await repo.deleteWishes(trx, userId, [titleId]);
  else if (await repo.insertWish(trx, userId, titleId, now)) await recordCatalogEvent(trx, { kind: 'wish', titleId, userId, now });
  return { titleId, wished, wishCount: await repo.wishCountOf(trx, titleId) };
}

export async function deleteWishes(trx: Transaction<Database>, userId: number, titleIds: number[]): Promise<WishesDeleted> {
  return { deletedCount: await repo.deleteWishes(trx, userId, titleIds) };
}

/** Whether a title is on a member's list, as a subquery (the pages' member statement). */
export { wishedTitleQuery } from './wish-list.repository';

export const isWished = (db: Db, userId: number, titleId: number): Promise<boolean> => repo.isWished(db, userId, titleId);

/** The member's list, newest first, each title with its newest released volume. */
export async function listWishes(
  db: Db,
  userId: number,
  offset: number,
  limit: number,
  now: number,
  includeAdult = true,
): Promise<WishListResponse> {
  const { rows, totalCount } = await repo.listWishedTitles(db, userId, offset, limit, includeAdult);
  const newest = await newestVolumes(
    db,
    rows.map((r) => r.id),
    now,
  );
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
  return { totalCount, titles };
}

async function newestVolumes(db: Db, titleIds: number[], now: number) {
  const byTitle = new Map<number, NonNullable<WishTitle['newestBook']>>();
  if (titleIds.length === 0) return byTitle;
  for (const r of await repo.releasedVolumesOf(db, titleIds, now)) {
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
