import type { Kysely } from 'kysely';
import { millis, notNull, withId } from './helpers';

/**
 * Banner images uploaded in the console (issue 34): each stored once in the media store under its
 * hash (`originals/<sha256>.<ext>`, proved an image by decoding it) and served at the banner's
 * widths by `/media/banners/<id>/<width>.<format>`; a reach banner names the image it shows
 * (null for a banner whose image address was typed before uploads existed).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await withId(db, db.schema.createTable('banner_images'))
    .addColumn('original_key', 'text', (c) => c.notNull().unique())
    .addColumn('width', 'integer', notNull)
    .addColumn('height', 'integer', notNull)
    .addColumn('uploaded_at', millis, notNull)
    .execute();
  await db.schema
    .alterTable('reach_banners')
    .addColumn('image_id', 'integer', (c) => c.references('banner_images.id'))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('reach_banners').dropColumn('image_id').execute();
  await db.schema.dropTable('banner_images').execute();
}
