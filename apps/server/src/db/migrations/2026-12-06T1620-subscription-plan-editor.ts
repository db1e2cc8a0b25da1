import type { Kysely } from 'kysely';
import { millis } from './helpers';

/**
 * The console's subscription plan editor (issue 37): a version on plans, so two operators editing
 * (or ending) one plan cannot overwrite each other (a stale version is a 409); when the plan opens
 * to new members (`start_at`; 0 for the plans made before, open from the start) and when it was
 * closed to them (`end_at`, null while open). A closed plan still renews for the members who hold it.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('manga_coin_subscription_plans')
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('manga_coin_subscription_plans')
    .addColumn('start_at', millis, (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('manga_coin_subscription_plans').addColumn('end_at', millis).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const column of ['end_at', 'start_at', 'version'])
    await db.schema.alterTable('manga_coin_subscription_plans').dropColumn(column).execute();
}
