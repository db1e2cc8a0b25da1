import type { Kysely } from 'kysely';

/**
 * The console's features editor (the serial pages' osusume lists): a version on serial_osusumes,
 * so two operators editing (or ending) the same feature cannot overwrite each other (a stale
 * version is a 409), as for the other console editors.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('serial_osusumes')
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('serial_osusumes').dropColumn('version').execute();
}
