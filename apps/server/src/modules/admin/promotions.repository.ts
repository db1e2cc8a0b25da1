import type { Insertable, Updateable } from 'kysely';
import type { Database, Db } from '../../db/schema';

/**
 * Queries of the console's commerce editors. They write the very tables the store reads: the
 * point breakdown (`orders.repository` activeCampaigns), the cart's bundles (`cart/bundle.repository`)
 * and the coin shop (`wallet/coin-shop.service`). Every edit is conditional on the version read.
 */

export const pointCampaignRows = (db: Db) => db.selectFrom('point_campaigns').selectAll().orderBy('id', 'desc').limit(500).execute();
export const pointCampaignRow = (db: Db, id: number) =>
  db.selectFrom('point_campaigns').selectAll().where('id', '=', id).executeTakeFirst();
export type PointCampaignRow = NonNullable<Awaited<ReturnType<typeof pointCampaignRow>>>;

export const insertPointCampaign = async (db: Db, row: Insertable<Database['point_campaigns']>): Promise<number> =>
  (await db.insertInto('point_campaigns').values(row).returning('id').executeTakeFirstOrThrow()).id;

/** Writes the campaign only if it is still at `version` (and bumps it); false when another edit came first. */
export async function updatePointCampaignAt(
  db: Db,
  id: number,
  version: number,
  row: Updateable<Database['point_campaigns']>,
): Promise<boolean> {
  const result = await db
    .updateTable('point_campaigns')
    .set((eb) => ({ ...row, version: eb('version', '+', 1) }))
    .where('id', '=', id)
    .where('version', '=', version)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

export const bookExists = async (db: Db, id: number) =>
  (await db.selectFrom('books').select('id').where('id', '=', id).executeTakeFirst()) !== undefined;
export async function genresExist(db: Db, ids: readonly number[]): Promise<boolean> {
  if (ids.length === 0) return true;
  const rows = await db
    .selectFrom('genres')
    .select('id')
    .where('id', 'in', [...ids])
    .execute();
  return rows.length === new Set(ids).size;
}
export const publisherExists = async (db: Db, id: number) =>
  (await db.selectFrom('publishers').select('id').where('id', '=', id).executeTakeFirst()) !== undefined;
export const titleExists = async (db: Db, id: number) =>
  (await db.selectFrom('titles').select('id').where('id', '=', id).executeTakeFirst()) !== undefined;

export const bundleRows = (db: Db) => db.selectFrom('bundles').selectAll().orderBy('id', 'desc').limit(500).execute();
export const bundleRow = (db: Db, id: number) => db.selectFrom('bundles').selectAll().where('id', '=', id).executeTakeFirst();
export type BundleRow = NonNullable<Awaited<ReturnType<typeof bundleRow>>>;
/** The bundle's columns a console edit sets. */
export type BundleColumns = Omit<Insertable<Database['bundles']>, 'id' | 'version' | 'created_at'>;

/** The books of the bundles, by volume order. */
export function bundleBooks(db: Db, bundleIds: number[]) {
  if (bundleIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('bundle_books as bb')
    .innerJoin('books as b', 'b.id', 'bb.book_id')
    .select(['bb.bundle_id', 'b.id', 'b.title_id', 'b.vol', 'b.contents_name', 'b.price'])
    .where('bb.bundle_id', 'in', bundleIds)
    .orderBy('b.title_id')
    .orderBy('b.vol')
    .orderBy('b.id')
    .execute();
}

export const booksByIds = (db: Db, ids: number[]) => db.selectFrom('books').select(['id', 'price']).where('id', 'in', ids).execute();

export const insertBundle = async (db: Db, row: Insertable<Database['bundles']>): Promise<number> =>
  (await db.insertInto('bundles').values(row).returning('id').executeTakeFirstOrThrow()).id;

export async function updateBundleAt(db: Db, id: number, version: number, row: Updateable<Database['bundles']>): Promise<boolean> {
  const result = await db
    .updateTable('bundles')
    .set((eb) => ({ ...row, version: eb('version', '+', 1) }))
    .where('id', '=', id)
    .where('version', '=', version)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

export async function replaceBundleBooks(db: Db, bundleId: number, bookIds: number[]): Promise<void> {
  await db.deleteFrom('bundle_books').where('bundle_id', '=', bundleId).execute();
  await db
    .insertInto('bundle_books')
    .values(bookIds.map((bookId) => ({ bundle_id: bundleId, book_id: bookId })))
    .execute();
}

export const coinPackRows = (db: Db) =>
  db
    .selectFrom('manga_coin_items as i')
    .selectAll('i')
    .select((eb) =>
      eb
        .selectFrom('orders as o')
        .select((o) => o.fn.countAll<number>().as('n'))
        .whereRef('o.coin_item_id', '=', 'i.id')
        .where('o.kind', '=', 'MANGA_COIN')
        .where('o.status', 'in', ['COMPLETE', 'DELIVERED'])
        .as('sold'),
    )
    .orderBy('i.sort_order')
    .orderBy('i.id')
    .execute();
export const coinPackRow = (db: Db, id: number) => db.selectFrom('manga_coin_items').selectAll().where('id', '=', id).executeTakeFirst();
export type CoinPackRow = NonNullable<Awaited<ReturnType<typeof coinPackRow>>>;
/** The pack's columns a console edit sets (showing and hiding it is its own action). */
export type CoinPackColumns = Omit<Insertable<Database['manga_coin_items']>, 'id' | 'version' | 'active'>;

export const insertCoinPack = async (db: Db, row: Insertable<Database['manga_coin_items']>): Promise<number> =>
  (await db.insertInto('manga_coin_items').values(row).returning('id').executeTakeFirstOrThrow()).id;

export async function updateCoinPackAt(
  db: Db,
  id: number,
  version: number,
  row: Updateable<Database['manga_coin_items']>,
): Promise<boolean> {
  const result = await db
    .updateTable('manga_coin_items')
    .set((eb) => ({ ...row, version: eb('version', '+', 1) }))
    .where('id', '=', id)
    .where('version', '=', version)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}
