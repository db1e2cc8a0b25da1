import type { FastifyPluginAsync } from 'fastify';
import { registerTokenEndpoints } from '../accounts/token.routes';
import type { PaymentProvider } from '../../payments/payment-provider';
import { forgetBundleSummaries } from './bundle.repository';
import { cartCheckoutRoutes } from './cart-checkout.routes';
import { cartItemRoutes } from './cart-items.routes';
import { cartOfferRoutes } from './cart-offers.routes';
import { cartRouteContext } from './cart-route-context';
import { CART_TOKEN_PURPOSE } from './checkout.service';
import type { GuestBookDetails } from './guest-cart.service';
import { PRE_ORDER_TOKEN_PURPOSE } from './pre-order.service';
import { forgetKeptBonuses, settleDueBonuses } from './pre-order-bonus.service';
import { preOrderRoutes } from './pre-orders.routes';

/** How often due pre-order bonuses are granted when no request of their member comes first. */
const BONUS_SETTLE_EVERY_MS = 60_000;

/**
 * §7 "Cart", "Pre-orders" and the guest coupon of §7 "Guest", one use case per file; contract in
 * `packages/domain/src/cart/cart-api.ts`.
 */
export const cartRoutes: FastifyPluginAsync<{ provider: PaymentProvider; guestBookDetails: GuestBookDetails }> = async (app, options) => {
  const context = cartRouteContext(app);
  app.deps.changes.subscribe('catalog', () => {
    forgetBundleSummaries(context.db);
    forgetKeptBonuses(context.db);
  });
  registerTokenEndpoints(app, { '/cart/create_token': CART_TOKEN_PURPOSE, '/pre_order/create_token': PRE_ORDER_TOKEN_PURPOSE });
  cartItemRoutes(app, context, options.guestBookDetails);
  cartOfferRoutes(app, context);
  cartCheckoutRoutes(app, context, options.provider);
  preOrderRoutes(app, context);

  // A release instant passes with no request: due bonuses are granted by the store's scheduler too
  // (one process per run; each bonus is claimed by its PENDING → GRANTED update).
  app.ops.scheduler.register({
    name: 'pre-order-bonus-settlement',
    everyMs: BONUS_SETTLE_EVERY_MS,
    run: ({ db: jobDb, now: at }) => settleDueBonuses(jobDb, { now: at }),
  });
};
