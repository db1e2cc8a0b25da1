import type { CoinCallbackResponse, CoinReturnRegistered } from '@hondana/domain/wallet/wallet-api';
import { apiGet } from '../../../lib/api/no-login-redirect';

/** The coin shop without a way back (a guest, or `/pcb` failed): the plain shop still sells coins. */
export const COIN_SHOP = '/mangacoin';

/** `/manga_coin/pcb` (§7, decision 028): keep `path` to come back to; answers the shop to go to. */
const registerCoinReturn = (path: string) => apiGet<CoinReturnRegistered>('/manga_coin/pcb', { path });

/** `/manga_coin/cb`: after the coin purchase — its outcome, the balance and the kept path (once). */
export const takeCoinReturn = () => apiGet<CoinCallbackResponse>('/manga_coin/cb');

/** The page the member is on (path and query), the one `/pcb` keeps. */
const currentPath = () => `${window.location.pathname}${window.location.search}`;

/**
 * A member short of coins goes to the coin shop from where they are: the page is kept first
 * (`/pcb`), so that the shop can offer it back after the purchase.
 */
export async function goToCoinShop(path: string = currentPath()): Promise<void> {
  let shop = COIN_SHOP;
  try {
    shop = (await registerCoinReturn(path)).results.shopUrl;
  } catch {
    // Not kept (a guest, an over-long path): the shop without the way back.
  }
  window.location.assign(shop);
}
