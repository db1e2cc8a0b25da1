import type { Balances } from '@hondana/domain/orders/last-page-commerce';
import type { PaymentsResponse } from '@hondana/domain/orders/orders-api';
import type { PointCampaignSummary } from '@hondana/domain/campaigns/point-campaigns-api';
import type { GetCoinResponse, MangaCoinItemsResponse } from '@hondana/domain/wallet/wallet-api';
import { apiGet } from '../../../lib/api/no-login-redirect';

export interface PurchaseContext {
  balances: Balances;
  isFirstPurchase: boolean;
  adult: boolean;
  defaultPaymentType: 'COIN' | 'MANGA_COIN';
  points: PointCampaignSummary;
  /** Card packs, for the coin appeal when the balance is short. */
  packs: MangaCoinItemsResponse['items'];
}

interface StatusBody {
  adultState?: string;
  defaultPaymentType?: string;
}

/**
 * What the purchase panel needs, in parallel: balances (`/user/get_coin`), the member's status,
 * whether they have bought a book before, the book's point campaigns, and the card packs.
 */
export async function getPurchaseContext(bookId: number): Promise<PurchaseContext> {
  const [coin, status, payments, packs] = await Promise.all([
    apiGet<GetCoinResponse>('/user/get_coin'),
    apiGet<StatusBody>('/common/get_status'),
    apiGet<PaymentsResponse>('/order/payments', { offset: 0, limit: 100, ac: 1 }),
    apiGet<MangaCoinItemsResponse>('/manga_coin/items/v3', { payment_type: 'creditcard', display_scenes: 'shop' }).catch(() => null),
  ]);
  const adult = status.adultState === 'ADULT';
  const points = await apiGet<PointCampaignSummary>('/book_point_campaigns/by_book', { book_id: bookId, ac: adult ? 1 : 0 }).catch(() => ({
    totalPoint: 0,
    list: [],
  }));
  return {
    balances: { coin: coin.results.coin, mangaCoin: coin.results.mangaCoin },
    isFirstPurchase: isFirstPurchase(payments),
    adult,
    defaultPaymentType: status.defaultPaymentType === 'COIN' ? 'COIN' : 'MANGA_COIN',
    points,
    packs: packs?.items ?? [],
  };
}

/**
 * Whether no book has been bought yet. The contract has no first-purchase flag for members
 * (`get_status` answers a fixed value until orders fill it), so it is read from the history:
 * any completed paid book order among the latest 100 orders, or more than 100 orders, means not first.
 */
function isFirstPurchase(payments: PaymentsResponse): boolean {
  if (payments.totalCount > payments.payments.length) return false;
  return !payments.payments.some((p) => p.kind === 'BOOK' && p.totalPrice > 0 && (p.status === 'COMPLETE' || p.status === 'DELIVERED'));
}
