import type { Kysely } from 'kysely';

/**
 * The console's non-login appeal editor (issue 37): a version on appeals, so two operators editing
 * (or ending) one appeal cannot overwrite each other (a stale version is a 409).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('non_login_appeals')
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('non_login_appeals').dropColumn('version').execute();
}
