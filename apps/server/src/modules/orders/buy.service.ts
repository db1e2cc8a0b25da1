import type { BuyCheckV2Response, BuyV2Response, MangaCoinBuyCheckResponse, MangaCoinBuyResponse } from '@hondana/domain/orders/orders-api';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema';
import { type StoredResponse, withOneTimeToken } from '../tokens/one-time-tokens';
import { withRetry } from '../ledger/ledger';
import { type PurchaseRequest, type RewardFacts, purchase, quote } from './purchase';

/** Token purposes of the two buy flows (§7: /order/create_token, /order/book/manga_coin/create_token). */
export const BUY_TOKEN_PURPOSE = 'order_buy';
export const MANGA_COIN_BUY_TOKEN_PURPOSE = 'order_manga_coin_buy';

/**
 * What a completed order earns in the selling layer (lottery tickets, missions, a friend's
 * invitation), written in the order's transaction. Wired in `app.ts`: campaigns'
 * `rewardPurchase`, which itself reads orders, so orders does not import it.
 */
export type PurchaseReward = (
  trx: Transaction<Database>,
  order: { userId: number; orderId: number; totalPrice: number; now: number; facts?: RewardFacts | undefined },
) => Promise<{ lotteryCampaignId: number }[]>;

export interface Buyer {
  userId: number;
  adultChecked: boolean;
}

/** `POST /order/buy_check/v2`: would this COIN (and points) purchase go through? */
export async function buyCheckV2(
  db: Kysely<Database>,
  buyer: Buyer,
  input: { bookIds: number[]; usePoint: number; buyFree: boolean },
  now: number,
): Promise<BuyCheckV2Response> {
  const q = await quote(db, { ...buyer, ...input, currency: 'COIN', now });
  const { coins: coin, points: point } = q.balances;
  return {
    status: { code: 0 },
    results: {
      status: 0,
      bookIds: input.bookIds,
      totalPrice: q.totalPrice,
      usePoint: q.usePoint,
      payPrice: q.payPrice,
      coin,
      point,
      isFirstPaying: q.isFirstPaying,
      pointCampaign: q.pointCampaign,
    },
  };
}

/** `POST /order/buy/v2`: the COIN purchase, once per token. */
export function buyV2(
  db: Kysely<Database>,
  buyer: Buyer,
  input: { token: string; bookIds: number[]; usePoint: number; buyType: string },
  now: number,
  rewardPurchase: PurchaseReward,
): Promise<StoredResponse<BuyV2Response>> {
  const req: PurchaseRequest = { ...buyer, bookIds: input.bookIds, usePoint: input.usePoint, currency: 'COIN', buyFree: false, now };
  return withRetry(() =>
    withOneTimeToken(
      db,
      { token: input.token, userId: buyer.userId, purpose: BUY_TOKEN_PURPOSE, request: { b: input.bookIds, p: input.usePoint }, now },
      async (trx) => {
        const { orderId, quote: q, facts } = await purchase(trx, req);
        const userLotteryTickets = await rewardPurchase(trx, { userId: buyer.userId, orderId, totalPrice: q.totalPrice, now, facts });
        return {
          body: {
            status: { code: 0 },
            results: { orderId, totalPrice: q.totalPrice, usePoint: q.usePoint, userLotteryTickets, pointCampaign: q.pointCampaign },
          },
        };
      },
    ),
  );
}

/** `POST /order/book/manga_coin/buy_check`: request_price must be the price in effect. */
export async function mangaCoinBuyCheck(
  db: Kysely<Database>,
  buyer: Buyer,
  input: { bookId: number; requestPrice: number },
  now: number,
): Promise<MangaCoinBuyCheckResponse> {
  const q = await quote(db, {
    ...buyer,
    bookIds: [input.bookId],
    usePoint: 0,
    buyFree: false,
    currency: 'MANGA_COIN',
    expectedPrice: input.requestPrice,
    now,
  });
  return {
    status: { code: 0 },
    results: { status: 'NORMAL', checkedPrice: q.totalPrice, mangaCoin: q.balances.coins, pointCampaign: q.pointCampaign },
  };
}

/** `POST /order/book/manga_coin/buy`: a price changed since the check is DIFF_PRICE_REQUEST, nothing spent. */
export function mangaCoinBuy(
  db: Kysely<Database>,
  buyer: Buyer,
  input: { token: string; bookId: number; checkedPrice: number },
  now: number,
  rewardPurchase: PurchaseReward,
): Promise<StoredResponse<MangaCoinBuyResponse>> {
  const req: PurchaseRequest = {
    ...buyer,
    bookIds: [input.bookId],
    usePoint: 0,
    currency: 'MANGA_COIN',
    buyFree: false,
    expectedPrice: input.checkedPrice,
    now,
  };
  return withRetry(() =>
    withOneTimeToken(
      db,
      {
        token: input.token,
        userId: buyer.userId,
        purpose: MANGA_COIN_BUY_TOKEN_PURPOSE,
        request: { b: input.bookId, p: input.checkedPrice },
        now,
      },
      async (trx: Transaction<Database>) => {
        const { orderId, quote: q, facts } = await purchase(trx, req);
        const userLotteryTickets = await rewardPurchase(trx, { userId: buyer.userId, orderId, totalPrice: q.totalPrice, now, facts });
        return { body: { status: { code: 0 }, results: { orderId, price: q.totalPrice, userLotteryTickets } } };
      },
    ),
  );
}
