import { requireConfirmedEmail } from '../accounts/email-confirmed';
import { ErrorResponse } from '@hondana/domain/common/responses';
import {
  AppealMappingResponse,
  CartAppealQuery,
  CartAppealResponse,
  CoinCallbackResponse,
  CoinItemsQuery,
  CoinPaymentConfig,
  CoinPurchaseBody,
  CoinPurchaseQuery,
  CoinPurchaseAnswer,
  CoinPurchaseStatus,
  UnsettledCoinPurchase,
  CoinReturnQuery,
  CoinReturnRegistered,
  ExpirationBalance,
  ExpirationBalanceQuery,
  GetCoinResponse,
  GoodValueResponse,
  MangaCoinBalance,
  MangaCoinItemsResponse,
  OrderIdPath,
  PaymentServicesActNotice,
  PaymentTypeQuery,
  PeriodBalanceResponse,
  WalletHistoryResponse,
  WalletHistoryQuery,
  WalletPageQuery,
} from '@hondana/domain/wallet/wallet-api';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { PaymentProvider } from '../../payments/payment-provider';
import { STRIPE_COIN_METHODS, type StripeCoinMethod, isStripeProvider } from '../../payments/stripe-provider';
import { coinPaymentMethods } from '@hondana/domain/wallet/wallet-payments';
import { payCoinOrderWithStripe } from './stripe-coin-payments';
import { requireUser, sessionUser } from '../accounts/session-plugin';
import { registerTokenEndpoints } from '../accounts/token.routes';
import { sendStored } from '../../http/stored-reply';
import * as shop from './coin-shop.service';
import { coinCallback, registerReturn } from './coin-return.service';
import { COIN_PURCHASE_TOKEN_PURPOSE, coinPurchaseStatus, purchaseCoinPack, unsettledCoinPurchase } from './coin-purchase.service';
import { paymentServicesActNotice } from './legal-notice';
import * as wallet from './wallet.service';

/**
 * §7 "Manga coin": coin shop, balances and history, coin pack purchase through the payment
 * provider `app.ts` gives, and the 資金決済法 notice. A carrier's decision on a coin pack comes
 * back through the provider's routes, which `app.ts` sends to `onPaymentDecision`.
 */
export const walletRoutes: FastifyPluginAsync<{ provider: PaymentProvider }> = async (base, { provider }) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps.database;
  const clock = () => app.deps.clock();
  const now = () => clock().getTime();
  // The same for every request (no database): which provider, its methods, Stripe.js's key.
  const paymentConfig: CoinPaymentConfig = isStripeProvider(provider)
    ? {
        provider: 'stripe',
        methods: [...STRIPE_COIN_METHODS],
        stripe: { publishableKey: provider.stripe.publishableKey, jsUrl: provider.stripe.jsUrl },
      }
    : { provider: 'sandbox', methods: [...coinPaymentMethods], stripe: null };

  app.get(
    '/manga_coin/items/v3',
    { schema: { querystring: CoinItemsQuery, response: { 200: MangaCoinItemsResponse } } },
    async (request) => {
      const user = await sessionUser(request);
      return shop.items(db, user?.userId ?? null, request.query.payment_type, request.query.display_scenes);
    },
  );
  app.get('/manga_coin/good_value', { schema: { querystring: PaymentTypeQuery, response: { 200: GoodValueResponse } } }, async (request) =>
    shop.goodValue(db, request.query.payment_type),
  );
  app.get(
    '/manga_coin/appeal_mapping',
    { schema: { querystring: PaymentTypeQuery, response: { 200: AppealMappingResponse } } },
    async (request) => shop.appealMapping(db, request.query.payment_type),
  );
  app.get(
    '/manga_coin/cart_appeal',
    { schema: { querystring: CartAppealQuery, response: { 200: CartAppealResponse } } },
    async (request) => {
      const user = await requireUser(request);
      return shop.cartAppeal(db, { userId: user.userId, adultChecked: user.adultState === 'ADULT' }, request.query.payment_type, now());
    },
  );
  // §7 /pcb and /cb: the way to the coin shop and back; they neither charge nor grant (not payment routes).
  app.get('/manga_coin/pcb', { schema: { querystring: CoinReturnQuery, response: { 200: CoinReturnRegistered } } }, async (request) =>
    registerReturn(db, (await requireUser(request)).userId, request.query.path, now()),
  );
  app.get('/manga_coin/cb', { schema: { response: { 200: CoinCallbackResponse } } }, async (request) =>
    coinCallback(db, (await requireUser(request)).userId, now()),
  );
  app.get('/manga_coin/payment_config', { schema: { response: { 200: CoinPaymentConfig } } }, async () => paymentConfig);
  app.get('/manga_coin/legal_notice', { schema: { response: { 200: PaymentServicesActNotice } } }, async () => paymentServicesActNotice);

  app.get('/manga_coin/balance', { schema: { response: { 200: MangaCoinBalance } } }, async (request) =>
    wallet.mangaCoinBalance(db, (await requireUser(request)).userId, now()),
  );
  app.get('/user/get_coin', { schema: { response: { 200: GetCoinResponse } } }, async (request) =>
    wallet.getCoin(db, (await requireUser(request)).userId, now()),
  );
  app.get(
    '/manga_coin/history',
    { schema: { querystring: WalletHistoryQuery, response: { 200: WalletHistoryResponse } } },
    async (request) => wallet.history(db, (await requireUser(request)).userId, request.query, now()),
  );
  app.get(
    '/manga_coin/period_balance',
    { schema: { querystring: WalletPageQuery, response: { 200: PeriodBalanceResponse } } },
    async (request) => wallet.periodBalance(db, (await requireUser(request)).userId, request.query, now()),
  );
  app.get(
    '/manga_coin/expiration_balance',
    { schema: { querystring: ExpirationBalanceQuery, response: { 200: ExpirationBalance } } },
    async (request) => wallet.expirationBalance(db, (await requireUser(request)).userId, request.query.days, now()),
  );

  registerTokenEndpoints(app, { '/manga_coin/purchase/create_token': COIN_PURCHASE_TOKEN_PURPOSE });
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
};
