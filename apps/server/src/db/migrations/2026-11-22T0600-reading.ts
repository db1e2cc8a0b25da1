import type { Kysely } from 'kysely';
import { millis, notNull } from './helpers';

const userId = (c: Parameters<typeof notNull>[0]) => c.notNull().references('users.id').onDelete('cascade');
const bookId = (c: Parameters<typeof notNull>[0]) => c.notNull().references('books.id').onDelete('cascade');

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('reading_positions')
    .addColumn('user_id', 'integer', userId)
    .addColumn('book_id', 'integer', bookId)
    .addColumn('page', 'integer', notNull)
    .addColumn('font', 'text')
    .addColumn('read_at', millis, notNull)
    .addColumn('device_id', 'text')
    .addColumn('updated_at', millis, notNull)
    .addPrimaryKeyConstraint('reading_positions_pk', ['user_id', 'book_id'])
    .execute();

  await db.schema
    .createTable('bookmarks')
    .addColumn('user_id', 'integer', userId)
    .addColumn('book_id', 'integer', bookId)
    .addColumn('page', 'integer', notNull)
    .addColumn('created_at', millis, notNull)
    .addPrimaryKeyConstraint('bookmarks_pk', ['user_id', 'book_id', 'page'])
    .execute();

  await db.schema
    .createTable('viewer_settings')
    .addColumn('user_id', 'integer', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('settings', 'text', notNull)
    .addColumn('updated_at', millis, notNull)
    .execute();

  await db.schema
    .createTable('read_ends')
    .addColumn('user_id', 'integer', userId)
    .addColumn('book_id', 'integer', bookId)
    .addColumn('created_at', millis, notNull)
    .addPrimaryKeyConstraint('read_ends_pk', ['user_id', 'book_id'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('read_ends').execute();
  await db.schema.dropTable('viewer_settings').execute();
  await db.schema.dropTable('bookmarks').execute();
  await db.schema.dropTable('reading_positions').execute();
}
