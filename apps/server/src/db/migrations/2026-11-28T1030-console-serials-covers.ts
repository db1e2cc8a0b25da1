import type { Kysely } from 'kysely';
import { millis, notNull } from './helpers';

/**
 * The console's serials and covers: a version on serials and episodes for concurrent edits, an
 * episode's own spend type (null: derived from its price and the serial's normal ticket), and a
 * cover uploaded for a book, which takes the place of the imported or drawn one.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('serials')
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('serial_episodes')
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('serial_episodes').addColumn('spend_type', 'integer').execute();
  await db.schema
    .createTable('book_cover_uploads')
    .addColumn('book_id', 'integer', (c) => c.primaryKey().references('books.id').onDelete('cascade'))
    .addColumn('original_key', 'text', notNull)
    .addColumn('width', 'integer', notNull)
    .addColumn('height', 'integer', notNull)
    .addColumn('uploaded_at', millis, notNull)
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('book_cover_uploads').execute();
  await db.schema.alterTable('serial_episodes').dropColumn('spend_type').execute();
  await db.schema.alterTable('serial_episodes').dropColumn('version').execute();
  await db.schema.alterTable('serials').dropColumn('version').execute();
}
