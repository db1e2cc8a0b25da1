import { CreatedToken } from '@hondana/domain/common/responses';
import { EpisodeIdPath, IdPath, ReadingMarkResult, RentalBody, RentalResult, TokenQuery } from '@hondana/domain/serials/serials-api';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sendStored } from '../../http/stored-reply';
import { memberFirst, requireUser } from '../accounts/session-plugin';
import { createTokenResponse } from '../accounts/token.routes';
import { markReading } from './reading.service';
import { RENTAL_PURPOSE, rent } from './rental.service';
import type { SerialRouteContext } from './serial-route-context';

const ACTIONS = ['start_reading', 'end_reading', 'rental'] as const;
const actionPurpose = (a: (typeof ACTIONS)[number]) => (a === 'rental' ? RENTAL_PURPOSE : `serial_${a}`);

/** §7 what a member does with an episode, each with its one-time token: start and end reading it, rent it. */
export function serialEpisodeActionRoutes(base: FastifyInstance, { db, now }: SerialRouteContext): void {
  const app = base.withTypeProvider<ZodTypeProvider>();
  for (const action of ACTIONS) {
    app.post(
      `/user_serial_episodes/:serial_episode_id/${action}/token`,
      { schema: { params: EpisodeIdPath, response: { 200: CreatedToken } } },
      async (request) => createTokenResponse(request, actionPurpose(action)),
    );
  }
  for (const action of ['start_reading', 'end_reading'] as const) {
    app.post(
      `/user_serial_episodes/:id/${action}`,
      { preValidation: memberFirst, schema: { params: IdPath, querystring: TokenQuery, response: { 200: ReadingMarkResult } } },
      async (request, reply) => {
        const user = await requireUser(request);
        const input = {
          userId: user.userId,
          episodeId: request.params.id,
          adult: user.adultState === 'ADULT',
          now: now(),
          token: request.query.token,
          which: action,
        };
        const marked = await markReading(db, input);
        return sendStored(reply, marked);
      },
    );
  }
  // §7: the token in the query, the rental in the JSON body.
  app.post(
    '/user_serial_episodes/:id/rental',
    { preValidation: memberFirst, schema: { params: IdPath, querystring: TokenQuery, body: RentalBody, response: { 200: RentalResult } } },
    async (request, reply) => {
      const user = await requireUser(request);
      const body = request.body;
      const rented = await rent(db, {
        userId: user.userId,
        episodeId: request.params.id,
        adult: user.adultState === 'ADULT',
        now: now(),
        token: request.query.token,
        price: body.price,
        spendType: body.spend_type,
        paymentType: body.payment_type,
      });
      return sendStored(reply, rented);
    },
  );
}
