import { type Kysely, sql } from 'kysely';
import { millis, notNull, withId } from './helpers';

/** Lottery campaigns (boxes, prizes, distribution events, tickets, draws) and missions. */
export async function up(db: Kysely<any>): Promise<void> {
  await withId(db, db.schema.createTable('lottery_campaigns'))
    .addColumn('name', 'text', notNull)
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('color_code', 'text', (c) => c.notNull().defaultTo('#f5a623'))
    .addColumn('start_at', millis, notNull)
    .addColumn('end_at', millis, notNull)
    .addColumn('ticket_valid_days', 'integer', (c) => c.notNull().defaultTo(7))
    .addCheckConstraint('lottery_campaigns_period', sql`start_at < end_at and ticket_valid_days > 0`)
    .execute();

  await withId(db, db.schema.createTable('lottery_boxes'))
    .addColumn('campaign_id', 'integer', (c) => c.notNull().references('lottery_campaigns.id').onDelete('cascade'))
    .addColumn('name', 'text', notNull)
    .addColumn('sort_order', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();

  await withId(db, db.schema.createTable('lottery_prizes'))
    .addColumn('box_id', 'integer', (c) => c.notNull().references('lottery_boxes.id').onDelete('cascade'))
    .addColumn('rank', 'integer', notNull)
    .addColumn('name', 'text', notNull)
    .addColumn('kind', 'text', notNull)
    .addColumn('amount', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('book_id', 'integer', (c) => c.references('books.id'))
    .addColumn('coupon_id', 'integer', (c) => c.references('coupons.id'))
    .addColumn('weight', 'integer', notNull)
    .addColumn('stock', 'integer')
    .addColumn('remaining', 'integer')
    // Stock is spent by a conditional update; the constraint backs it up: never oversold.
    .addCheckConstraint(
      'lottery_prizes_stock',
      sql`weight >= 0 and amount >= 0 and (remaining is null or (remaining >= 0 and remaining <= stock))`,
    )
    .execute();
  await db.schema.createIndex('lottery_prizes_box').on('lottery_prizes').column('box_id').execute();

  await withId(db, db.schema.createTable('lottery_distribution_events'))
    .addColumn('campaign_id', 'integer', (c) => c.notNull().references('lottery_campaigns.id').onDelete('cascade'))
    .addColumn('event_type', 'text', notNull)
    .addColumn('name', 'text', notNull)
    .addColumn('tickets', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('link_id', 'text')
    .addCheckConstraint('lottery_distribution_events_tickets', sql`tickets > 0`)
    .execute();

  await withId(db, db.schema.createTable('lottery_tickets'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('campaign_id', 'integer', (c) => c.notNull().references('lottery_campaigns.id').onDelete('cascade'))
    .addColumn('event_type', 'text', notNull)
    .addColumn('grant_key', 'text', notNull)
    .addColumn('seq', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('order_id', 'integer')
    .addColumn('issued_at', millis, notNull)
    .addColumn('expires_at', millis, notNull)
    .addColumn('used_at', millis)
    // A grant is given once per member, campaign and key (an order, a Tokyo day, a link).
    .addUniqueConstraint('lottery_tickets_once', ['user_id', 'campaign_id', 'grant_key', 'seq'])
    .execute();
  await db.schema.createIndex('lottery_tickets_user').on('lottery_tickets').columns(['user_id', 'campaign_id', 'id']).execute();

  await withId(db, db.schema.createTable('lottery_draws'))
    .addColumn('ticket_id', 'integer', (c) => c.notNull().unique().references('lottery_tickets.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('campaign_id', 'integer', (c) => c.notNull().references('lottery_campaigns.id').onDelete('cascade'))
    .addColumn('prize_id', 'integer', (c) => c.notNull().references('lottery_prizes.id'))
    .addColumn('title_id', 'integer')
    .addColumn('created_at', millis, notNull)
    .execute();
  await db.schema.createIndex('lottery_draws_user').on('lottery_draws').columns(['user_id', 'id']).execute();

  await withId(db, db.schema.createTable('missions'))
    .addColumn('name', 'text', notNull)
    .addColumn('image_url', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('background_color', 'text', (c) => c.notNull().defaultTo('#fff4d6'))
    .addColumn('reward_type', 'integer', notNull)
    .addColumn('reward_amount', 'integer', notNull)
    .addColumn('lottery_campaign_id', 'integer', (c) => c.references('lottery_campaigns.id'))
    .addColumn('start_at', millis, notNull)
    .addColumn('end_at', millis, notNull)
    .addCheckConstraint('missions_reward', sql`reward_type in (1, 10, 100) and reward_amount > 0 and start_at < end_at`)
    .execute();

  await withId(db, db.schema.createTable('mission_tasks'))
    .addColumn('mission_id', 'integer', (c) => c.notNull().references('missions.id').onDelete('cascade'))
    .addColumn('task_type', 'text', notNull)
    .addColumn('target', 'integer', notNull)
    .addColumn('sort_order', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();

  await db.schema
    .createTable('mission_task_events')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('task_id', 'integer', (c) => c.notNull().references('mission_tasks.id').onDelete('cascade'))
    .addColumn('event_key', 'text', notNull)
    .addColumn('created_at', millis, notNull)
    // One book, episode, order or Tokyo day counts once towards a task.
    .addPrimaryKeyConstraint('mission_task_events_pk', ['user_id', 'task_id', 'event_key'])
    .execute();

  await db.schema
    .createTable('mission_rewards')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('mission_id', 'integer', (c) => c.notNull().references('missions.id').onDelete('cascade'))
    .addColumn('granted_at', millis, notNull)
    .addColumn('noticed_at', millis)
    // The reward is granted once: the row and the grant are one transaction.
    .addPrimaryKeyConstraint('mission_rewards_pk', ['user_id', 'mission_id'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of [
    'mission_rewards',
    'mission_task_events',
    'mission_tasks',
    'missions',
    'lottery_draws',
    'lottery_tickets',
    'lottery_distribution_events',
    'lottery_prizes',
    'lottery_boxes',
    'lottery_campaigns',
  ]) {
    await db.schema.dropTable(table).execute();
  }
}
