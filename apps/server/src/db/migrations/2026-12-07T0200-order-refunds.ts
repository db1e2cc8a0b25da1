import type { Kysely } from 'kysely';
import { millis, notNull } from './helpers';

/**
 * Issue 39, money beyond coin packs.
 *
 * `order_refunds`: an operator's cancellation of an order the member paid through the provider
 * (card, carrier) gives the money back once. The row is written with the cancellation, in its
 * transaction (the order's primary key makes it one per order), before the provider is asked;
 * the provider's answer then marks it SUCCEEDED (with the provider's refund id) or FAILED (the
 * console offers to try again). SENDING: a call is out to the provider.
 *
 * `sandbox_refunds`: the sandbox provider's record of the refunds it made (no money moves).
 *
 * `stripe_customers`: the Stripe Customer of a member, made when the member keeps a card for a
 * subscription (a SetupIntent attaches the card to it; renewals charge it off-session).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('order_refunds')
    .addColumn('order_id', 'integer', (c) => c.primaryKey().references('orders.id'))
    .addColumn('user_id', 'integer', notNull)
    .addColumn('amount_yen', 'integer', notNull)
    .addColumn('status', 'text', notNull)
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('refund_ref', 'text')
    .addColumn('failure', 'text')
    .addColumn('created_at', millis, notNull)
    .addColumn('updated_at', millis, notNull)
    .execute();
  await db.schema
    .createTable('sandbox_refunds')
    .addColumn('ref', 'text', (c) => c.primaryKey())
    .addColumn('order_id', 'integer', (c) => c.notNull().unique())
    .addColumn('payment_ref', 'text')
    .addColumn('amount_yen', 'integer', notNull)
    .addColumn('created_at', millis, notNull)
    .execute();
  await db.schema
    .createTable('stripe_customers')
    .addColumn('user_id', 'integer', (c) => c.primaryKey())
    .addColumn('customer_id', 'text', (c) => c.notNull().unique())
    .addColumn('created_at', millis, notNull)
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('stripe_customers').execute();
  await db.schema.dropTable('sandbox_refunds').execute();
  await db.schema.dropTable('order_refunds').execute();
}
