import { CartTokenQuery, PreOrderBody, PreOrderIdPath, PreOrderResponse } from '@hondana/domain/cart/cart-api';
import { EarnedBonusList, PreOrderBonusList, PreOrderBookBonus } from '@hondana/domain/orders/orders-api';
import { PreOrderBonusByBookQuery, PreOrderBonusQuery } from '@hondana/domain/orders/pre-orders';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sendStored } from '../../http/stored-reply';
import { sessionUser } from '../accounts/session-plugin';
import type { CartRouteContext } from './cart-route-context';
import { cancelPreOrder, preOrderBook, preOrderStatus } from './pre-order.service';
import { bonusesByBook, earnedBonuses, listBonuses, settleDueBonuses } from './pre-order-bonus.service';

/** §7 "Pre-orders": ordering a volume not yet released, its status and cancelling, and the pre-order bonuses (§3). */
export function preOrderRoutes(base: FastifyInstance, { db, now, member }: CartRouteContext): void {
  const app = base.withTypeProvider<ZodTypeProvider>();
  app.post(
    '/pre_order/manga_coin/order/book',
    { schema: { querystring: CartTokenQuery, body: PreOrderBody, response: { 200: PreOrderResponse } } },
    async (request, reply) => {
      const result = await preOrderBook(db, await member(request), { token: request.query.token, ...request.body }, now());
      return sendStored(reply, result);
    },
  );
  app.get('/pre_order/order_status/:id', { schema: { params: PreOrderIdPath, response: { 200: PreOrderResponse } } }, async (request) => {
    const { userId } = await member(request);
    await settleDueBonuses(db, { userId, now: now() });
    return preOrderStatus(db, userId, request.params.id, now());
  });
  app.post(
    '/pre_order/order_status/:id/cancel',
    { schema: { params: PreOrderIdPath, response: { 200: PreOrderResponse } } },
    async (request) => cancelPreOrder(db, (await member(request)).userId, request.params.id, now()),
  );

  // Pre-order bonuses (§3 Pre-order bonus): listings are public (R18 only for a confirmed adult).
  const adult = async (request: FastifyRequest) => (await sessionUser(request))?.adultState === 'ADULT';
  app.get('/pre_order/bonus', { schema: { querystring: PreOrderBonusQuery, response: { 200: PreOrderBonusList } } }, async (request) =>
    listBonuses(db, request.query.title_id, await adult(request), now()),
  );
  app.get(
    '/pre_order/bonus/by_book',
    { schema: { querystring: PreOrderBonusByBookQuery, response: { 200: PreOrderBookBonus } } },
    async (request) => bonusesByBook(db, request.query.book_id, await adult(request), now()),
  );
  app.get('/pre_order/bonus/earned', { schema: { response: { 200: EarnedBonusList } } }, async (request) =>
    earnedBonuses(db, (await member(request)).userId, now()),
  );
}
