import type { PreOrderResponse } from '@hondana/domain/cart/cart-api';
import type { MangaCoinBalance } from '@hondana/domain/wallet/wallet-api';
import { createToken } from '../../../lib/api/client';
import { apiGet, apiPost } from '../../../lib/api/no-login-redirect';

/** `POST /pre_order/manga_coin/order/book` (§7 "Pre-orders"): the answer of a placed pre-order. */
type PlacedPreOrder = PreOrderResponse;

/** Places the pre-order at the price the member saw, with a fresh one-time token. */
export async function placePreOrder(bookId: number, price: number): Promise<PlacedPreOrder> {
  const token = await createToken('/pre_order/create_token');
  return apiPost<PlacedPreOrder>('/pre_order/manga_coin/order/book', { bookId, price }, { token });
}

export const getMangaCoinBalance = () => apiGet<MangaCoinBalance>('/manga_coin/balance');
