import type { Kysely } from 'kysely';

/**
 * The console's banner editor: a version on reach banners, so two operators editing the same
 * banner cannot overwrite each other (a stale version is a 409), as for the other commerce editors.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('reach_banners')
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('reach_banners').dropColumn('version').execute();
}
