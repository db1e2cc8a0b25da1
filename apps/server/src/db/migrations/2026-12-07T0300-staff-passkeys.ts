import type { Kysely } from 'kysely';
import { millis, notNull, withId } from './helpers';

/**
 * Passkeys (WebAuthn) as a staff second factor beside TOTP (issue 41): each credential a staff
 * member registered (its id, COSE public key, signature counter and transports, base64url and
 * JSON), and the ceremonies' challenges: each bound to the member, the session that asked for it
 * and its purpose, taken (deleted) by the one answer that uses it, and refused once expired.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await withId(db, db.schema.createTable('staff_passkeys'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('credential_id', 'text', (c) => c.notNull().unique())
    .addColumn('public_key', 'text', notNull)
    // WebAuthn's signCount is an unsigned 32-bit number: int8 on PostgreSQL.
    .addColumn('counter', millis, (c) => c.notNull().defaultTo(0))
    .addColumn('transports', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('created_at', millis, notNull)
    .addColumn('last_used_at', millis)
    .execute();
  await db.schema.createIndex('staff_passkeys_user').on('staff_passkeys').column('user_id').execute();
  await db.schema
    .createTable('webauthn_challenges')
    .addColumn('challenge', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('session_hash', 'text', notNull)
    .addColumn('purpose', 'text', notNull)
    .addColumn('expires_at', millis, notNull)
    .execute();
  await db.schema.createIndex('webauthn_challenges_user').on('webauthn_challenges').column('user_id').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('webauthn_challenges').execute();
  await db.schema.dropTable('staff_passkeys').execute();
}
