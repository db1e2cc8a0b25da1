import type { CoinPurchaseBody, CoinPurchaseResult, CoinPurchaseStatus, UnsettledCoinPurchase } from '@hondana/domain/wallet/wallet-api';
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

/** The outcome of a payment after the provider's page sent the member back. */
export const getCoinPurchase = (orderId: number) => apiGet<CoinPurchaseStatus>(`/manga_coin/purchases/${orderId}`);

/** A carrier payment the member left on the provider's page: still waiting (until when), or ended at its time limit. */
export const getUnsettledCoinPurchase = () => apiGet<UnsettledCoinPurchase>('/manga_coin/purchases/unsettled');
