import { ErrorResponse } from '@hondana/domain/common/responses';
import {
  CoinPurchaseAnswer,
  CoinPurchaseBody,
  CoinPurchaseQuery,
  CoinPurchaseStatus,
  OrderIdPath,
  UnsettledCoinPurchase,
} from '@hondana/domain/wallet/wallet-api';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sendStored } from '../../http/stored-reply';
import type { PaymentProvider } from '../../payments/payment-provider';
import { type StripeCoinMethod, isStripeProvider } from '../../payments/stripe-provider';
import { requireConfirmedEmail } from '../accounts/email-confirmed';
import { requireUser } from '../accounts/session-plugin';
import { coinPurchaseStatus, purchaseCoinPack, unsettledCoinPurchase } from './coin-purchase.service';
import { payCoinOrderWithStripe } from './stripe-coin-payments';
import type { WalletRouteContext } from './wallet-route-context';

/** §7 buying a coin pack through the payment provider, the purchase still unsettled (a konbini voucher) and a purchase's status. */
export function coinPurchaseRoutes(base: FastifyInstance, { db, clock, now }: WalletRouteContext, provider: PaymentProvider): void {
  const app = base.withTypeProvider<ZodTypeProvider>();
  app.post(
    '/manga_coin/purchase',
    { schema: { querystring: CoinPurchaseQuery, body: CoinPurchaseBody, response: { 200: CoinPurchaseAnswer, 400: ErrorResponse } } },
    async (request, reply) => {
      const user = await requireUser(request);
      await requireConfirmedEmail(db, user.userId);
      const result = await purchaseCoinPack(db, provider, {
        token: request.query.token,
        userId: user.userId,
        body: request.body,
        now: clock(),
      });
      // Stripe: the order is written; the money is asked for now, outside its transaction.
      if (
        isStripeProvider(provider) &&
        result.status === 200 &&
        'status' in result.body &&
        result.body.status === 'PENDING' &&
        request.body.cardId
      ) {
        const { orderId } = result.body;
        // Where PayPay sends the member back: the coin shop on the host they came by, with the order.
        const back = new URL(request.body.returnUrl, `${request.protocol}://${request.host}`);
        back.searchParams.set('order_id', String(orderId));
        const method = request.body.paymentType as StripeCoinMethod;
        const input = {
          orderId,
          userId: user.userId,
          cardId: request.body.cardId,
          method,
          returnUrl: back.href,
          now,
          warn: (message: string) => request.log.warn(message),
        };
        return sendStored(reply, await payCoinOrderWithStripe(db, provider.stripe, input));
      }
      return sendStored(reply, result);
    },
  );
  app.get('/manga_coin/purchases/unsettled', { schema: { response: { 200: UnsettledCoinPurchase } } }, async (request) => {
    const { providerRef, ...unsettled } = await unsettledCoinPurchase(db, (await requireUser(request)).userId, {
      ttlMs: provider.confirmationTtlMs,
      now: now(),
    });
    // A konbini voucher still waiting is shown again (the member closed it, or comes back days later): Stripe keeps its numbers.
    if (
      isStripeProvider(provider) &&
      unsettled.purchase?.paymentType === 'konbini' &&
      unsettled.purchase.status === 'PROCESSING' &&
      providerRef
    ) {
      const voucher = await provider.stripe.retrieveIntent(providerRef).then(
        (intent) => (intent.status === 'requires_action' ? intent.voucher : null),
        (error: unknown) => {
          request.log.warn({ err: error }, 'Stripe did not answer for a konbini voucher');
          return null;
        },
      );
      return { ...unsettled, voucher };
    }
    return unsettled;
  });
  app.get('/manga_coin/purchases/:order_id', { schema: { params: OrderIdPath, response: { 200: CoinPurchaseStatus } } }, async (request) =>
    coinPurchaseStatus(db, (await requireUser(request)).userId, request.params.order_id),
  );
}
