import { CART_LIMIT, CartType } from '@hondana/domain/cart/cart-api';
import { type CouponRule, type CouponStep, CouponStatus, type CouponTargetScope, type CouponType } from '@hondana/domain/cart/coupons';
import { type Expression, sql } from 'kysely';
import type { Db } from '../../db/schema';
import { PURCHASABLE_BOOK_COLUMNS, type PurchasableBookRow } from '../orders/order-rows';

export type CartState = 'ACTIVE' | 'LATER';

/** A cart row with what pricing, validity and coupons need of its book. */
export interface CartRow extends PurchasableBookRow {
  cart_id: number;
  cart_type: string;
  state: CartState;
  price_at_add: number;
  publisher_id: number | null;
  genre_id: number | null;
  media_version: number;
  bundle_id: number | null;
}

export function cartRows(db: Db, userId: number): Promise<CartRow[]> {
  return db
    .selectFrom('cart_items')
    .innerJoin('books', 'books.id', 'cart_items.book_id')
    .innerJoin('titles', 'titles.id', 'books.title_id')
    .select([
      'cart_items.id as cart_id',
      'cart_items.cart_type',
      'cart_items.state',
      'cart_items.price_at_add',
      'cart_items.bundle_id',
      ...PURCHASABLE_BOOK_COLUMNS,
      'books.media_version',
      'titles.publisher_id',
      'titles.genre_id',
    ])
    .where('cart_items.user_id', '=', userId)
    .orderBy('cart_items.id')
    .execute() as Promise<CartRow[]>;
}

/**
 * Adds one book unless it is already in the cart or the cart is full, with one conditional
 * statement: 'added', 'duplicate' or 'full'. Callers hold the member's cart lock
 * (`lockMemberCart`), without which two concurrent adds on PostgreSQL could both see room.
 */
export async function insertCartItem(
  db: Db,
  item: { userId: number; bookId: number; cartType: string; price: number; now: number; bundleId?: number | null },
): Promise<'added' | 'duplicate' | 'full'> {
  const result = await sql<{ id: number }>`
    insert into cart_items (user_id, book_id, cart_type, state, price_at_add, created_at, bundle_id)
    select cast(${item.userId} as integer), cast(${item.bookId} as integer), cast(${item.cartType} as text), 'ACTIVE',
      cast(${item.price} as integer), cast(${item.now} as bigint), cast(${item.bundleId ?? null} as integer)
    where (select count(*) from cart_items where user_id = ${item.userId}) < cast(${CART_LIMIT} as integer)
    on conflict (user_id, book_id) do nothing
    returning id`.execute(db);
  if (result.rows.length === 1) return 'added';
  const existing = await db
    .selectFrom('cart_items')
    .select('id')
    .where('user_id', '=', item.userId)
    .where('book_id', '=', item.bookId)
    .executeTakeFirst();
  return existing ? 'duplicate' : 'full';
}

/** Moves the member's items between the cart and buy-later; returns the ids moved. */
export async function moveCartItems(db: Db, userId: number, cartIds: number[], to: CartState): Promise<number[]> {
  const rows = await db
    .updateTable('cart_items')
    .set({ state: to })
    .where('user_id', '=', userId)
    .where('id', 'in', cartIds)
    .returning('id')
    .execute();
  return rows.map((r) => r.id);
}

export async function deleteCartItems(db: Db, userId: number, cartIds: number[]): Promise<number[]> {
  const rows = await db.deleteFrom('cart_items').where('user_id', '=', userId).where('id', 'in', cartIds).returning('id').execute();
  return rows.map((r) => r.id);
}

export async function cartSize(db: Db, userId: number): Promise<number> {
  const row = await db
    .selectFrom('cart_items')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The books in the member's cart to buy now (not those kept for later): the header's cart count. */
export async function activeCartCount(db: Db, userId: number): Promise<number> {
  const row = await db.selectNoFrom([activeCartCountQuery(db, userId).as('n')]).executeTakeFirstOrThrow();
  return Number(row.n);
}

/** `activeCartCount` as a scalar subquery (`userId` may be a column of the outer query: the pages' one member statement). */
export function activeCartCountQuery(db: Db, userId: number | Expression<number>) {
  return db
    .selectFrom('cart_items')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', userId)
    .where('state', '=', 'ACTIVE');
}

/** Marks every book price "seen": the CHANGED_PRICE warnings go (POST /cart/items/refresh). */
export async function refreshPrices(db: Db, userId: number, prices: Map<number, number>): Promise<void> {
  for (const [cartId, price] of prices) {
    await db.updateTable('cart_items').set({ price_at_add: price }).where('user_id', '=', userId).where('id', '=', cartId).execute();
  }
}

const ints = (json: string): number[] => (JSON.parse(json) as unknown[]).map(Number);

/** A member's coupons (their copy's status, EXPIRED at read time by the rules). */
/** Whether a coupon of this id exists in the store (held by the member or not). */
export async function couponExists(db: Db, couponId: number): Promise<boolean> {
  return (await db.selectFrom('coupons').select('id').where('id', '=', couponId).executeTakeFirst()) !== undefined;
}

export async function memberCoupons(db: Db, userId: number): Promise<CouponRule[]> {
  const rows = await db
    .selectFrom('user_coupons')
    .innerJoin('coupons', 'coupons.id', 'user_coupons.coupon_id')
    .selectAll('coupons')
    .select('user_coupons.status as user_status')
    .where('user_coupons.user_id', '=', userId)
    .orderBy('coupons.expire_at')
    .orderBy('coupons.id')
    .execute();
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    couponType: r.coupon_type as CouponType,
    rate: r.rate,
    limit: r.limit_count,
    minCartPrice: r.min_cart_price,
    expireDatetime: r.expire_at,
    status: r.enabled === 1 ? (r.user_status as CouponStatus) : CouponStatus.INVALID,
    steps: JSON.parse(r.steps) as CouponStep[],
    couponTarget: { scope: r.target_scope as CouponTargetScope, ids: ints(r.target_ids), genreIds: ints(r.target_genre_ids) },
  }));
}

export async function chosenCouponId(db: Db, userId: number): Promise<number | null> {
  const row = await db.selectFrom('cart_coupons').select('coupon_id').where('user_id', '=', userId).executeTakeFirst();
  return row?.coupon_id ?? null;
}

export async function chooseCoupon(db: Db, userId: number, couponId: number | null): Promise<void> {
  await db.deleteFrom('cart_coupons').where('user_id', '=', userId).execute();
  if (couponId !== null) await db.insertInto('cart_coupons').values({ user_id: userId, coupon_id: couponId }).execute();
}

/** UNUSED → USED for one order, conditionally: false when another order used it first. */
export async function useCoupon(db: Db, userId: number, couponId: number, orderId: number, now: number): Promise<boolean> {
  const result = await db
    .updateTable('user_coupons')
    .set({ status: CouponStatus.USED, order_id: orderId, used_at: now })
    .where('user_id', '=', userId)
    .where('coupon_id', '=', couponId)
    .where('status', '=', CouponStatus.UNUSED)
    .executeTakeFirst();
  return result.numUpdatedRows === 1n;
}

/** The salable volumes of a title, for a bulk add. */
export function titleBookIds(db: Db, titleId: number): Promise<{ id: number }[]> {
  return db
    .selectFrom('books')
    .select('id')
    .where('title_id', '=', titleId)
    .where('sales_status', '!=', 'STOPPED')
    .orderBy('vol')
    .orderBy('id')
    .execute();
}

/** Gives the member every open guest coupon (§5 login appeal) they do not have yet: one statement, idempotent. */
export async function grantGuestCoupons(db: Db, userId: number, now: number): Promise<void> {
  await sql`
    insert into user_coupons (user_id, coupon_id, status, order_id, created_at, used_at)
    select cast(${userId} as integer), id, 'UNUSED', null, cast(${now} as bigint), null
    from coupons where guest = 1 and enabled = 1 and expire_at > ${now}
    on conflict (user_id, coupon_id) do nothing`.execute(db);
}

/** The ids of every row sharing a bundle (and a state) with one of the member's picked rows. */
export async function bundleMateIds(db: Db, userId: number, cartIds: number[]): Promise<number[]> {
  const rows = await db
    .selectFrom('cart_items as picked')
    .innerJoin('cart_items as same', (join) =>
      join
        .onRef('same.bundle_id', '=', 'picked.bundle_id')
        .onRef('same.user_id', '=', 'picked.user_id')
        .onRef('same.state', '=', 'picked.state'),
    )
    .select('same.id')
    .where('picked.user_id', '=', userId)
    .where('picked.id', 'in', cartIds)
    .execute();
  return rows.map((r) => r.id);
}

/** The member's cart rows of these books join the bundle's line (back in the cart if put aside). */
export async function joinBundle(db: Db, userId: number, bundleId: number, bookIds: number[]): Promise<void> {
  await db
    .updateTable('cart_items')
    .set({ bundle_id: bundleId, cart_type: CartType.BUNDLE, state: 'ACTIVE' })
    .where('user_id', '=', userId)
    .where('book_id', 'in', bookIds)
    .execute();
}

/** Removes the member's cart rows of these books (bought, or put aside). */
export async function deleteCartBooks(db: Db, userId: number, bookIds: number[]): Promise<void> {
  await db.deleteFrom('cart_items').where('user_id', '=', userId).where('book_id', 'in', bookIds).execute();
}

/** The open guest coupon expiring first; undefined when none. */
export async function firstOpenGuestCoupon(db: Db, now: number) {
  return db
    .selectFrom('coupons')
    .selectAll()
    .where('guest', '=', 1)
    .where('enabled', '=', 1)
    .where('expire_at', '>', now)
    .orderBy('expire_at')
    .orderBy('id')
    .executeTakeFirst();
}

/** Salable volumes (on sale or open for pre-order) counted per title, of `titleIds` or of every title (null), by title id. */
export async function salableVolumeCounts(db: Db, titleIds: number[] | null, now: number) {
  return db
    .selectFrom('books')
    .innerJoin('titles', 'titles.id', 'books.title_id')
    .select((eb) => ['books.title_id', 'titles.name', eb.fn.countAll<number>().as('n')])
    .where('books.sales_status', '!=', 'STOPPED')
    .where((eb) => eb.or([eb('books.end_datetime', 'is', null), eb('books.end_datetime', '>', now)]))
    .$if(titleIds !== null, (q) => q.where('books.title_id', 'in', titleIds!))
    .groupBy(['books.title_id', 'titles.name'])
    .orderBy('books.title_id')
    .execute();
}

/** The member's own pre-order with its one book; undefined when not theirs. */
export async function memberPreOrderRow(db: Db, userId: number, orderId: number) {
  return db
    .selectFrom('orders')
    .innerJoin('order_items', 'order_items.order_id', 'orders.id')
    .innerJoin('books', 'books.id', 'order_items.book_id')
    .select(['orders.id', 'orders.status', 'order_items.book_id', 'order_items.price', 'order_items.point', 'books.start_datetime'])
    .where('orders.id', '=', orderId)
    .where('orders.user_id', '=', userId)
    .executeTakeFirst();
}
