import type { Insertable, Updateable } from 'kysely';
import type { Database, Db } from '../../db/schema';

/**
 * Queries of the console's banner editor. They write the very table the store's banner calls read
 * (`invitations/banners.repository` activeReachBanners). Every edit is conditional on the version read.
 */

export const bannerRows = (db: Db) => db.selectFrom('reach_banners').selectAll().orderBy('id', 'desc').limit(500).execute();
export const bannerRow = (db: Db, id: number) => db.selectFrom('reach_banners').selectAll().where('id', '=', id).executeTakeFirst();
export type BannerRow = NonNullable<Awaited<ReturnType<typeof bannerRow>>>;
/** The banner's columns a console edit sets. */
export type BannerColumns = Omit<Insertable<Database['reach_banners']>, 'id' | 'version'>;

export const insertBanner = async (db: Db, row: Insertable<Database['reach_banners']>): Promise<number> =>
  (await db.insertInto('reach_banners').values(row).returning('id').executeTakeFirstOrThrow()).id;

/** Writes the banner only if it is still at `version` (and bumps it); false when another edit came first. */
export async function updateBannerAt(db: Db, id: number, version: number, row: Updateable<Database['reach_banners']>): Promise<boolean> {
  const result = await db
    .updateTable('reach_banners')
    .set((eb) => ({ ...row, version: eb('version', '+', 1) }))
    .where('id', '=', id)
    .where('version', '=', version)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** Records an uploaded banner image, or finds the row of the same image uploaded before; its id. */
export async function addBannerImage(db: Db, row: Insertable<Database['banner_images']>): Promise<number> {
  await db
    .insertInto('banner_images')
    .values(row)
    .onConflict((oc) => oc.column('original_key').doNothing())
    .execute();
  return (await db.selectFrom('banner_images').select('id').where('original_key', '=', row.original_key).executeTakeFirstOrThrow()).id;
}

export const bannerImage = (db: Db, id: number) =>
  db.selectFrom('banner_images').select(['id', 'width', 'height']).where('id', '=', id).executeTakeFirst();
