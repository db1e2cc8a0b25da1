import {
  ActiveItemsQuery,
  BookCouponQuery,
  BookCouponResponse,
  BulkBuyList,
  BulkBuyListQuery,
  BulkBuyTitleList,
  BundleView,
  CartBookBody,
  CartBooksBody,
  CartBulkBody,
  CartChangeResponse,
  CartIdsBody,
  CartOrderResponse,
  CartOrderStatus,
  CartRefreshResponse,
  CartTokenQuery,
  CartView,
  CouponListResponse,
  GuestCouponResponse,
  LaterItemsQuery,
  LaterItemsResponse,
  OrderV3Response,
  PreOrderBody,
  PreOrderIdPath,
  PreOrderResponse,
  SetCouponBody,
} from '@hondana/domain/cart/cart-api';
import { EarnedBonusList, GuestCartBooks, PreOrderBonusList, PreOrderBookBonus } from '@hondana/domain/orders/orders-api';
import { GuestCartBooksQuery, PreOrderBonusByBookQuery, PreOrderBonusQuery } from '@hondana/domain/orders/pre-orders';
import {
  BulkBuyTitleListQuery,
  BundleIdPath,
  CartBundleBody,
  CartOrderBody,
  OrderIdParam,
  OrderV2Body,
} from '@hondana/domain/cart/cart-checkout';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireUser, sessionUser } from '../accounts/session-plugin';
import { registerTokenEndpoints } from '../accounts/token.routes';
import { sendStored } from '../../http/stored-reply';
import type { PaymentProvider } from '../../payments/payment-provider';
import { isStripeProvider } from '../../payments/stripe-provider';
import { confirmStripeCartOrder, payCartOrderWithStripe } from './stripe-cart-payments';
import { bulkBuyList, bulkBuyTitleList } from './bulk.service';
import { bulkOrder, bulkQuote } from './bulk-order.service';
import { BulkOrderBody, BulkQuote, BulkQuoteQuery } from '@hondana/domain/cart/bulk-buy-api';
import { addBundle, bundleView } from './bundle.service';
import { forgetBundleSummaries } from './bundle.repository';
import { cartOrderStatus } from './cart-payment.service';
import { grantGuestCoupons } from './cart.repository';
import * as cart from './cart.service';
import { type CartMember, cartView } from './cart-view';
import { CART_TOKEN_PURPOSE, orderV2, orderV3 } from './checkout.service';
import { bookCoupon, guestCoupon, listCoupons, removeCoupon, setCoupon } from './coupon.service';
import { PRE_ORDER_TOKEN_PURPOSE, cancelPreOrder, preOrderBook, preOrderStatus } from './pre-order.service';
import { bonusesByBook, earnedBonuses, forgetKeptBonuses, listBonuses, settleDueBonuses } from './pre-order-bonus.service';
import { type GuestBookDetails, guestCartBooks } from './guest-cart.service';
import { adultAllowed } from '../accounts/adult-access';

/** How often due pre-order bonuses are granted when no request of their member comes first. */
const BONUS_SETTLE_EVERY_MS = 60_000;

/** §7 "Cart", "Pre-orders" and the guest coupon of §7 "Guest"; contract in `packages/domain/src/cart/cart-api.ts`. */
export const cartRoutes: FastifyPluginAsync<{ provider: PaymentProvider; guestBookDetails: GuestBookDetails }> = async (base, options) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  // Card and carrier payments of the cart; a carrier's decision comes back through the provider's
  // routes, which `app.ts` sends to `cartPaymentDecision`.
  const { provider } = options;
  const { db } = app.deps.database;
  app.deps.changes.subscribe('catalog', () => {
    forgetBundleSummaries(db);
    forgetKeptBonuses(db);
  });
  const now = () => app.deps.clock().getTime();
  const member = async (request: FastifyRequest): Promise<CartMember> => {
    const user = await requireUser(request);
    return { userId: user.userId, adultChecked: user.adultState === 'ADULT' };
  };

  app.post('/cart/book', { schema: { body: CartBookBody, response: { 200: CartChangeResponse } } }, async (request) =>
    cart.addBook(db, await member(request), request.body.book_id, now()),
  );
  app.post('/cart/books', { schema: { body: CartBooksBody, response: { 200: CartChangeResponse } } }, async (request) =>
    cart.addManyBooks(db, await member(request), request.body.book_ids, now()),
  );
  app.post('/cart/bulk', { schema: { body: CartBulkBody, response: { 200: CartChangeResponse } } }, async (request) =>
    cart.addTitle(db, await member(request), request.body.title_id, now()),
  );
  // まとめ買い of a range of the title's volumes from the series page: its quote and its one order.
  app.get('/cart/bulk/quote', { schema: { querystring: BulkQuoteQuery, response: { 200: BulkQuote } } }, async (request) =>
    bulkQuote(db, await member(request), request.query, now()),
  );
  app.post(
    '/cart/bulk/order',
    { schema: { querystring: CartTokenQuery, body: BulkOrderBody, response: { 200: OrderV3Response } } },
    async (request, reply) => {
      const result = await bulkOrder(db, await member(request), { ...request.body, token: request.query.token }, now());
      return sendStored(reply, result);
    },
  );
  app.post('/cart/bundle', { schema: { body: CartBundleBody, response: { 200: CartChangeResponse } } }, async (request) =>
    addBundle(db, await member(request), request.body.bundle_id, now()),
  );
  app.get('/bundles/:id', { schema: { params: BundleIdPath, response: { 200: BundleView } } }, async (request) =>
    bundleView(db, request.params.id, now()),
  );
  app.post('/cart/items/invalid', { schema: { body: CartIdsBody, response: { 200: CartChangeResponse } } }, async (request) =>
    cart.moveItems(db, await member(request), request.body.cart_ids, 'LATER'),
  );
  app.post('/cart/items/valid', { schema: { body: CartIdsBody, response: { 200: CartChangeResponse } } }, async (request) =>
    cart.moveItems(db, await member(request), request.body.cart_ids, 'ACTIVE'),
  );
  app.delete('/cart/items', { schema: { querystring: CartIdsBody, response: { 200: CartChangeResponse } } }, async (request) =>
    cart.removeItems(db, await member(request), request.query.cart_ids),
  );
  app.post('/cart/items/refresh', { schema: { response: { 200: CartRefreshResponse } } }, async (request) => {
    const m = await member(request);
    await cart.refreshCart(db, m, now());
    return { result: await cartView(db, m, { usePoint: 0, allUsePoint: false }, now()) };
  });

  app.get('/cart/me/active_items', { schema: { querystring: ActiveItemsQuery, response: { 200: CartView } } }, async (request) => {
    const m = await member(request);
    await grantGuestCoupons(db, m.userId, now());
    return cartView(db, m, { usePoint: request.query.use_point, allUsePoint: request.query.all_use_point === 1 }, now());
  });
  app.get('/cart/me/later_items', { schema: { querystring: LaterItemsQuery, response: { 200: LaterItemsResponse } } }, async (request) =>
    cart.laterItems(db, await member(request), now(), await adultAllowed(request, request.query.ac)),
  );
  app.get('/cart/coupons', { schema: { response: { 200: CouponListResponse } } }, async (request) => {
    const m = await member(request);
    await grantGuestCoupons(db, m.userId, now());
    return listCoupons(db, m.userId, now());
  });
  app.get('/cart/coupons/by_book', { schema: { querystring: BookCouponQuery, response: { 200: BookCouponResponse } } }, async (request) =>
    bookCoupon(db, (await member(request)).userId, request.query.book_id, now()),
  );
  registerTokenEndpoints(app, { '/cart/create_token': CART_TOKEN_PURPOSE, '/pre_order/create_token': PRE_ORDER_TOKEN_PURPOSE });

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
  app.post(
    '/cart/order/v3',
    { schema: { querystring: CartTokenQuery, body: CartOrderBody, response: { 200: CartOrderResponse } } },
    async (request, reply) => {
      const result = await orderV3(db, provider, await member(request), { ...request.body, token: request.query.token }, now());
      // Stripe: the card is charged after the checkout's transaction, the order being PROCESSING (issue 39).
      const { cardId } = request.body;
      if (isStripeProvider(provider) && cardId && result.status === 200 && 'orderStatus' in result.body.results) {
        const { orderId, confirmUrl } = result.body.results;
        return sendStored(
          reply,
          await payCartOrderWithStripe(db, provider.stripe, {
            orderId,
            userId: (await member(request)).userId,
            cardId,
            returnUrl: confirmUrl,
            now,
            warn: (m) => request.log.warn(m),
          }),
        );
      }
      return sendStored(reply, result);
    },
  );
  app.post('/cart/order/v2', { schema: { body: OrderV2Body, response: { 200: CartOrderResponse } } }, async (request, reply) => {
    const b = request.body;
    const input = { token: b.token, usePoint: b.use_point, salePrice: b.sale_price, itemSize: b.item_size, paymentType: b.payment_type };
    const result = await orderV2(db, provider, await member(request), input, now());
    return sendStored(reply, result);
  });
  app.get('/cart/order/:order_id', { schema: { params: OrderIdParam, response: { 200: CartOrderStatus } } }, async (request) => {
    const { userId } = await member(request);
    // A Stripe card order the page waits on is settled by Stripe's word now, not only by its webhook.
    if (isStripeProvider(provider)) await confirmStripeCartOrder(db, provider.stripe, userId, request.params.order_id, now());
    return cartOrderStatus(db, userId, request.params.order_id);
  });
  app.get(
    '/point_campaign/bulk_buy_title_list',
    { schema: { querystring: BulkBuyTitleListQuery, response: { 200: BulkBuyTitleList } } },
    async (request) => bulkBuyTitleList(db, request.query, now()),
  );

  app.get('/guest/coupon', { schema: { response: { 200: GuestCouponResponse } } }, async () => guestCoupon(db, now()));
  app.get('/point_campaign/bulk_buy_list', { schema: { querystring: BulkBuyListQuery, response: { 200: BulkBuyList } } }, async (request) =>
    bulkBuyList(db, (await sessionUser(request))?.userId ?? null, request.query.title_id, now()),
  );

  app.post(
    '/pre_order/manga_coin/order/book',
    { schema: { querystring: CartTokenQuery, body: PreOrderBody, response: { 200: PreOrderResponse } } },
    async (request, reply) => {
      const result = await preOrderBook(db, await member(request), { token: request.query.token, ...request.body }, now());
      return sendStored(reply, result);
    },
  );
  app.get('/pre_order/order_status/:id', { schema: { params: PreOrderIdPath, response: { 200: PreOrderResponse } } }, async (request) => {
    const { userId } = await member(request);
    await settleDueBonuses(db, { userId, now: now() });
    return preOrderStatus(db, userId, request.params.id, now());
  });
  app.post(
    '/pre_order/order_status/:id/cancel',
    { schema: { params: PreOrderIdPath, response: { 200: PreOrderResponse } } },
    async (request) => cancelPreOrder(db, (await member(request)).userId, request.params.id, now()),
  );

  // Pre-order bonuses (§3 Pre-order bonus): listings are public (R18 only for a confirmed adult).
  const adult = async (request: FastifyRequest) => (await sessionUser(request))?.adultState === 'ADULT';
  app.get('/pre_order/bonus', { schema: { querystring: PreOrderBonusQuery, response: { 200: PreOrderBonusList } } }, async (request) =>
    listBonuses(db, request.query.title_id, await adult(request), now()),
  );
  app.get(
    '/pre_order/bonus/by_book',
    { schema: { querystring: PreOrderBonusByBookQuery, response: { 200: PreOrderBookBonus } } },
    async (request) => bonusesByBook(db, request.query.book_id, await adult(request), now()),
  );
  app.get('/pre_order/bonus/earned', { schema: { response: { 200: EarnedBonusList } } }, async (request) =>
    earnedBonuses(db, (await member(request)).userId, now()),
  );
  app.get('/guest/cart_books', { schema: { querystring: GuestCartBooksQuery, response: { 200: GuestCartBooks } } }, async (request) =>
    guestCartBooks(db, options.guestBookDetails, {
      bookIds: request.query.book_id,
      includeAdult: await adultAllowed(request, request.query.ac),
      now: now(),
    }),
  );

  // A release instant passes with no request: due bonuses are granted by the store's scheduler too
  // (one process per run; each bonus is claimed by its PENDING → GRANTED update).
  app.ops.scheduler.register({
    name: 'pre-order-bonus-settlement',
    everyMs: BONUS_SETTLE_EVERY_MS,
    run: ({ db: jobDb, now: at }) => settleDueBonuses(jobDb, { now: at }),
  });
};
