import type { Kysely } from 'kysely';
import { millis, notNull, withId } from './helpers';

export async function up(db: Kysely<any>): Promise<void> {
  await withId(db, db.schema.createTable('users'))
    .addColumn('email', 'text', (c) => c.notNull().unique())
    .addColumn('password_hash', 'text', notNull)
    .addColumn('nickname', 'text', notNull)
    .addColumn('profile', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('image_flg', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('birth_date', 'text', notNull)
    .addColumn('adult_state', 'text', (c) => c.notNull().defaultTo('NONE'))
    .addColumn('login_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', millis, notNull)
    .addColumn('last_login_at', millis)
    .addColumn('withdrawn_at', millis)
    .execute();

  await db.schema
    .createTable('sessions')
    .addColumn('id_hash', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', millis, notNull)
    .addColumn('expires_at', millis, notNull)
    .execute();
  await db.schema.createIndex('sessions_user_id').on('sessions').column('user_id').execute();

  await db.schema
    .createTable('one_time_tokens')
    .addColumn('token_hash', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('purpose', 'text', notNull)
    .addColumn('created_at', millis, notNull)
    .addColumn('expires_at', millis, notNull)
    .addColumn('used_at', millis)
    .addColumn('request_hash', 'text')
    .addColumn('response_status', 'integer')
    .addColumn('response_body', 'text')
    .execute();
  await db.schema.createIndex('one_time_tokens_expires_at').on('one_time_tokens').column('expires_at').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('one_time_tokens').execute();
  await db.schema.dropTable('sessions').execute();
  await db.schema.dropTable('users').execute();
}
