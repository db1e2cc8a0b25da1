import type { TableOwners } from './table-owners';
import type { Generated } from 'kysely';

/** Tables of the cart and coupons, created by migration 2026-11-22T0800-cart. */
type Millis = number;

/** One book in a member's cart: ACTIVE (to buy) or LATER (buy later). One row per member and book. */
export interface CartItemsTable {
  id: Generated<number>;
  user_id: number;
  book_id: number;
  /** BOOK, or BULK when added with a title's bulk add. */
  cart_type: string;
  state: string;
  /** Price in effect when added: a different price now is the CHANGED_PRICE warning. */
  price_at_add: number;
  created_at: Millis;
  /** The bundle the row was added with (cart_type BUNDLE), migration 2026-11-22T0810-bundles. */
  bundle_id: Generated<number | null>;
}

/** A coupon (§3 Coupon, §9 types and target scopes). Lists are JSON arrays of integers. */
export interface CouponsTable {
  id: Generated<number>;
  name: string;
  coupon_type: number;
  rate: number | null;
  limit_count: number | null;
  min_cart_price: Generated<number>;
  expire_at: Millis;
  target_scope: Generated<number>;
  target_ids: Generated<string>;
  target_genre_ids: Generated<string>;
  steps: Generated<string>;
  link_url: string | null;
  image_url: string | null;
  /** 1: offered to guests on the login-appeal banner (§5); members get it when they first open their cart. */
  guest: Generated<number>;
  /** 0: disabled by the operator (INVALID). */
  enabled: Generated<number>;
}

/** A member's copy of a coupon: UNUSED until an order uses it (USED), once. */
export interface UserCouponsTable {
  user_id: number;
  coupon_id: number;
  status: string;
  order_id: number | null;
  created_at: Millis;
  used_at: Millis | null;
}

/** The coupon chosen for a member's cart. */
export interface CartCouponsTable {
  user_id: number;
  coupon_id: number;
}

export interface CartTables {
  cart_items: CartItemsTable;
  coupons: CouponsTable;
  user_coupons: UserCouponsTable;
  cart_coupons: CartCouponsTable;
}

/** The area that writes each table (issue 43: another area's repository only reads it, as a listed view). */
export const cartTableOwners = {
  cart_items: 'cart',
  coupons: 'cart',
  user_coupons: 'cart',
  cart_coupons: 'cart',
} as const satisfies TableOwners<CartTables>;
