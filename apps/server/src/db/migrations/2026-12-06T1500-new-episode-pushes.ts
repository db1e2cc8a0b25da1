import type { Kysely } from 'kysely';
import { millis, notNull } from './helpers';

/**
 * New-episode pushes (issue 38): one row per serial episode the `new-episode-pushes` scan has
 * announced (written in the transaction that writes its pushes, so an episode is announced once
 * however its release time was reached: passing, added in the past, moved earlier), and an index
 * to find a serial's members who have its notification on.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('serial_episode_notices')
    .addColumn('episode_id', 'integer', (c) => c.primaryKey().references('serial_episodes.id').onDelete('cascade'))
    .addColumn('noticed_at', millis, notNull)
    .execute();
  await db.schema.createIndex('user_serials_notification').on('user_serials').columns(['serial_id', 'notification']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('user_serials_notification').execute();
  await db.schema.dropTable('serial_episode_notices').execute();
}
