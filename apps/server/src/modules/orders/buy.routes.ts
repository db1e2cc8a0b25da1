import {
  BuyCheckV1Body,
  BuyCheckV2Body,
  BuyCheckV2Response,
  BuyV1Body,
  BuyV2Body,
  BuyV2Response,
  TokenQuery,
} from '@hondana/domain/orders/orders-api';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { registerTokenEndpoints } from '../accounts/token.routes';
import { requireToken } from '../tokens/one-time-tokens';
import { sendStored } from '../../http/stored-reply';
import { buyRouteContext } from './buy-route-context';
import * as buy from './buy.service';
import { mangaCoinBuyRoutes } from './manga-coin-buy.routes';

/** §7 "Orders": the COIN and manga coin buy flows, and free books (§4). */
export const buyRoutes: FastifyPluginAsync<{ rewardPurchase: buy.PurchaseReward }> = async (base, { rewardPurchase }) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const context = buyRouteContext(app);
  const { db, now, buyer } = context;

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

  mangaCoinBuyRoutes(app, context, rewardPurchase);
};
