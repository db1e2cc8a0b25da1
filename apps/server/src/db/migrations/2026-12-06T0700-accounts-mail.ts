import { type Kysely, sql } from 'kysely';
import { millis, notNull, withId } from './helpers';

/**
 * A customer's account and mail (issue 38): the confirmed state of a member's address, what a
 * session's list shows (device, place, last seen) and when its password was last given again,
 * single-use account links (address confirmation and change, password reset), the mail outbox
 * the scheduler drains, the new-volume scan's watermark and the mail switch of the
 * notification settings. Members who signed up before this had no way to confirm: they count
 * as confirmed.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('users').addColumn('email_confirmed_at', millis).execute();
  await sql`update users set email_confirmed_at = created_at`.execute(db);

  await db.schema
    .alterTable('sessions')
    .addColumn('user_agent', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema
    .alterTable('sessions')
    .addColumn('ip_prefix', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema.alterTable('sessions').addColumn('last_seen_at', millis).execute();
  await db.schema.alterTable('sessions').addColumn('password_confirmed_at', millis).execute();

  await db.schema
    .createTable('account_links')
    .addColumn('token_hash', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('purpose', 'text', notNull)
    .addColumn('email', 'text', notNull)
    .addColumn('created_at', millis, notNull)
    .addColumn('expires_at', millis, notNull)
    .addColumn('used_at', millis)
    .execute();
  await db.schema.createIndex('account_links_user').on('account_links').columns(['user_id', 'purpose']).execute();

  await withId(db, db.schema.createTable('mail_outbox'))
    .addColumn('event_key', 'text', (c) => c.notNull().unique())
    .addColumn('kind', 'text', notNull)
    .addColumn('user_id', 'integer')
    .addColumn('to_address', 'text')
    .addColumn('payload', 'text', notNull)
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('PENDING'))
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('next_attempt_at', millis, notNull)
    .addColumn('lease_owner', 'text')
    .addColumn('lease_until', millis, (c) => c.notNull().defaultTo(0))
    .addColumn('message_id', 'text')
    .addColumn('last_error', 'text')
    .addColumn('created_at', millis, notNull)
    .addColumn('sent_at', millis)
    .execute();
  await db.schema.createIndex('mail_outbox_due').on('mail_outbox').columns(['status', 'next_attempt_at']).execute();

  await db.schema
    .createTable('mail_watermarks')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('until_at', millis, notNull)
    .execute();

  await db.schema
    .alterTable('notification_settings')
    .addColumn('mail_notification_enabled', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('notification_settings').dropColumn('mail_notification_enabled').execute();
  await db.schema.dropTable('mail_watermarks').execute();
  await db.schema.dropTable('mail_outbox').execute();
  await db.schema.dropTable('account_links').execute();
  for (const column of ['password_confirmed_at', 'last_seen_at', 'ip_prefix', 'user_agent'])
    await db.schema.alterTable('sessions').dropColumn(column).execute();
  await db.schema.alterTable('users').dropColumn('email_confirmed_at').execute();
}
