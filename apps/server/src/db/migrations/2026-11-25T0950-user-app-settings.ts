import type { Kysely } from 'kysely';
import { millis, notNull } from './helpers';

/**
 * What a member's app and web client register about them (§7 User and common): the top page
 * they chose (`/user_specify_top/register`, shown as get_status userSpecifyTop), the last app
 * login with its referrer and hash (`/common/update_user_login`), and their SNS link settings
 * (`/user/set_sns`), and the last app-session header a §7 call that names it brought.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('user_app_settings')
    .addColumn('user_id', 'integer', (c) => c.primaryKey().references('users.id'))
    .addColumn('specify_top', 'text')
    .addColumn('last_login_at', millis)
    .addColumn('login_referrer', 'text')
    .addColumn('login_hash', 'text')
    .addColumn('app_session', 'text')
    .addColumn('app_session_call', 'text')
    .addColumn('app_session_at', millis)
    .addColumn('updated_at', millis, notNull)
    .execute();
  await db.schema
    .createTable('user_sns_links')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('auth_name', 'text', notNull)
    .addColumn('status', 'integer', notNull)
    .addColumn('updated_at', millis, notNull)
    .addPrimaryKeyConstraint('user_sns_links_pk', ['user_id', 'auth_name'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('user_sns_links').execute();
  await db.schema.dropTable('user_app_settings').execute();
}
