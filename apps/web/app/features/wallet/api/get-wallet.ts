import type {
  ExpirationBalance,
  GetCoinResponse,
  MangaCoinBalance,
  PeriodBalanceResponse,
  WalletHistoryResponse,
} from '@hondana/domain/wallet/wallet-api';
import { apiGet } from '../../../lib/api/no-login-redirect';
import { getBalance } from './get-coin-shop';

/** §9 window for 'expiring soon'. */
export const EXPIRING_DAYS = 30;
export const HISTORY_PAGE_SIZE = 20;

export interface WalletData {
  balance: MangaCoinBalance;
  coins: GetCoinResponse['results'];
  expiring: ExpirationBalance;
  periods: PeriodBalanceResponse;
  /** Manga coins only (issue 34 item 5: points are not mixed into the coin statement). */
  history: WalletHistoryResponse;
  /** The latest point and coin entries, each listed apart with its own unit. */
  pointHistory: WalletHistoryResponse;
  coinHistory: WalletHistoryResponse;
}

/** The wallet page: `/balance`, `/user/get_coin`, `/expiration_balance`, `/period_balance`, `/history`. */
export async function getWallet(historyPage: number): Promise<WalletData> {
  const [balance, coin, expiring, periods, history, pointHistory, coinHistory] = await Promise.all([
    getBalance(),
    apiGet<GetCoinResponse>('/user/get_coin'),
    apiGet<ExpirationBalance>('/manga_coin/expiration_balance', { days: EXPIRING_DAYS }),
    apiGet<PeriodBalanceResponse>('/manga_coin/period_balance', { offset: 0, limit: 100 }),
    apiGet<WalletHistoryResponse>('/manga_coin/history', {
      offset: (historyPage - 1) * HISTORY_PAGE_SIZE,
      limit: HISTORY_PAGE_SIZE,
      currency: 'MANGA_COIN',
    }),
    apiGet<WalletHistoryResponse>('/manga_coin/history', { offset: 0, limit: HISTORY_PAGE_SIZE, currency: 'POINT' }),
    apiGet<WalletHistoryResponse>('/manga_coin/history', { offset: 0, limit: HISTORY_PAGE_SIZE, currency: 'COIN' }),
  ]);
  return { balance, coins: coin.results, expiring, periods, history, pointHistory, coinHistory };
}
