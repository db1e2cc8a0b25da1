import type { FastifyPluginAsync } from 'fastify';
import type { PaymentProvider } from '../../payments/payment-provider';
import { registerTokenEndpoints } from '../accounts/token.routes';
import { COIN_PURCHASE_TOKEN_PURPOSE } from './coin-purchase.service';
import { coinPurchaseRoutes } from './coin-purchase.routes';
import { coinShopRoutes } from './coin-shop.routes';
import { walletBalanceRoutes } from './wallet-balances.routes';
import { walletRouteContext } from './wallet-route-context';

/**
 * §7 "Manga coin": coin shop, balances and history, coin pack purchase through the payment
 * provider `app.ts` gives, and the 資金決済法 notice, one use case per file. A carrier's decision on
 * a coin pack comes back through the provider's routes, which `app.ts` sends to `onPaymentDecision`.
 */
export const walletRoutes: FastifyPluginAsync<{ provider: PaymentProvider }> = async (app, { provider }) => {
  const context = walletRouteContext(app);
  coinShopRoutes(app, context, provider);
  walletBalanceRoutes(app, context);
  registerTokenEndpoints(app, { '/manga_coin/purchase/create_token': COIN_PURCHASE_TOKEN_PURPOSE });
  coinPurchaseRoutes(app, context, provider);
};
