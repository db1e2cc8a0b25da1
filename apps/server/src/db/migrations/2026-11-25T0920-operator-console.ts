import { type Kysely, sql } from 'kysely';
import { millis, notNull, withId } from './helpers';

/**
 * The operator console: staff roles, the append-only audit log, the console's idle clock per
 * session, suspended logins, and a version on titles and books for concurrent edits.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('staff_roles')
    .addColumn('user_id', 'integer', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('role', 'text', notNull)
    .addColumn('granted_at', millis, notNull)
    .addCheckConstraint('staff_roles_role', sql`role in ('operator', 'support')`)
    .execute();

  await withId(db, db.schema.createTable('admin_audit_log'))
    .addColumn('actor_user_id', 'integer', notNull)
    .addColumn('actor_role', 'text', notNull)
    .addColumn('action', 'text', notNull)
    .addColumn('subject', 'text', notNull)
    .addColumn('before_json', 'text')
    .addColumn('after_json', 'text')
    .addColumn('reason', 'text')
    .addColumn('created_at', millis, notNull)
    .execute();
  await db.schema.createIndex('admin_audit_log_created').on('admin_audit_log').column('created_at').execute();

  await db.schema
    .createTable('admin_session_activity')
    .addColumn('session_hash', 'text', (c) => c.primaryKey())
    .addColumn('last_active_at', millis, notNull)
    .execute();

  await db.schema.alterTable('users').addColumn('suspended_at', millis).execute();
  await db.schema
    .alterTable('titles')
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('books')
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('books').dropColumn('version').execute();
  await db.schema.alterTable('titles').dropColumn('version').execute();
  await db.schema.alterTable('users').dropColumn('suspended_at').execute();
  await db.schema.dropTable('admin_session_activity').execute();
  await db.schema.dropTable('admin_audit_log').execute();
  await db.schema.dropTable('staff_roles').execute();
}
