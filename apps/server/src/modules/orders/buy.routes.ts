import { BuyCheckV1Body, BuyCheckV2Body, BuyV1Body, BuyV2Body, FreeBookBody, MangaCoinBuyBody, MangaCoinBuyCheckBody, TokenQuery } from '@hondana/domain/orders/orders-api';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireUser } from '../accounts/session-plugin';
import { issueToken, requireToken } from '../tokens/one-time-tokens';
import * as buy from './buy.service';
import { freeBookOnLoad, freeNextBook } from './free-books.service';

/** §7 "Orders": the COIN and manga coin buy flows, and free books (§4). */
export const buyRoutes: FastifyPluginAsync<{ rewardPurchase: buy.PurchaseReward }> = async (base, { rewardPurchase }) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps.database;
  const now = () => app.deps.clock().getTime();
  const buyer = async (request: FastifyRequest): Promise<buy.Buyer> => {
    const user = await requireUser(request);
    return { userId: user.userId, adultChecked: user.adultState === 'ADULT' };
  };

  app.post('/order/buy_check/v2', { schema: { body: BuyCheckV2Body } }, async (request) => {
    const { book_ids, use_point, buy_free_flag } = request.body;
    return buy.buyCheckV2(db, await buyer(request), { bookIds: book_ids, usePoint: use_point, buyFree: buy_free_flag === 1 }, now());
  });

  app.post('/order/buy_check', { schema: { body: BuyCheckV1Body } }, async (request) => {
    const { book_id, use_point, buy_free_flag } = request.body;
    return buy.buyCheckV2(db, await buyer(request), { bookIds: [book_id], usePoint: use_point, buyFree: buy_free_flag === 1 }, now());
  });

  app.post('/order/buy', { schema: { body: BuyV1Body, querystring: TokenQuery } }, async (request, reply) => {
    const member = await buyer(request);
    const token = requireToken(request.body.token, request.query.token);
    const { book_id, use_point, buy_type } = request.body;
    const result = await buy.buyV2(db, member, { token, bookIds: [book_id], usePoint: use_point, buyType: buy_type }, now(), rewardPurchase);
    return reply.code(result.status).send(result.body);
  });

  app.get('/order/create_token', async (request) => {
    const user = await requireUser(request);
    return { status: { code: 0, token: await issueToken(db, user.userId, buy.BUY_TOKEN_PURPOSE, now()) } };
  });

  app.post('/order/buy/v2', { schema: { body: BuyV2Body, querystring: TokenQuery } }, async (request, reply) => {
    const member = await buyer(request);
    const token = requireToken(request.body.token, request.query.token);
    const { book_ids, use_point, buy_type } = request.body;
    const result = await buy.buyV2(db, member, { token, bookIds: book_ids, usePoint: use_point, buyType: buy_type }, now(), rewardPurchase);
    return reply.code(result.status).send(result.body);
  });

  app.post('/order/book/manga_coin/buy_check', { schema: { body: MangaCoinBuyCheckBody } }, async (request) =>
    buy.mangaCoinBuyCheck(db, await buyer(request), { bookId: request.body.book_id, requestPrice: request.body.request_price }, now()),
  );

  app.get('/order/book/manga_coin/create_token', async (request) => {
    const user = await requireUser(request);
    return { status: { code: 0, token: await issueToken(db, user.userId, buy.MANGA_COIN_BUY_TOKEN_PURPOSE, now()) } };
  });

  app.post('/order/book/manga_coin/buy', { schema: { body: MangaCoinBuyBody, querystring: TokenQuery } }, async (request, reply) => {
    const member = await buyer(request);
    const token = requireToken(request.body.token, request.query.token);
    const { book_id, checked_price } = request.body;
    const result = await buy.mangaCoinBuy(db, member, { token, bookId: book_id, checkedPrice: checked_price }, now(), rewardPurchase);
    return reply.code(result.status).send(result.body);
  });

  app.post('/order/free_book', { schema: { body: FreeBookBody } }, async (request) =>
    freeBookOnLoad(db, await buyer(request), request.body.book_id, now()),
  );

  app.post('/order/free_next_book', { schema: { body: FreeBookBody } }, async (request) =>
    freeNextBook(db, await buyer(request), request.body.book_id, now()),
  );
};
