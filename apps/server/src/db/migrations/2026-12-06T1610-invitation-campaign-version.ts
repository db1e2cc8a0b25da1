import type { Kysely } from 'kysely';

/**
 * The console's invitation campaign editor: a version on invitation campaigns, so two operators
 * editing (or ending) the same campaign cannot overwrite each other (a stale version is a 409),
 * as for the other console editors.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('invitation_campaigns')
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('invitation_campaigns').dropColumn('version').execute();
}
