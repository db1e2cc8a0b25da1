import type { Kysely } from 'kysely';
import { millis, notNull } from './helpers';

/**
 * Issue 39: the sandbox's card fields hand the card to the sandbox's own endpoint (`POST
 * /sandbox/cards`), as a provider's fields do, and the store sends only the card id it answered.
 * A card taken that way belongs to no member yet (the endpoint is the provider's, not the
 * store's): it waits here, brand, last four digits, expiry and test behaviour only, until a
 * member's first payment with it makes it that member's kept card (`sandbox_cards`).
 *
 * Issue 34 item 9: confirmations left undecided are ended by a scheduler job at the time limit;
 * it looks for PENDING payments by their start, hence the index.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('sandbox_card_tokens')
    .addColumn('card_id', 'text', (c) => c.primaryKey())
    .addColumn('brand', 'text', notNull)
    .addColumn('last4', 'text', notNull)
    .addColumn('expiry', 'text', notNull)
    .addColumn('behaviour', 'text', notNull)
    .addColumn('created_at', millis, notNull)
    .execute();
  await db.schema.createIndex('sandbox_payments_pending_idx').on('sandbox_payments').columns(['status', 'created_at']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('sandbox_payments_pending_idx').execute();
  await db.schema.dropTable('sandbox_card_tokens').execute();
}
