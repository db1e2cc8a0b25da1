import type { TableOwners } from './table-owners';
import type { Generated } from 'kysely';

/**
 * Tables of orders and entitlements, created by migrations 2026-11-22T0500-wallet
 * (user_books, so that page access can be checked early) and 2026-11-22T0510-orders.
 */
type Millis = number;

/** Entitlements: one row per member and book they own or reserved (§3 User book). */
export interface UserBooksTable {
  user_id: number;
  book_id: number;
  /** OWNED or RESERVED when granted; a RESERVED book counts as OWNED from its release (possessionAt). */
  possession_status: string;
  /** PURCHASE, FREE or GRANT. */
  source: string;
  order_id: number | null;
  created_at: Millis;
  /** When the member hid the book from their shelf (migration 2026-11-25T0820-bookshelf), null when shown. */
  hidden_at: Millis | null;
}

/** A book order or a coin pack payment, with the §4 order status. */
export interface OrdersTable {
  id: Generated<number>;
  user_id: number;
  /** BOOK or MANGA_COIN. */
  kind: string;
  status: string;
  /** PaymentType of §9. */
  payment_type: string;
  /** Coins for BOOK orders (after points), yen for MANGA_COIN. */
  total_price: number;
  use_point: Generated<number>;
  /** Points the order earned. */
  point: Generated<number>;
  is_first_paying: Generated<0 | 1>;
  coin_item_id: number | null;
  coin: Generated<number>;
  bonus: Generated<number>;
  bonus_point: Generated<number>;
  failure_code: string | null;
  provider_ref: string | null;
  card_brand: string | null;
  card_last4: string | null;
  created_at: Millis;
  updated_at: Millis;
  /** A payment made later (a konbini voucher through Stripe): its time limit; null otherwise (migration 2026-12-07T0100-konbini-payments). */
  payment_expires_at: Generated<Millis | null>;
}

export interface OrderItemsTable {
  order_id: number;
  book_id: number;
  /** Price in effect when bought (coins). */
  price: number;
  point: number;
}

/** Point campaigns of §3 (basic, first, book, series, bulkBuy). */
export interface PointCampaignsTable {
  id: Generated<number>;
  type: string;
  name: string;
  rate: number;
  point: number;
  start_at: Millis | null;
  end_at: Millis | null;
  expire_days: number;
  book_id: number | null;
  title_id: number | null;
  min_books: number;
  /** Bumped by every console edit (migration 2026-11-28T1020-console-commerce). */
  version: Generated<number>;
  /** specificGenres: comma-separated genre ids. */
  genre_ids: string | null;
  /** publish: the publisher. */
  publisher_id: number | null;
}

/** The money an operator's cancellation gives back through the provider, once per order (issue 39). */
export interface OrderRefundsTable {
  order_id: number;
  user_id: number;
  amount_yen: number;
  /** PENDING (written with the cancellation), SENDING (asked of the provider), SUCCEEDED, FAILED. */
  status: string;
  attempts: Generated<number>;
  /** The provider's refund id (Stripe `re_…`, the sandbox's `rf_…`). */
  refund_ref: string | null;
  failure: string | null;
  created_at: Millis;
  updated_at: Millis;
}

export interface SandboxRefundsTable {
  ref: string;
  order_id: number;
  payment_ref: string | null;
  amount_yen: number;
  created_at: Millis;
}

export interface StripeCustomersTable {
  user_id: number;
  customer_id: string;
  created_at: Millis;
}

export interface OrdersTables {
  order_refunds: OrderRefundsTable;
  sandbox_refunds: SandboxRefundsTable;
  stripe_customers: StripeCustomersTable;
  user_books: UserBooksTable;
  orders: OrdersTable;
  order_items: OrderItemsTable;
  point_campaigns: PointCampaignsTable;
}

/** The area that writes each table (issue 43: another area's repository only reads it, as a listed view). */
export const ordersTableOwners = {
  order_refunds: 'orders',
  sandbox_refunds: 'payments',
  stripe_customers: 'wallet',
  user_books: 'orders',
  orders: 'orders',
  order_items: 'orders',
  point_campaigns: 'admin',
} as const satisfies TableOwners<OrdersTables>;
