import {
  AppealMappingResponse,
  CartAppealQuery,
  CartAppealResponse,
  CoinCallbackResponse,
  CoinItemsQuery,
  CoinPaymentConfig,
  CoinReturnQuery,
  CoinReturnRegistered,
  GoodValueResponse,
  MangaCoinItemsResponse,
  PaymentServicesActNotice,
  PaymentTypeQuery,
} from '@hondana/domain/wallet/wallet-api';
import { coinPaymentMethods } from '@hondana/domain/wallet/wallet-payments';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { PaymentProvider } from '../../payments/payment-provider';
import { STRIPE_COIN_METHODS, isStripeProvider } from '../../payments/stripe-provider';
import { requireUser, sessionUser } from '../accounts/session-plugin';
import * as shop from './coin-shop.service';
import { coinCallback, registerReturn } from './coin-return.service';
import { paymentServicesActNotice } from './legal-notice';
import type { WalletRouteContext } from './wallet-route-context';

/** §7 the coin shop: its packs and appeals, the way there and back (/pcb, /cb), how it is paid and the 資金決済法 notice. */
export function coinShopRoutes(base: FastifyInstance, { db, now }: WalletRouteContext, provider: PaymentProvider): void {
  const app = base.withTypeProvider<ZodTypeProvider>();
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
}
