import type { Kysely } from 'kysely';
import { millis, notNull, withId } from './helpers';

/** My list, new-release follow settings, newly messages and notification settings (§3). */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('wish_titles')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('title_id', 'integer', (c) => c.notNull().references('titles.id').onDelete('cascade'))
    .addColumn('created_at', millis, notNull)
    .addPrimaryKeyConstraint('wish_titles_pk', ['user_id', 'title_id'])
    .execute();
  await db.schema.createIndex('wish_titles_title_id').on('wish_titles').column('title_id').execute();

  await db.schema
    .createTable('newly_notice_settings')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('title_id', 'integer', (c) => c.notNull().references('titles.id').onDelete('cascade'))
    .addColumn('title_status', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('author_status', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('title_since', millis)
    .addColumn('author_since', millis)
    .addColumn('updated_at', millis, notNull)
    .addPrimaryKeyConstraint('newly_notice_settings_pk', ['user_id', 'title_id'])
    .execute();

  await withId(db, db.schema.createTable('newly_messages'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('book_id', 'integer', (c) => c.notNull().references('books.id').onDelete('cascade'))
    .addColumn('title_id', 'integer', (c) => c.notNull().references('titles.id').onDelete('cascade'))
    .addColumn('reason', 'text', notNull)
    .addColumn('released_at', millis, notNull)
    .addColumn('displayed_flg', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('deleted_at', millis)
    .addUniqueConstraint('newly_messages_user_book', ['user_id', 'book_id'])
    .execute();
  await db.schema.createIndex('newly_messages_user_released').on('newly_messages').columns(['user_id', 'released_at']).execute();

  await db.schema
    .createTable('notification_settings')
    .addColumn('user_id', 'integer', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('line_push_enabled', 'integer', notNull)
    .addColumn('app_push_enabled', 'integer', notNull)
    .addColumn('ameba_notification_enabled', 'integer', notNull)
    .addColumn('updated_at', millis, notNull)
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['notification_settings', 'newly_messages', 'newly_notice_settings', 'wish_titles']) {
    await db.schema.dropTable(table).execute();
  }
}
