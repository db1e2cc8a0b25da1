import type { Kysely } from 'kysely';

/**
 * The console's taxonomy editor: a version on genres, publishers and magazines (a rename against
 * a stale version is a 409, as for the other console editors), and a unique name within each, so
 * two operators creating the same name at once cannot both succeed (the demo's names are distinct;
 * imports find a publisher or magazine by name before adding one).
 */
const TABLES = ['genres', 'publishers', 'magazines'] as const;

export async function up(db: Kysely<any>): Promise<void> {
  for (const table of TABLES) {
    await db.schema
      .alterTable(table)
      .addColumn('version', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
    await db.schema.createIndex(`${table}_name_unique`).on(table).column('name').unique().execute();
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of TABLES) {
    await db.schema.dropIndex(`${table}_name_unique`).execute();
    await db.schema.alterTable(table).dropColumn('version').execute();
  }
}
