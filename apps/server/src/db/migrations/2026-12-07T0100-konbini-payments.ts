import { type Kysely, sql } from 'kysely';
import { millis } from './helpers';

/**
 * Konbini through Stripe (issue 39): a coin pack order paid later at a convenience store keeps
 * its voucher's time limit (`orders.payment_expires_at`, null for every other payment), so that
 * the reconciliation leaves it alone until then and the coin shop can say until when it may be
 * paid. Packs sold by card are sold by konbini too, within Stripe's konbini amounts (120 to
 * 300,000 yen); the sandbox does not offer konbini, so its shop is unchanged.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('orders').addColumn('payment_expires_at', millis).execute();
  await sql`update manga_coin_items set payment_methods = payment_methods || ',konbini'
    where (',' || payment_methods || ',') like '%,creditcard,%' and (',' || payment_methods || ',') not like '%,konbini,%'
      and tax_included_price between 120 and 300000`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`update manga_coin_items set payment_methods = replace(payment_methods, ',konbini', '')`.execute(db);
  await db.schema.alterTable('orders').dropColumn('payment_expires_at').execute();
}
