import type { Kysely } from 'kysely';

/**
 * A passkey's name (issue 41): the staff member's own label for it ("仕事用のノートPC"), shown on
 * their passkey list so they can tell which one to remove. Passkeys registered before have none:
 * the list names those by their registration date.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('staff_passkeys').addColumn('name', 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('staff_passkeys').dropColumn('name').execute();
}
