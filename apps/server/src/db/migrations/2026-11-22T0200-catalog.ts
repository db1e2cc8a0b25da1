import type { Kysely } from 'kysely';
import { millis, notNull, withId } from './helpers';

/** The catalog of spec §3: authors, publishers, titles, books and their pages, serials, episodes, events. */
export async function up(db: Kysely<any>): Promise<void> {
  await withId(db, db.schema.createTable('authors'))
    .addColumn('name', 'text', notNull)
    .addColumn('kana', 'text', notNull)
    .addColumn('profile', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', millis, notNull)
    .execute();

  await withId(db, db.schema.createTable('publishers')).addColumn('name', 'text', notNull).addColumn('kana', 'text', notNull).execute();

  await withId(db, db.schema.createTable('magazines'))
    .addColumn('name', 'text', notNull)
    .addColumn('kana', 'text', notNull)
    .addColumn('publisher_id', 'integer', (c) => c.references('publishers.id'))
    .execute();

  await db.schema
    .createTable('genres')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('name', 'text', notNull)
    .execute();

  await withId(db, db.schema.createTable('titles'))
    .addColumn('name', 'text', notNull)
    .addColumn('kana', 'text', notNull)
    .addColumn('description', 'text', notNull)
    .addColumn('page_type', 'text', notNull)
    .addColumn('genre_id', 'integer', (c) => c.references('genres.id'))
    .addColumn('erotic_type', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('complete_flg', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('magazine_id', 'integer', (c) => c.references('magazines.id'))
    .addColumn('publisher_id', 'integer', (c) => c.references('publishers.id'))
    .addColumn('notes', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', millis, notNull)
    .addColumn('updated_at', millis, notNull)
    .execute();
  await db.schema.createIndex('titles_page_type').on('titles').columns(['page_type', 'erotic_type']).execute();
  await db.schema.createIndex('titles_created_at').on('titles').column('created_at').execute();
  await db.schema.createIndex('titles_publisher_id').on('titles').column('publisher_id').execute();
  await db.schema.createIndex('titles_magazine_id').on('titles').column('magazine_id').execute();

  await db.schema
    .createTable('title_authors')
    .addColumn('title_id', 'integer', (c) => c.notNull().references('titles.id').onDelete('cascade'))
    .addColumn('author_id', 'integer', (c) => c.notNull().references('authors.id'))
    .addColumn('role', 'text', notNull)
    .addColumn('sort_order', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('title_authors_pk', ['title_id', 'author_id', 'role'])
    .execute();
  await db.schema.createIndex('title_authors_author_id').on('title_authors').column('author_id').execute();

  await createBooks(db);
  await createSerials(db);

  await withId(db, db.schema.createTable('catalog_events'))
    .addColumn('kind', 'text', notNull)
    .addColumn('title_id', 'integer', (c) => c.notNull().references('titles.id').onDelete('cascade'))
    .addColumn('book_id', 'integer', (c) => c.references('books.id').onDelete('cascade'))
    .addColumn('serial_id', 'integer', (c) => c.references('serials.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', millis, notNull)
    .execute();
  await db.schema.createIndex('catalog_events_kind_created').on('catalog_events').columns(['kind', 'created_at']).execute();
  await db.schema.createIndex('catalog_events_title_created').on('catalog_events').columns(['title_id', 'created_at']).execute();
  await db.schema.createIndex('catalog_events_book_id').on('catalog_events').column('book_id').execute();
  await db.schema.createIndex('catalog_events_serial_id').on('catalog_events').column('serial_id').execute();
  await db.schema.createIndex('catalog_events_user_id').on('catalog_events').column('user_id').execute();
}

async function createBooks(db: Kysely<any>): Promise<void> {
  await withId(db, db.schema.createTable('books'))
    .addColumn('title_id', 'integer', (c) => c.notNull().references('titles.id').onDelete('cascade'))
    .addColumn('vol', 'integer', notNull)
    .addColumn('contents_name', 'text', notNull)
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('price', 'integer', notNull)
    .addColumn('tax_amount', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('sale_price', 'integer')
    .addColumn('sale_start_datetime', millis)
    .addColumn('sale_end_datetime', millis)
    .addColumn('free_flg', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('free_start_datetime', millis)
    .addColumn('free_end_datetime', millis)
    .addColumn('start_datetime', millis, notNull)
    .addColumn('end_datetime', millis)
    .addColumn('sales_status', 'text', (c) => c.notNull().defaultTo('ON_SALE'))
    .addColumn('layout_type', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('direction', 'text', (c) => c.notNull().defaultTo('rtl'))
    .addColumn('writing_mode', 'text')
    .addColumn('page_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('sample_page_total', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('custom_sample_pages', 'text')
    .addColumn('imaged_reflow', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('rental_minutes', 'integer')
    .addColumn('media_version', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', millis, notNull)
    .addUniqueConstraint('books_title_vol', ['title_id', 'vol'])
    .execute();
  await db.schema.createIndex('books_start_datetime').on('books').column('start_datetime').execute();
  await db.schema.createIndex('books_free').on('books').columns(['free_flg', 'free_end_datetime']).execute();
  await db.schema.createIndex('books_sale_end').on('books').column('sale_end_datetime').execute();

  await db.schema
    .createTable('book_pages')
    .addColumn('book_id', 'integer', (c) => c.notNull().references('books.id').onDelete('cascade'))
    .addColumn('page_no', 'integer', notNull)
    .addColumn('width', 'integer', notNull)
    .addColumn('height', 'integer', notNull)
    .addColumn('wide_flg', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('book_pages_pk', ['book_id', 'page_no'])
    .execute();

  await db.schema
    .createTable('book_navigations')
    .addColumn('book_id', 'integer', (c) => c.notNull().references('books.id').onDelete('cascade'))
    .addColumn('seq', 'integer', notNull)
    .addColumn('page_no', 'integer', notNull)
    .addColumn('text', 'text', notNull)
    .addPrimaryKeyConstraint('book_navigations_pk', ['book_id', 'seq'])
    .execute();

  await db.schema
    .createTable('book_text_chapters')
    .addColumn('book_id', 'integer', (c) => c.notNull().references('books.id').onDelete('cascade'))
    .addColumn('chapter_no', 'integer', notNull)
    .addColumn('title', 'text', notNull)
    .addColumn('body', 'text', notNull)
    .addColumn('char_count', 'integer', notNull)
    .addPrimaryKeyConstraint('book_text_chapters_pk', ['book_id', 'chapter_no'])
    .execute();
}

async function createSerials(db: Kysely<any>): Promise<void> {
  await withId(db, db.schema.createTable('serials'))
    .addColumn('title_id', 'integer', (c) => c.references('titles.id').onDelete('set null'))
    .addColumn('name', 'text', notNull)
    .addColumn('description', 'text', notNull)
    .addColumn('category', 'text', notNull)
    .addColumn('theme_color', 'text', notNull)
    .addColumn('sub_color', 'text', notNull)
    .addColumn('ticket_usable', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('reward_usable', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('charge_minutes', 'integer', (c) => c.notNull().defaultTo(1380))
    .addColumn('rental_minutes', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('order_only', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('end_datetime', millis)
    .addColumn('created_at', millis, notNull)
    .execute();
  await db.schema.createIndex('serials_title_id').on('serials').column('title_id').execute();

  await withId(db, db.schema.createTable('serial_episodes'))
    .addColumn('serial_id', 'integer', (c) => c.notNull().references('serials.id').onDelete('cascade'))
    .addColumn('order_sequence', 'integer', notNull)
    .addColumn('title', 'text', notNull)
    .addColumn('price', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('free_flg', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('release_datetime', millis, notNull)
    .addColumn('end_datetime', millis)
    .addColumn('layout_type', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('page_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('book_id', 'integer', (c) => c.references('books.id').onDelete('set null'))
    .addColumn('created_at', millis, notNull)
    .addUniqueConstraint('serial_episodes_sequence', ['serial_id', 'order_sequence'])
    .execute();
  await db.schema.createIndex('serial_episodes_release').on('serial_episodes').column('release_datetime').execute();

  await db.schema
    .createTable('serial_episode_pages')
    .addColumn('episode_id', 'integer', (c) => c.notNull().references('serial_episodes.id').onDelete('cascade'))
    .addColumn('page_no', 'integer', notNull)
    .addColumn('width', 'integer', notNull)
    .addColumn('height', 'integer', notNull)
    .addPrimaryKeyConstraint('serial_episode_pages_pk', ['episode_id', 'page_no'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of [
    'catalog_events',
    'serial_episode_pages',
    'serial_episodes',
    'serials',
    'book_text_chapters',
    'book_navigations',
    'book_pages',
    'books',
    'title_authors',
    'titles',
    'genres',
    'magazines',
    'publishers',
    'authors',
  ]) {
    await db.schema.dropTable(table).execute();
  }
}
