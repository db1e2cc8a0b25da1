import {
  ExpirationBalance,
  ExpirationBalanceQuery,
  GetCoinResponse,
  MangaCoinBalance,
  PeriodBalanceResponse,
  WalletHistoryQuery,
  WalletHistoryResponse,
  WalletPageQuery,
} from '@hondana/domain/wallet/wallet-api';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireUser } from '../accounts/session-plugin';
import type { WalletRouteContext } from './wallet-route-context';
import * as wallet from './wallet.service';

/** §7 a member's manga coins: the balance, its history, by period and what expires when. */
export function walletBalanceRoutes(base: FastifyInstance, { db, now }: WalletRouteContext): void {
  const app = base.withTypeProvider<ZodTypeProvider>();
  app.get('/manga_coin/balance', { schema: { response: { 200: MangaCoinBalance } } }, async (request) =>
    wallet.mangaCoinBalance(db, (await requireUser(request)).userId, now()),
  );
  app.get('/user/get_coin', { schema: { response: { 200: GetCoinResponse } } }, async (request) =>
    wallet.getCoin(db, (await requireUser(request)).userId, now()),
  );
  app.get(
    '/manga_coin/history',
    { schema: { querystring: WalletHistoryQuery, response: { 200: WalletHistoryResponse } } },
    async (request) => wallet.history(db, (await requireUser(request)).userId, request.query, now()),
  );
  app.get(
    '/manga_coin/period_balance',
    { schema: { querystring: WalletPageQuery, response: { 200: PeriodBalanceResponse } } },
    async (request) => wallet.periodBalance(db, (await requireUser(request)).userId, request.query, now()),
  );
  app.get(
    '/manga_coin/expiration_balance',
    { schema: { querystring: ExpirationBalanceQuery, response: { 200: ExpirationBalance } } },
    async (request) => wallet.expirationBalance(db, (await requireUser(request)).userId, request.query.days, now()),
  );
}
