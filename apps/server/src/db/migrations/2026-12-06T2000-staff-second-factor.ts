import type { Kysely } from 'kysely';
import { millis, notNull, withId } from './helpers';

/**
 * A second factor for staff (issue 41): a member's TOTP authenticator (the base32 secret, when
 * the first code confirmed it, and the last time step a code was taken at, so a code is never
 * taken twice), their ten single-use recovery codes (SHA-256 digests only), and on each session
 * when the factor was last checked in it (null: not in this sign-in).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('staff_totp')
    .addColumn('user_id', 'integer', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('secret', 'text', notNull)
    .addColumn('confirmed_at', millis)
    .addColumn('last_time_step', millis)
    .addColumn('created_at', millis, notNull)
    .execute();
  await withId(db, db.schema.createTable('staff_recovery_codes'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('code_hash', 'text', notNull)
    .addColumn('used_at', millis)
    .addColumn('created_at', millis, notNull)
    .execute();
  await db.schema
    .createIndex('staff_recovery_codes_user_code')
    .on('staff_recovery_codes')
    .columns(['user_id', 'code_hash'])
    .unique()
    .execute();
  await db.schema.alterTable('sessions').addColumn('second_factor_at', millis).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('sessions').dropColumn('second_factor_at').execute();
  await db.schema.dropTable('staff_recovery_codes').execute();
  await db.schema.dropTable('staff_totp').execute();
}
