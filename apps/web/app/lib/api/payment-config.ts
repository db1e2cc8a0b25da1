import type { CoinPaymentConfig } from '@hondana/domain/wallet/wallet-api';
import { apiGet } from './no-login-redirect';

/**
 * `GET /api/manga_coin/payment_config`: the store's payment provider, the methods it offers and
 * Stripe.js's key (the same for everyone). The coin shop, the cart and the subscriptions read it
 * to show the provider's card form (the sandbox's fields, or Stripe's Payment Element).
 */
export const getPaymentConfig = () => apiGet<CoinPaymentConfig>('/manga_coin/payment_config');
