import {
  BookCouponQuery,
  BookCouponResponse,
  BulkBuyList,
  BulkBuyListQuery,
  BulkBuyTitleList,
  CartTokenQuery,
  CartView,
  CouponListResponse,
  GuestCouponResponse,
  SetCouponBody,
} from '@hondana/domain/cart/cart-api';
import { BulkBuyTitleListQuery } from '@hondana/domain/cart/cart-checkout';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sendStored } from '../../http/stored-reply';
import { sessionUser } from '../accounts/session-plugin';
import { bulkBuyList, bulkBuyTitleList } from './bulk.service';
import type { CartRouteContext } from './cart-route-context';
import { grantGuestCoupons } from './cart.repository';
import { bookCoupon, guestCoupon, listCoupons, removeCoupon, setCoupon } from './coupon.service';

/** §7 the cart's offers: a member's coupons (listed, for a book, applied and removed), the guest coupon and the bulk-buy campaigns. */
export function cartOfferRoutes(base: FastifyInstance, { db, now, member }: CartRouteContext): void {
  const app = base.withTypeProvider<ZodTypeProvider>();
  app.get('/cart/coupons', { schema: { response: { 200: CouponListResponse } } }, async (request) => {
    const m = await member(request);
    await grantGuestCoupons(db, m.userId, now());
    return listCoupons(db, m.userId, now());
  });
  app.get('/cart/coupons/by_book', { schema: { querystring: BookCouponQuery, response: { 200: BookCouponResponse } } }, async (request) =>
    bookCoupon(db, (await member(request)).userId, request.query.book_id, now()),
  );
  app.post(
    '/cart/coupon',
    { schema: { querystring: CartTokenQuery, body: SetCouponBody, response: { 200: CartView } } },
    async (request, reply) => {
      const result = await setCoupon(db, await member(request), { token: request.query.token, couponId: request.body.couponId }, now());
      return sendStored(reply, result);
    },
  );
  app.delete('/cart/coupon', { schema: { querystring: CartTokenQuery, response: { 200: CartView } } }, async (request, reply) => {
    const result = await removeCoupon(db, await member(request), request.query.token, now());
    return sendStored(reply, result);
  });
  app.get('/guest/coupon', { schema: { response: { 200: GuestCouponResponse } } }, async () => guestCoupon(db, now()));

  app.get(
    '/point_campaign/bulk_buy_title_list',
    { schema: { querystring: BulkBuyTitleListQuery, response: { 200: BulkBuyTitleList } } },
    async (request) => bulkBuyTitleList(db, request.query, now()),
  );
  app.get('/point_campaign/bulk_buy_list', { schema: { querystring: BulkBuyListQuery, response: { 200: BulkBuyList } } }, async (request) =>
    bulkBuyList(db, (await sessionUser(request))?.userId ?? null, request.query.title_id, now()),
  );
}
