import { type Kysely, sql } from 'kysely';
import { millis, notNull } from './helpers';

const userId = (c: Parameters<typeof notNull>[0]) => c.notNull().references('users.id').onDelete('cascade');

/** Serials: members' tickets, rentals, reading and history. */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('user_serials')
    .addColumn('user_id', 'integer', userId)
    .addColumn('serial_id', 'integer', (c) => c.notNull().references('serials.id').onDelete('cascade'))
    .addColumn('charge_used_at', millis)
    .addColumn('notification', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('last_episode_id', 'integer')
    .addColumn('last_read_at', millis)
    .addColumn('history_visible', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', millis, notNull)
    .addPrimaryKeyConstraint('user_serials_pk', ['user_id', 'serial_id'])
    .execute();
  await db.schema.createIndex('user_serials_history').on('user_serials').columns(['user_id', 'last_read_at']).execute();

  await db.schema
    .createTable('user_serial_episodes')
    .addColumn('user_id', 'integer', userId)
    .addColumn('episode_id', 'integer', (c) => c.notNull().references('serial_episodes.id').onDelete('cascade'))
    .addColumn('serial_id', 'integer', notNull)
    .addColumn('spend_type', 'integer')
    .addColumn('price', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('payment_type', 'integer')
    .addColumn('rented_at', millis)
    .addColumn('rental_end', millis)
    .addColumn('read_started_at', millis)
    .addColumn('read_ended_at', millis)
    .addPrimaryKeyConstraint('user_serial_episodes_pk', ['user_id', 'episode_id'])
    .execute();
  await db.schema.createIndex('user_serial_episodes_serial').on('user_serial_episodes').columns(['user_id', 'serial_id']).execute();

  await db.schema
    .createTable('user_serial_tickets')
    .addColumn('user_id', 'integer', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('amount', 'integer', (c) => c.notNull().check(sql`amount >= 0`))
    .addColumn('as_of', millis, notNull)
    .execute();

  await db.schema
    .createTable('user_serial_ad_rewards')
    .addColumn('user_id', 'integer', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('amount', 'integer', notNull)
    .addColumn('day', 'integer', notNull)
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['user_serial_ad_rewards', 'user_serial_tickets', 'user_serial_episodes', 'user_serials']) {
    await db.schema.dropTable(table).execute();
  }
}
