import {
  FreeBookBody,
  FreeBookResponse,
  MangaCoinBuyBody,
  MangaCoinBuyCheckBody,
  MangaCoinBuyCheckResponse,
  MangaCoinBuyResponse,
  TokenQuery,
} from '@hondana/domain/orders/orders-api';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sendStored } from '../../http/stored-reply';
import { requireToken } from '../tokens/one-time-tokens';
import type { BuyRouteContext } from './buy-route-context';
import * as buy from './buy.service';
import { freeBookOnLoad, freeNextBook } from './free-book-grants.service';

/** §7 "Orders" one volume at a time: its manga coin check and buy, and a free book (§4) on opening it or the next. */
export function mangaCoinBuyRoutes(base: FastifyInstance, { db, now, buyer }: BuyRouteContext, rewardPurchase: buy.PurchaseReward): void {
  const app = base.withTypeProvider<ZodTypeProvider>();
  app.post(
    '/order/book/manga_coin/buy_check',
    { schema: { body: MangaCoinBuyCheckBody, response: { 200: MangaCoinBuyCheckResponse } } },
    async (request) =>
      buy.mangaCoinBuyCheck(db, await buyer(request), { bookId: request.body.book_id, requestPrice: request.body.request_price }, now()),
  );

  app.post(
    '/order/book/manga_coin/buy',
    { schema: { body: MangaCoinBuyBody, querystring: TokenQuery, response: { 200: MangaCoinBuyResponse } } },
    async (request, reply) => {
      const member = await buyer(request);
      const token = requireToken(request.body.token, request.query.token);
      const { book_id, checked_price } = request.body;
      const result = await buy.mangaCoinBuy(db, member, { token, bookId: book_id, checkedPrice: checked_price }, now(), rewardPurchase);
      return sendStored(reply, result);
    },
  );

  app.post('/order/free_book', { schema: { body: FreeBookBody, response: { 200: FreeBookResponse } } }, async (request) =>
    freeBookOnLoad(db, await buyer(request), request.body.book_id, now()),
  );

  app.post('/order/free_next_book', { schema: { body: FreeBookBody, response: { 200: FreeBookResponse } } }, async (request) =>
    freeNextBook(db, await buyer(request), request.body.book_id, now()),
  );
}
