import type { Kysely } from 'kysely';
import { millis, notNull } from './helpers';

/**
 * Imported books: where each came from (the re-import key: an EPUB's identifier or
 * the file's content hash) and the stored original of each page, so the media service makes
 * derivatives from the publisher's images instead of drawing demo art.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('book_sources')
    .addColumn('book_id', 'integer', (c) => c.primaryKey().references('books.id').onDelete('cascade'))
    .addColumn('source_key', 'text', (c) => c.notNull().unique())
    .addColumn('content_hash', 'text', notNull)
    .addColumn('file_name', 'text', notNull)
    .addColumn('format', 'text', notNull)
    .addColumn('cover_key', 'text')
    .addColumn('imported_at', millis, notNull)
    .addColumn('updated_at', millis, notNull)
    .execute();

  await db.schema
    .createTable('book_page_originals')
    .addColumn('book_id', 'integer', (c) => c.notNull().references('books.id').onDelete('cascade'))
    .addColumn('page_no', 'integer', notNull)
    .addColumn('original_key', 'text', notNull)
    .addColumn('spread', 'text')
    .addPrimaryKeyConstraint('book_page_originals_pk', ['book_id', 'page_no'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('book_page_originals').execute();
  await db.schema.dropTable('book_sources').execute();
}
