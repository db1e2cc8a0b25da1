import type { Kysely } from 'kysely';
import { notNull } from './helpers';

/**
 * Episode pages uploaded from the console: each page's stored original (its derivatives are made
 * from it instead of drawn demo art), and a media version on episodes that goes into page URLs
 * (`?v=`), so an upload changes every URL and no cache keeps the old pages.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('serial_episodes')
    .addColumn('media_version', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createTable('serial_episode_page_originals')
    .addColumn('episode_id', 'integer', (c) => c.notNull().references('serial_episodes.id').onDelete('cascade'))
    .addColumn('page_no', 'integer', notNull)
    .addColumn('original_key', 'text', notNull)
    .addPrimaryKeyConstraint('serial_episode_page_originals_pk', ['episode_id', 'page_no'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('serial_episode_page_originals').execute();
  await db.schema.alterTable('serial_episodes').dropColumn('media_version').execute();
}
