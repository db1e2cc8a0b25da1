import type { Kysely } from 'kysely';

/**
 * The console's commerce editors: a version on point campaigns, bundles and coin packs, so two
 * operators editing the same record cannot overwrite each other (a stale version is a 409).
 */
const TABLES = ['point_campaigns', 'bundles', 'manga_coin_items'] as const;

export async function up(db: Kysely<any>): Promise<void> {
  for (const table of TABLES)
    await db.schema
      .alterTable(table)
      .addColumn('version', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of TABLES) await db.schema.alterTable(table).dropColumn('version').execute();
}
