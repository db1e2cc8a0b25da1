import type { Kysely } from 'kysely';
import { notNull } from './helpers';

/**
 * Images inside an imported text book's chapters: each one's original (kept like a page's) and
 * the chapter it belongs to, whose sample rule decides who may see it. A chapter body shows
 * image N with a `［＃挿絵N］` line.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('book_text_images')
    .addColumn('book_id', 'integer', (c) => c.notNull().references('books.id').onDelete('cascade'))
    .addColumn('image_no', 'integer', notNull)
    .addColumn('chapter_no', 'integer', notNull)
    .addColumn('original_key', 'text', notNull)
    .addColumn('width', 'integer', notNull)
    .addColumn('height', 'integer', notNull)
    .addPrimaryKeyConstraint('book_text_images_pk', ['book_id', 'image_no'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('book_text_images').execute();
}
