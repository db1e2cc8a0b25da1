import type { Kysely } from 'kysely';

/**
 * The console's pre-order bonus editor: a version on pre_order_bonuses, so two operators editing
 * (or ending) the same bonus cannot overwrite each other (a stale version is a 409).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('pre_order_bonuses')
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('pre_order_bonuses').dropColumn('version').execute();
}
