import type { Kysely } from 'kysely';

/**
 * The console's missions editor: a version on missions, so two operators editing (or ending) the
 * same mission cannot overwrite each other (a stale version is a 409), as for the other console editors.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('missions')
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('missions').dropColumn('version').execute();
}
