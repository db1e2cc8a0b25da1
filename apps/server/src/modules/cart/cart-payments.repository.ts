import type { Insertable, Transaction } from 'kysely';
import type { Database, Db } from '../../db/schema';

/** A cart order waiting for its payment: the books at their agreed prices, the points, the coupon. */
type Trx = Transaction<Database>;

export async function insertCartPayment(trx: Trx, row: Insertable<Database['cart_payments']>): Promise<void> {
  await trx.insertInto('cart_payments').values(row).execute();
}

export function findCartPayment(db: Db, orderId: number) {
  return db.selectFrom('cart_payments').selectAll().where('order_id', '=', orderId).executeTakeFirst();
}

/** The bought books leave the member's cart, and the coupon used leaves the cart's choice. */
export async function removeBoughtFromCart(trx: Trx, userId: number, bookIds: number[], couponId: number | null): Promise<void> {
  await trx.deleteFrom('cart_items').where('user_id', '=', userId).where('book_id', 'in', bookIds).execute();
  if (couponId !== null) await trx.deleteFrom('cart_coupons').where('user_id', '=', userId).where('coupon_id', '=', couponId).execute();
}

/** The coupon an order had used is the member's to use again. */
export async function releaseOrderCoupons(trx: Trx, orderId: number): Promise<void> {
  await trx
    .updateTable('user_coupons')
    .set({ status: 'UNUSED', order_id: null, used_at: null })
    .where('order_id', '=', orderId)
    .where('status', '=', 'USED')
    .execute();
}

/** One of the member's book orders, as a cart order's status shows it. */
export function memberCartOrder(db: Db, userId: number, orderId: number) {
  return db
    .selectFrom('orders')
    .select(['id', 'status', 'payment_type', 'total_price', 'use_point', 'failure_code', 'provider_ref'])
    .where('id', '=', orderId)
    .where('user_id', '=', userId)
    .where('kind', '=', 'BOOK')
    .executeTakeFirst();
}

export async function orderItemBookIds(db: Db, orderId: number): Promise<number[]> {
  const rows = await db.selectFrom('order_items').select('book_id').where('order_id', '=', orderId).orderBy('book_id').execute();
  return rows.map((r) => r.book_id);
}

/** An order by id (Stripe's settling reads it before it knows the kind); undefined when there is none. */
export function orderById(db: Db, orderId: number) {
  return db.selectFrom('orders').selectAll().where('id', '=', orderId).executeTakeFirst();
}

/** The kind of an order (the webhook's dispatch); undefined when there is none. */
export function orderKind(db: Db, orderId: number) {
  return db.selectFrom('orders').select('kind').where('id', '=', orderId).executeTakeFirst();
}

/** Book orders paid with `paymentType` still PROCESSING and unchanged since `staleBefore`, oldest first. */
export function processingBookOrders(db: Db, paymentType: string, staleBefore: number, limit: number) {
  return db
    .selectFrom('orders')
    .select(['id', 'provider_ref', 'created_at'])
    .where('kind', '=', 'BOOK')
    .where('status', '=', 'PROCESSING')
    .where('payment_type', '=', paymentType)
    .where('updated_at', '<=', staleBefore)
    .orderBy('id')
    .limit(limit)
    .execute();
}
