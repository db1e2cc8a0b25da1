import type { CoinCallbackResponse, CoinReturnRegistered } from '@hondana/domain/wallet/wallet-api';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { keepReturnPath, latestCoinOrder, takeReturnPath } from './coin-return.repository';
import { mangaCoinBalance } from './wallet.service';

/** The coin shop a `/pcb` sends the member to (the shop's purchases return to it; the client then calls `/cb`). */
const COIN_SHOP_FROM_PCB = '/mangacoin?ref=pcb';

/**
 * `GET /manga_coin/pcb?path=`: a member about to buy coins (from the viewer's coin appeal, the
 * cart's shortage) leaves the page to come back to; a later `/pcb` replaces it. The path is a
 * same-site path (checked by the schema: never another site).
 */
export async function registerReturn(db: Kysely<Database>, userId: number, path: string, now: number): Promise<CoinReturnRegistered> {
  await keepReturnPath(db, userId, path, now);
  return { status: { code: 0 }, results: { path, shopUrl: COIN_SHOP_FROM_PCB } };
}

/**
 * `GET /manga_coin/cb`: after the coin purchase, what became of it (the member's latest coin
 * pack order since `/pcb`), the balance now, and the kept path — handed out once, so a reload
 * does not send the member back twice.
 */
export async function coinCallback(db: Kysely<Database>, userId: number, now: number): Promise<CoinCallbackResponse> {
  const kept = await takeReturnPath(db, userId);
  const [order, balance] = await Promise.all([
    latestCoinOrder(db, userId, kept ? Number(kept.created_at) : 0),
    mangaCoinBalance(db, userId, now),
  ]);
  return {
    status: { code: 0 },
    results: {
      path: kept?.path ?? null,
      purchase: order ? { orderId: order.id, status: order.status, coin: order.coin, bonus: order.bonus } : null,
      mangaCoin: balance.balance,
    },
  };
}
