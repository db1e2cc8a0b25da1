import { type Kysely, sql } from 'kysely';
import { millis, notNull, withId } from './helpers';

/**
 * Friend invitations and banners: invitation campaigns, one code per member and campaign, short
 * links, the grants (one per invitee, by account and by email; the inviter's coins numbered so a
 * limit cannot be passed twice), reach banners and the non-login appeal.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await withId(db, db.schema.createTable('invitation_campaigns'))
    .addColumn('name', 'text', notNull)
    .addColumn('start_at', millis, notNull)
    .addColumn('end_at', millis, notNull)
    .addColumn('utm_campaign', 'text', notNull)
    .addColumn('images', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('campaign_type', 'text', (c) => c.notNull().defaultTo('FIRST_PURCHASE'))
    .addColumn('inviter_limit', 'integer', notNull)
    .addColumn('use_steps', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('steps', 'text', notNull)
    .addColumn('ticket_amount', 'integer', notNull)
    .addColumn('ticket_min_cart_price', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('ticket_valid_days', 'integer', notNull)
    .addCheckConstraint(
      'invitation_campaigns_valid',
      sql`start_at < end_at and inviter_limit >= 0 and ticket_amount > 0 and ticket_valid_days > 0`,
    )
    .execute();

  await withId(db, db.schema.createTable('invitation_codes'))
    .addColumn('campaign_id', 'integer', (c) => c.notNull().references('invitation_campaigns.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('code', 'text', (c) => c.notNull().unique())
    .addColumn('created_at', millis, notNull)
    .addUniqueConstraint('invitation_codes_one_per_member', ['campaign_id', 'user_id'])
    .execute();

  await db.schema
    .createTable('invitation_links')
    .addColumn('slug', 'text', (c) => c.primaryKey())
    .addColumn('code_id', 'integer', (c) => c.notNull().references('invitation_codes.id').onDelete('cascade'))
    .addColumn('destination', 'text', notNull)
    .addColumn('title_id', 'integer')
    .addColumn('created_at', millis, notNull)
    .execute();
  await db.schema.createIndex('invitation_links_by_code').on('invitation_links').columns(['code_id', 'destination', 'title_id']).execute();

  await withId(db, db.schema.createTable('invitation_grants'))
    .addColumn('campaign_id', 'integer', (c) => c.notNull().references('invitation_campaigns.id'))
    .addColumn('code_id', 'integer', (c) => c.notNull().references('invitation_codes.id'))
    .addColumn('inviter_user_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('invitee_user_id', 'integer', (c) => c.notNull().unique().references('users.id'))
    .addColumn('invitee_email', 'text', (c) => c.notNull().unique())
    .addColumn('coupon_id', 'integer', (c) => c.notNull().references('coupons.id'))
    .addColumn('status', 'text', notNull)
    .addColumn('achieved_seq', 'integer')
    .addColumn('inviter_coins', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('order_id', 'integer')
    .addColumn('created_at', millis, notNull)
    .addColumn('achieved_at', millis)
    .addUniqueConstraint('invitation_grants_seq_once', ['campaign_id', 'inviter_user_id', 'achieved_seq'])
    .addCheckConstraint('invitation_grants_not_self', sql`inviter_user_id <> invitee_user_id`)
    .execute();
  await db.schema.createIndex('invitation_grants_by_inviter').on('invitation_grants').columns(['inviter_user_id', 'campaign_id']).execute();

  await withId(db, db.schema.createTable('reach_banners'))
    .addColumn('banner_url', 'text', notNull)
    .addColumn('jump_url', 'text', notNull)
    .addColumn('color_code', 'text', (c) => c.notNull().defaultTo('#ffffff'))
    .addColumn('location', 'text', (c) => c.notNull().defaultTo('top'))
    .addColumn('priority', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('start_at', millis, notNull)
    .addColumn('end_at', millis, notNull)
    .execute();

  await withId(db, db.schema.createTable('non_login_appeals'))
    .addColumn('name', 'text', notNull)
    .addColumn('image_url', 'text', notNull)
    .addColumn('appeal_text', 'text', notNull)
    .addColumn('start_at', millis, notNull)
    .addColumn('end_at', millis, notNull)
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of [
    'non_login_appeals',
    'reach_banners',
    'invitation_grants',
    'invitation_links',
    'invitation_codes',
    'invitation_campaigns',
  ]) {
    await db.schema.dropTable(table).execute();
  }
}
