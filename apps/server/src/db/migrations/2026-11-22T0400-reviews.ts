import type { Kysely } from 'kysely';
import { millis, notNull, withId } from './helpers';

/** Reviews of titles, their likes, comments, reports and the notices to their writers (§3). */
export async function up(db: Kysely<any>): Promise<void> {
  await withId(db, db.schema.createTable('reviews'))
    .addColumn('title_id', 'integer', (c) => c.notNull().references('titles.id').onDelete('cascade'))
    .addColumn('book_id', 'integer', (c) => c.references('books.id').onDelete('set null'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('star', 'integer', notNull)
    .addColumn('title', 'text', notNull)
    .addColumn('body', 'text', notNull)
    .addColumn('nickname', 'text', notNull)
    .addColumn('ameba_flg', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('spoiler_flg', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('comment_reject_flg', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('like_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', millis, notNull)
    .addColumn('updated_at', millis, notNull)
    .addColumn('deleted_at', millis)
    .addUniqueConstraint('reviews_title_user', ['title_id', 'user_id'])
    .execute();
  await db.schema.createIndex('reviews_title_popular').on('reviews').columns(['title_id', 'like_count']).execute();
  await db.schema.createIndex('reviews_title_created').on('reviews').columns(['title_id', 'created_at']).execute();
  await db.schema.createIndex('reviews_user_id').on('reviews').column('user_id').execute();

  await db.schema
    .createTable('review_likes')
    .addColumn('review_id', 'integer', (c) => c.notNull().references('reviews.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', millis, notNull)
    .addPrimaryKeyConstraint('review_likes_pk', ['review_id', 'user_id'])
    .execute();

  await withId(db, db.schema.createTable('review_comments'))
    .addColumn('review_id', 'integer', (c) => c.notNull().references('reviews.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('body', 'text', notNull)
    .addColumn('created_at', millis, notNull)
    .addColumn('updated_at', millis, notNull)
    .addColumn('deleted_at', millis)
    .execute();
  await db.schema.createIndex('review_comments_review').on('review_comments').columns(['review_id', 'created_at']).execute();
  await db.schema.createIndex('review_comments_user').on('review_comments').column('user_id').execute();

  await withId(db, db.schema.createTable('review_reports'))
    .addColumn('review_id', 'integer', (c) => c.references('reviews.id').onDelete('cascade'))
    .addColumn('comment_id', 'integer', (c) => c.references('review_comments.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('warning_code', 'text', notNull)
    .addColumn('created_at', millis, notNull)
    .execute();

  await withId(db, db.schema.createTable('review_notices'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('review_id', 'integer', (c) => c.notNull().references('reviews.id').onDelete('cascade'))
    .addColumn('actor_user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('type', 'text', notNull)
    .addColumn('comment_id', 'integer', (c) => c.references('review_comments.id').onDelete('cascade'))
    .addColumn('read_flg', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', millis, notNull)
    .execute();
  await db.schema.createIndex('review_notices_user').on('review_notices').columns(['user_id', 'read_flg']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['review_notices', 'review_reports', 'review_comments', 'review_likes', 'reviews']) {
    await db.schema.dropTable(table).execute();
  }
}
