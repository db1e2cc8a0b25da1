import type { FastifyInstance } from 'fastify';
import type { Insertable } from 'kysely';
import type { Database, Db } from '../../src/db/schema';
import { tokenFor } from './wallet-factories';

const YEAR = 365 * 24 * 60 * 60 * 1000;

/** A coupon (50% off everything, a year to go, unless told). */
export async function insertCoupon(db: Db, overrides: Partial<Insertable<Database['coupons']>> = {}): Promise<number> {
  const row = await db
    .insertInto('coupons')
    .values({
      name: '半額クーポン',
      coupon_type: 1,
      rate: 50,
      limit_count: null,
      min_cart_price: 0,
      expire_at: Date.now() + YEAR,
      ...overrides,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function giveCoupon(db: Db, userId: number, couponId: number, status = 'UNUSED'): Promise<void> {
  await db
    .insertInto('user_coupons')
    .values({ user_id: userId, coupon_id: couponId, status, order_id: null, created_at: 0, used_at: null })
    .execute();
}

/** A cart client for one member's cookie. */
export function cartClient(app: FastifyInstance, cookie: string) {
  const send = (method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) =>
    app.inject({ method, url: `/api${url}`, headers: { cookie }, ...(payload ? { payload } : {}) });
  return {
    add: (bookId: number) => send('POST', '/cart/book', { book_id: bookId }),
    addMany: (bookIds: number[]) => send('POST', '/cart/books', { book_ids: bookIds.join(',') }),
    bulk: (titleId: number) => send('POST', '/cart/bulk', { title_id: titleId }),
    later: (cartIds: number[]) => send('POST', '/cart/items/invalid', { cart_ids: cartIds.join(',') }),
    back: (cartIds: number[]) => send('POST', '/cart/items/valid', { cart_ids: cartIds.join(',') }),
    remove: (cartIds: number[]) => send('DELETE', `/cart/items?cart_ids=${cartIds.join(',')}`),
    view: (query = '') => send('GET', `/cart/me/active_items${query}`),
    laterItems: () => send('GET', '/cart/me/later_items'),
    coupons: () => send('GET', '/cart/coupons'),
    token: () => tokenFor(app, cookie, '/api/cart/create_token'),
    setCoupon: (token: string, couponId: number) => send('POST', `/cart/coupon?token=${token}`, { couponId }),
    removeCoupon: (token: string) => send('DELETE', `/cart/coupon?token=${token}`),
    order: (token: string, body: object) => send('POST', `/cart/order/v3?token=${token}`, body),
    send,
  };
}
