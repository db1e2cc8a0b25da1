import type { UserStatus } from '@hondana/domain/accounts/accounts-api';
import type { CoinPaymentConfig, GoodValueResponse, MangaCoinBalance, MangaCoinItemsResponse } from '@hondana/domain/wallet/wallet-api';
import type { CoinPaymentMethod } from '@hondana/domain/wallet/wallet-payments';
import { ApiError } from '../../../lib/api/client';
import { apiGet } from '../../../lib/api/no-login-redirect';
import { getPaymentConfig } from '../../../lib/api/payment-config';

interface CoinShopData {
  paymentType: CoinPaymentMethod;
  items: MangaCoinItemsResponse['items'];
  goodValue: GoodValueResponse;
  /** Null for a guest. */
  balance: MangaCoinBalance | null;
  /** The operator's §4 maintenance mode: `coin` and `pay` close coin purchases. */
  maintenanceMode: UserStatus['maintenanceMode'];
  /** The provider and the methods it offers (the shop's tabs). */
  payment: CoinPaymentConfig;
}

/** Whether the maintenance mode closes coin purchases (the server refuses them with PAYMENT_MAINTENANCE). */
export const coinPurchasesClosed = (mode: UserStatus['maintenanceMode']): boolean => mode === 'coin' || mode === 'pay' || mode === 'all';

/** `/manga_coin/items/v3`, `/good_value`, the maintenance mode of `/common/get_status`, the provider's methods and, for a member, `/balance` (§7). */
export async function getCoinShop(paymentType: CoinPaymentMethod): Promise<CoinShopData> {
  const [items, goodValue, balance, status, payment] = await Promise.all([
    apiGet<MangaCoinItemsResponse>('/manga_coin/items/v3', { payment_type: paymentType, display_scenes: 'shop' }),
    apiGet<GoodValueResponse>('/manga_coin/good_value', { payment_type: paymentType }),
    getBalanceOrNull(),
    apiGet<Pick<UserStatus, 'maintenanceMode'>>('/common/get_status'),
    getPaymentConfig(),
  ]);
  return { paymentType, items: items.items, goodValue, balance, maintenanceMode: status.maintenanceMode, payment };
}

/** §5: the manga coin balance must be an integer or the fetch fails. */
export async function getBalance(): Promise<MangaCoinBalance> {
  const balance = await apiGet<MangaCoinBalance>('/manga_coin/balance');
  if (!Number.isInteger(balance.balance)) throw new ApiError(500, 'INTERNAL_SERVER_ERROR', ['Failed to fetch manga coin balance']);
  return balance;
}

async function getBalanceOrNull(): Promise<MangaCoinBalance | null> {
  try {
    return await getBalance();
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return null;
    throw error;
  }
}
