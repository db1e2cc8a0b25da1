import type { BuyCheckV2Response, BuyV2Response, MangaCoinBuyCheckResponse, MangaCoinBuyResponse } from '@hondana/domain/orders/orders-api';
import type { SpendCurrency } from '@hondana/domain/orders/last-page-commerce';
import { ApiError, createToken } from '../../../lib/api/client';
import { apiPost } from '../../../lib/api/no-login-redirect';

interface BuyRequest {
  bookId: number;
  /** The price the member was shown (the manga coin flow's request_price, §7). */
  price: number;
  paymentType: SpendCurrency;
  adult: boolean;
  /** Long-press buys skip the confirm dialog (and coupons, §4). */
  longPress: boolean;
}

interface BuyOutcome {
  orderId: number;
  /** Coins or manga coins spent. */
  spent: number;
  paymentType: SpendCurrency;
  /** The running lottery campaigns the order earned a ticket of, one entry per ticket (`userLotteryTickets`). */
  lotteryCampaignIds: number[];
}

/**
 * §7 buy flows. Coins: buy check → order token → buy. Manga coins: buy check (request_price)
 * → token → buy (checked_price). A refusal is an ApiError with the §8 code (403), and nothing
 * is spent: DIFF_PRICE_REQUEST, CART_NOT_ENOUGH_MANGA_COIN, ALREADY_BUY, …
 */
export function buyBook(request: BuyRequest): Promise<BuyOutcome> {
  return request.paymentType === 'COIN' ? buyWithCoins(request) : buyWithMangaCoins(request);
}

async function buyWithCoins({ bookId, adult, longPress }: BuyRequest): Promise<BuyOutcome> {
  const ac = adult ? 1 : 0;
  const check = await apiPost<BuyCheckV2Response>('/order/buy_check/v2', {
    book_ids: String(bookId),
    book_type: 0,
    use_point: 0,
    buy_free_flag: 0,
    ac,
  });
  // §5: the buy needs a passing check (status code 0 and result status 0).
  if (check.status.code !== 0 || check.results.status !== 0) throw new ApiError(403, 'Failed buy check');
  const token = await createToken('/order/create_token');
  const bought = await apiPost<BuyV2Response>(
    '/order/buy/v2',
    {
      book_ids: String(bookId),
      book_type: 0,
      token,
      use_point: 0,
      buy_type: longPress ? 'long_press' : 'one_click',
      module_name: 'book_detail',
      module_book_id: String(bookId),
      ac,
    },
    { token },
  );
  return {
    orderId: bought.results.orderId,
    spent: bought.results.totalPrice - bought.results.usePoint,
    paymentType: 'COIN',
    lotteryCampaignIds: bought.results.userLotteryTickets.map((t) => t.lotteryCampaignId),
  };
}

async function buyWithMangaCoins({ bookId, price, adult }: BuyRequest): Promise<BuyOutcome> {
  const ac = adult ? 1 : 0;
  const check = await apiPost<MangaCoinBuyCheckResponse>('/order/book/manga_coin/buy_check', {
    book_id: bookId,
    request_price: price,
    ac,
  });
  if (check.status.code !== 0 || check.results.status !== 'NORMAL') throw new ApiError(403, 'Failed buy check');
  const token = await createToken('/order/book/manga_coin/create_token');
  const bought = await apiPost<MangaCoinBuyResponse>(
    '/order/book/manga_coin/buy',
    { token, book_id: bookId, checked_price: check.results.checkedPrice, ac },
    { token },
  );
  return {
    orderId: bought.results.orderId,
    spent: bought.results.price,
    paymentType: 'MANGA_COIN',
    lotteryCampaignIds: bought.results.userLotteryTickets.map((t) => t.lotteryCampaignId),
  };
}
