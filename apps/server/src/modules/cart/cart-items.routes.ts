import {
  ActiveItemsQuery,
  BundleView,
  CartBookBody,
  CartBooksBody,
  CartBulkBody,
  CartChangeResponse,
  CartIdsBody,
  CartRefreshResponse,
  CartView,
  LaterItemsQuery,
  LaterItemsResponse,
} from '@hondana/domain/cart/cart-api';
import { BundleIdPath, CartBundleBody } from '@hondana/domain/cart/cart-checkout';
import { GuestCartBooks } from '@hondana/domain/orders/orders-api';
import { GuestCartBooksQuery } from '@hondana/domain/orders/pre-orders';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { adultAllowed } from '../accounts/adult-access';
import { addBundle, bundleView } from './bundle.service';
import type { CartRouteContext } from './cart-route-context';
import { grantGuestCoupons } from './cart.repository';
import * as cart from './cart.service';
import { cartView } from './cart-view';
import { type GuestBookDetails, guestCartBooks } from './guest-cart.service';

/** §7 "Cart": putting volumes, a title or a bundle in, moving and removing items, the cart's lists, and a guest's cart books. */
export function cartItemRoutes(base: FastifyInstance, { db, now, member }: CartRouteContext, guestBookDetails: GuestBookDetails): void {
  const app = base.withTypeProvider<ZodTypeProvider>();
  app.post('/cart/book', { schema: { body: CartBookBody, response: { 200: CartChangeResponse } } }, async (request) =>
    cart.addBook(db, await member(request), request.body.book_id, now()),
  );
  app.post('/cart/books', { schema: { body: CartBooksBody, response: { 200: CartChangeResponse } } }, async (request) =>
    cart.addManyBooks(db, await member(request), request.body.book_ids, now()),
  );
  app.post('/cart/bulk', { schema: { body: CartBulkBody, response: { 200: CartChangeResponse } } }, async (request) =>
    cart.addTitle(db, await member(request), request.body.title_id, now()),
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
  app.get('/guest/cart_books', { schema: { querystring: GuestCartBooksQuery, response: { 200: GuestCartBooks } } }, async (request) =>
    guestCartBooks(db, guestBookDetails, {
      bookIds: request.query.book_id,
      includeAdult: await adultAllowed(request, request.query.ac),
      now: now(),
    }),
  );
}
