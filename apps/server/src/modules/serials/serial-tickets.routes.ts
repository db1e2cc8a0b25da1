import { CreatedToken } from '@hondana/domain/common/responses';
import { AdRewardResult, AdRewardUseQuery, TicketExists, UserSerialTicket } from '@hondana/domain/serials/serials-api';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sendStored } from '../../http/stored-reply';
import { memberFirst, requireUser } from '../accounts/session-plugin';
import { createTokenResponse } from '../accounts/token.routes';
import { useAdReward } from './rental.service';
import type { SerialRouteContext } from './serial-route-context';
import * as serials from './serials.service';

/** §7 the special tickets a member holds and the ad reward (its amount, its token and its use). */
export function serialTicketRoutes(base: FastifyInstance, { db, now, userIdOf }: SerialRouteContext): void {
  const app = base.withTypeProvider<ZodTypeProvider>();
  app.get('/user_serial_ticket/me', { schema: { response: { 200: UserSerialTicket } } }, async (request) =>
    serials.specialTickets(db, await userIdOf(request), now()),
  );
  app.get('/serials/tickets/me', { schema: { response: { 200: UserSerialTicket } } }, async (request) =>
    serials.specialTickets(db, (await requireUser(request)).userId, now()),
  );
  app.get('/serials/tickets/exists', { schema: { response: { 200: TicketExists } } }, async (request) => ({
    exists: (await serials.specialTickets(db, await userIdOf(request), now())).amount > 0,
  }));
  app.get('/user_serial_ad_reward/me', { schema: { response: { 200: UserSerialTicket } } }, async (request) =>
    serials.adReward(db, await userIdOf(request), now()),
  );
  app.post('/user_serial_ad_reward/me/token', { schema: { response: { 200: CreatedToken } } }, async (request) =>
    createTokenResponse(request, 'serial_ad_reward'),
  );
  app.post(
    '/user_serial_ad_reward/me/use',
    { preValidation: memberFirst, schema: { querystring: AdRewardUseQuery, response: { 200: AdRewardResult } } },
    async (request, reply) => {
      const user = await requireUser(request);
      const q = request.query;
      return sendStored(reply, await useAdReward(db, { userId: user.userId, serialId: q.serial_id, token: q.token, now: now() }));
    },
  );
}
