import type { Kysely } from 'kysely';
import { millis, notNull, withId } from './helpers';

/**
 * Bundles: a set of books sold together at a bundle price during a sale period, and
 * the bundle a cart row was added with (the cart shows a bundle's rows as one §3 Cart item).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await withId(db, db.schema.createTable('bundles'))
    .addColumn('name', 'text', notNull)
    .addColumn('bundle_price', 'integer', notNull)
    .addColumn('start_at', millis, notNull)
    .addColumn('end_at', millis)
    .addColumn('created_at', millis, notNull)
    .execute();

  await db.schema
    .createTable('bundle_books')
    .addColumn('bundle_id', 'integer', (c) => c.notNull().references('bundles.id').onDelete('cascade'))
    .addColumn('book_id', 'integer', (c) => c.notNull().references('books.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('bundle_books_pk', ['bundle_id', 'book_id'])
    .execute();
  await db.schema.createIndex('bundle_books_book').on('bundle_books').column('book_id').execute();

  await db.schema
    .alterTable('cart_items')
    .addColumn('bundle_id', 'integer', (c) => c.references('bundles.id').onDelete('set null'))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('cart_items').dropColumn('bundle_id').execute();
  await db.schema.dropTable('bundle_books').execute();
  await db.schema.dropTable('bundles').execute();
}
