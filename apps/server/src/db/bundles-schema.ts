import type { TableOwners } from './table-owners';
/** Tables of bundles and card/carrier cart payments, created by migrations 2026-11-22T0810-bundles and 0815-cart-payments. */
import type { Generated } from 'kysely';

type Millis = number;

/** Books sold together at `bundle_price` (tax included) from `start_at` until `end_at` (open when null). */
export interface BundlesTable {
  id: Generated<number>;
  name: string;
  bundle_price: number;
  start_at: Millis;
  end_at: Millis | null;
  created_at: Millis;
  /** Bumped by every console edit (migration 2026-11-28T1020-console-commerce). */
  version: Generated<number>;
}

export interface BundleBooksTable {
  bundle_id: number;
  book_id: number;
}

/** What a PROCESSING card/carrier cart order delivers on approval (JSON: books and point lines of the preview). */
export interface CartPaymentsTable {
  order_id: number;
  user_id: number;
  /** JSON [{ bookId, price, point }]. */
  books: string;
  /** JSON PointLine[] granted on completion. */
  point_lines: string;
  coupon_id: number | null;
  created_at: Millis;
}

export interface BundleTables {
  bundles: BundlesTable;
  bundle_books: BundleBooksTable;
  cart_payments: CartPaymentsTable;
}

/** The area that writes each table (issue 43: another area's repository only reads it, as a listed view). */
export const bundleTableOwners = {
  bundles: 'admin',
  bundle_books: 'admin',
  cart_payments: 'cart',
} as const satisfies TableOwners<BundleTables>;
