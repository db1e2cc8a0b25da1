import {
  BuyCheckV1Body,
  BuyCheckV2Body,
  BuyCheckV2Response,
  BuyV1Body,
  BuyV2Body,
  BuyV2Response,
  FreeBookBody,
  FreeBookResponse,
  MangaCoinBuyBody,
  MangaCoinBuyCheckBody,
  MangaCoinBuyCheckResponse,
  MangaCoinBuyResponse,
  TokenQuery,
} from '@hondana/domain/orders/orders-api';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireUser } from '../accounts/session-plugin';
import { registerTokenEndpoints } from '../accounts/token.routes';
import { requireToken } from '../tokens/one-time-tokens';
import { sendStored } from '../../http/stored-reply';
import * as buy from './buy.service';
import { freeBookOnLoad, freeNextBook } from './free-book-grants.service';

/** §7 "Orders": the COIN and manga coin buy flows, and free books (§4). */
export const buyRoutes: FastifyPluginAsync<{ rewardPurchase: buy.PurchaseReward }> = async (base, { rewardPurchase }) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps.database;
  const now = () => app.deps.clock().getTime();
  const buyer = async (request: FastifyRequest): Promise<buy.Buyer> => {
    const user = await requireUser(request);
    return { userId: user.userId, adultChecked: user.adultState === 'ADULT' };
  };

  app.post('/order/buy_check/v2', { schema: { body: BuyCheckV2Body, response: { 200: BuyCheckV2Response } } }, async (request) => {
    const { book_ids, use_point, buy_free_flag } = request.body;
    return buy.buyCheckV2(db, await buyer(request), { bookIds: book_ids, usePoint: use_point, buyFree: buy_free_flag === 1 }, now());
  });

  app.post('/order/buy_check', { schema: { body: BuyCheckV1Body, response: { 200: BuyCheckV2Response } } }, async (request) => {
    const { book_id, use_point, buy_free_flag } = request.body;
    return buy.buyCheckV2(db, await buyer(request), { bookIds: [book_id], usePoint: use_point, buyFree: buy_free_flag === 1 }, now());
  });

  app.post(
    '/order/buy',
    { schema: { body: BuyV1Body, querystring: TokenQuery, response: { 200: BuyV2Response } } },
    async (request, reply) => {
      const member = await buyer(request);
      const token = requireToken(request.body.token, request.query.token);
      const { book_id, use_point, buy_type } = request.body;
      const result = await buy.buyV2(
        db,
        member,
        { token, bookIds: [book_id], usePoint: use_point, buyType: buy_type },
        now(),
        rewardPurchase,
      );
      return sendStored(reply, result);
    },
  );

  registerTokenEndpoints(app, {
    '/order/create_token': buy.BUY_TOKEN_PURPOSE,
    '/order/book/manga_coin/create_token': buy.MANGA_COIN_BUY_TOKEN_PURPOSE,
  });

  app.post(
    '/order/buy/v2',
    { schema: { body: BuyV2Body, querystring: TokenQuery, response: { 200: BuyV2Response } } },
    async (request, reply) => {
      const member = await buyer(request);
      const token = requireToken(request.body.token, request.query.token);
      const { book_ids, use_point, buy_type } = request.body;
      const result = await buy.buyV2(
        db,
        member,
        { token, bookIds: book_ids, usePoint: use_point, buyType: buy_type },
        now(),
        rewardPurchase,
      );
      return sendStored(reply, result);
    },
  );

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
};
