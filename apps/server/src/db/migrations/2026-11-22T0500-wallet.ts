import { type Kysely, sql } from 'kysely';
import { millis, notNull, withId } from './helpers';

const ALL_METHODS = 'creditcard,docomo,paypay,au,softbank,linepay,rakutenpay';
const NO_CARRIERS = 'creditcard,paypay,linepay,rakutenpay';

/** Coin packs of the coin shop: 1 manga coin is 1 yen; bonus coins and points on top. */
const COIN_PACKS = [
  { coin: 100, price: 100, bonus: 100, point: 0, limit: 1, highlight: 'bargain', scene: 'shop', methods: ALL_METHODS },
  { coin: 300, price: 300, bonus: 0, point: 3, limit: null, highlight: 'none', scene: 'shop', methods: ALL_METHODS },
  { coin: 1000, price: 1000, bonus: 50, point: 10, limit: null, highlight: 'popular', scene: 'shop', methods: ALL_METHODS },
  { coin: 3000, price: 3000, bonus: 300, point: 30, limit: null, highlight: 'popular', scene: 'shop', methods: ALL_METHODS },
  { coin: 5000, price: 5000, bonus: 750, point: 50, limit: null, highlight: 'none', scene: 'shop', methods: ALL_METHODS },
  { coin: 10000, price: 10000, bonus: 2000, point: 100, limit: null, highlight: 'bargain', scene: 'shop', methods: ALL_METHODS },
  { coin: 33000, price: 33000, bonus: 3300, point: 330, limit: null, highlight: 'none', scene: 'shop', methods: NO_CARRIERS },
  { coin: 300, price: 300, bonus: 0, point: 3, limit: null, highlight: 'none', scene: 'viewer', methods: ALL_METHODS },
  { coin: 1000, price: 1000, bonus: 50, point: 10, limit: null, highlight: 'popular', scene: 'viewer', methods: ALL_METHODS },
  { coin: 3000, price: 3000, bonus: 300, point: 30, limit: null, highlight: 'none', scene: 'viewer', methods: ALL_METHODS },
];

/** Wallet: entitlements, lots and their ledger, coin packs, the sandbox provider's payments. */
export async function up(db: Kysely<any>): Promise<void> {
  // Entitlements first: page access (reading) checks them.
  await db.schema
    .createTable('user_books')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('book_id', 'integer', (c) => c.notNull().references('books.id'))
    .addColumn('possession_status', 'text', notNull)
    .addColumn('source', 'text', notNull)
    .addColumn('order_id', 'integer')
    .addColumn('created_at', millis, notNull)
    .addPrimaryKeyConstraint('user_books_pk', ['user_id', 'book_id'])
    .execute();
  await db.schema.createIndex('user_books_book_id').on('user_books').column('book_id').execute();

  await withId(db, db.schema.createTable('wallet_lots'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('currency', 'text', notNull)
    .addColumn('amount', 'integer', notNull)
    .addColumn('remaining', 'integer', notNull)
    .addColumn('paid', 'integer', notNull)
    .addColumn('yen_value', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('issued_at', millis, notNull)
    .addColumn('expires_at', millis, notNull)
    .addColumn('expired_at', millis)
    .addColumn('order_id', 'integer')
    .addColumn('campaign_id', 'integer')
    .addCheckConstraint('wallet_lots_remaining', sql`remaining >= 0 and remaining <= amount`)
    .execute();
  await db.schema.createIndex('wallet_lots_user').on('wallet_lots').columns(['user_id', 'currency', 'expires_at']).execute();

  await withId(db, db.schema.createTable('wallet_ledger'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('currency', 'text', notNull)
    .addColumn('lot_id', 'integer', (c) => c.notNull().references('wallet_lots.id'))
    .addColumn('kind', 'text', notNull)
    .addColumn('amount', 'integer', notNull)
    .addColumn('order_id', 'integer')
    .addColumn('reason', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', millis, notNull)
    .execute();
  await db.schema.createIndex('wallet_ledger_user').on('wallet_ledger').columns(['user_id', 'currency', 'id']).execute();
  await db.schema.createIndex('wallet_ledger_order').on('wallet_ledger').columns(['order_id', 'kind']).execute();
  await db.schema.createIndex('wallet_ledger_lot').on('wallet_ledger').column('lot_id').execute();

  await withId(db, db.schema.createTable('manga_coin_items'))
    .addColumn('coin', 'integer', notNull)
    .addColumn('tax_included_price', 'integer', notNull)
    .addColumn('bonus', 'integer', notNull)
    .addColumn('bonus_point', 'integer', notNull)
    .addColumn('purchase_limit', 'integer')
    .addColumn('highlight', 'text', notNull)
    .addColumn('display_scene', 'text', notNull)
    .addColumn('payment_methods', 'text', notNull)
    .addColumn('sort_order', 'integer', notNull)
    .addColumn('active', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
  await db
    .insertInto('manga_coin_items')
    .values(
      COIN_PACKS.map((p, i) => ({
        coin: p.coin,
        tax_included_price: p.price,
        bonus: p.bonus,
        bonus_point: p.point,
        purchase_limit: p.limit,
        highlight: p.highlight,
        display_scene: p.scene,
        payment_methods: p.methods,
        sort_order: i,
        active: 1,
      })),
    )
    .execute();

  await db.schema
    .createTable('sandbox_payments')
    .addColumn('ref', 'text', (c) => c.primaryKey())
    .addColumn('order_id', 'integer', notNull)
    .addColumn('method', 'text', notNull)
    .addColumn('amount_yen', 'integer', notNull)
    .addColumn('status', 'text', notNull)
    .addColumn('return_url', 'text', notNull)
    .addColumn('created_at', millis, notNull)
    .addColumn('decided_at', millis)
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['sandbox_payments', 'manga_coin_items', 'wallet_ledger', 'wallet_lots', 'user_books']) {
    await db.schema.dropTable(table).execute();
  }
}
