import type { Kysely } from 'kysely';
import { millis, notNull } from './helpers';

/** §7 `/manga_coin/pcb` and `/manga_coin/cb`: the page a member comes back to after buying coins (one per member). */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('coin_purchase_returns')
    .addColumn('user_id', 'integer', (c) => c.primaryKey().references('users.id'))
    .addColumn('path', 'text', notNull)
    .addColumn('created_at', millis, notNull)
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('coin_purchase_returns').execute();
}
