import type {
  CoinPurchaseAnswer,
  CoinPurchaseBody,
  CoinPurchaseResult,
  CoinPurchaseStatus,
  UnsettledCoinPurchase,
} from '@hondana/domain/wallet/wallet-api';
import { createToken } from '../../../lib/api/client';
import { apiGet, apiPost } from '../../../lib/api/no-login-redirect';

/**
 * Buys a coin pack (§7): a one-time token, then the purchase. A card answers COMPLETE (or a §8
 * error such as DECLINED_CARD, thrown as ApiError); a carrier or wallet answers PROCESSING with
 * the sandbox's confirmation page to go to.
 */
export async function purchaseCoins(body: CoinPurchaseBody): Promise<CoinPurchaseResult> {
  const token = await createToken('/manga_coin/purchase/create_token');
  return apiPost<CoinPurchaseResult>('/manga_coin/purchase', body, { token });
}

/** The same purchase with PAYMENT_PROVIDER=stripe, whose answers are more (3-D Secure, PayPay's page, a konbini voucher). */
export async function purchaseCoinsWithStripe(body: CoinPurchaseBody): Promise<CoinPurchaseAnswer> {
  const token = await createToken('/manga_coin/purchase/create_token');
  return apiPost<CoinPurchaseAnswer>('/manga_coin/purchase', body, { token });
}

/** The outcome of a payment after the provider's page sent the member back. */
export const getCoinPurchase = (orderId: number) => apiGet<CoinPurchaseStatus>(`/manga_coin/purchases/${orderId}`);

/** A carrier payment the member left on the provider's page: still waiting (until when), or ended at its time limit. */
export const getUnsettledCoinPurchase = () => apiGet<UnsettledCoinPurchase>('/manga_coin/purchases/unsettled');

const POLL_EVERY_MS = 1000;

/**
 * The order's state once it is no longer PROCESSING (Stripe's webhook settled it), or as it is
 * after `timeoutMs` (still PROCESSING: the page says it is being confirmed).
 */
export async function settledCoinPurchase(orderId: number, timeoutMs = 30_000): Promise<CoinPurchaseStatus> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const order = await getCoinPurchase(orderId);
    if (order.status !== 'PROCESSING' || Date.now() >= until) return order;
    await new Promise((resolve) => setTimeout(resolve, POLL_EVERY_MS));
  }
}
