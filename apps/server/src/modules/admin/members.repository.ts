import type { Db } from '../../db/schema';

/** Members whose email contains `q`, or the member with id `q`. */
export function findMembers(db: Db, q: string) {
  const query = db
    .selectFrom('users')
    .select(['id', 'email', 'nickname', 'created_at', 'last_login_at', 'suspended_at', 'withdrawn_at'])
    .orderBy('id', 'desc')
    .limit(50);
  const term = q.trim();
  if (/^\d+$/.test(term)) return query.where('id', '=', Number(term)).execute();
  return query.where('email', 'like', `%${term.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`).execute();
}

export const memberRow = (db: Db, userId: number) =>
  db
    .selectFrom('users')
    .select(['id', 'email', 'nickname', 'birth_date', 'created_at', 'last_login_at', 'suspended_at', 'withdrawn_at'])
    .where('id', '=', userId)
    .executeTakeFirst();

export const memberOrders = (db: Db, userId: number) =>
  db
    .selectFrom('orders')
    .select(['id', 'kind', 'status', 'payment_type', 'total_price', 'use_point', 'coin', 'bonus', 'created_at', 'failure_code'])
    .where('user_id', '=', userId)
    .orderBy('id', 'desc')
    .limit(200)
    .execute();

/** The member's lots and ledger entries, oldest first (also what `npm run admin -- ledger` prints). */
export const memberLots = (db: Db, userId: number) =>
  db.selectFrom('wallet_lots').selectAll().where('user_id', '=', userId).orderBy('id').execute();
export const memberLedgerEntries = (db: Db, userId: number) =>
  db.selectFrom('wallet_ledger').selectAll().where('user_id', '=', userId).orderBy('id').execute();

export const memberCoupons = (db: Db, userId: number) =>
  db
    .selectFrom('user_coupons as u')
    .innerJoin('coupons as c', 'c.id', 'u.coupon_id')
    .select(['c.id', 'c.name', 'c.coupon_type', 'c.rate', 'c.expire_at', 'u.status', 'u.order_id', 'u.created_at', 'u.used_at'])
    .where('u.user_id', '=', userId)
    .orderBy('u.created_at', 'desc')
    .execute();

export const memberEntitlements = (db: Db, userId: number) =>
  db
    .selectFrom('user_books as ub')
    .innerJoin('books as b', 'b.id', 'ub.book_id')
    .select(['b.id', 'b.contents_name', 'b.title_id', 'ub.possession_status', 'ub.source', 'ub.order_id', 'ub.created_at'])
    .where('ub.user_id', '=', userId)
    .orderBy('ub.created_at', 'desc')
    .limit(500)
    .execute();

/** What the audit of an order's cancel records of it; undefined for an unknown order. */
export function orderForCancel(db: Db, orderId: number) {
  return db.selectFrom('orders').select(['user_id', 'status', 'total_price', 'payment_type']).where('id', '=', orderId).executeTakeFirst();
}
