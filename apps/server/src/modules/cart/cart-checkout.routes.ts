import { CartOrderResponse, CartOrderStatus, CartTokenQuery, OrderV3Response } from '@hondana/domain/cart/cart-api';
import { BulkOrderBody, BulkQuote, BulkQuoteQuery } from '@hondana/domain/cart/bulk-buy-api';
import { CartOrderBody, OrderIdParam, OrderV2Body } from '@hondana/domain/cart/cart-checkout';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sendStored } from '../../http/stored-reply';
import type { PaymentProvider } from '../../payments/payment-provider';
import { isStripeProvider } from '../../payments/stripe-provider';
import { bulkOrder, bulkQuote } from './bulk-order.service';
import { cartOrderStatus } from './cart-payment.service';
import type { CartRouteContext } from './cart-route-context';
import { orderV2, orderV3 } from './checkout.service';
import { confirmStripeCartOrder, payCartOrderWithStripe } from './stripe-cart-payments';

/**
 * §7 ordering: the cart's order (v3 and v2) and its status, and まとめ買い of a range of a title's
 * volumes from the series page (its quote and its one order). Card and carrier payments go through
 * the provider; a carrier's decision comes back through the provider's routes, which `app.ts` sends
 * to `cartPaymentDecision`.
 */
export function cartCheckoutRoutes(base: FastifyInstance, { db, now, member }: CartRouteContext, provider: PaymentProvider): void {
  const app = base.withTypeProvider<ZodTypeProvider>();
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
}
