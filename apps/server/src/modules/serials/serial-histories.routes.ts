import { CreatedToken } from '@hondana/domain/common/responses';
import {
  ChargeHistoryList,
  ContinuableCount,
  HistoryDeleteQuery,
  HistoryDeleteResult,
  PageQuery,
  RecommendsQuery,
  SerialHistoryList,
  SerialList,
} from '@hondana/domain/serials/serials-api';
import { RECOMMENDED_SERIALS_LIMIT } from '@hondana/domain/serials/serials';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { sendStored } from '../../http/stored-reply';
import { memberFirst, requireUser } from '../accounts/session-plugin';
import { createTokenResponse } from '../accounts/token.routes';
import { deleteHistory } from './reading.service';
import type { SerialRouteContext } from './serial-route-context';
import * as serials from './serials.service';

/** §7 a member's reading history of serials (listing and deleting it), what to continue, recommendations and charges. */
export function serialHistoryRoutes(base: FastifyInstance, { db, now }: SerialRouteContext): void {
  const app = base.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/serials/user_histories/me',
    { preValidation: memberFirst, schema: { querystring: PageQuery, response: { 200: SerialHistoryList } } },
    async (request) => {
      const user = await requireUser(request);
      return { histories: await serials.histories(db, user.userId, request.query, now()) };
    },
  );
  app.post('/serials/user_histories/me/token', { schema: { response: { 200: CreatedToken } } }, async (request) =>
    createTokenResponse(request, 'serial_history_delete'),
  );
  app.delete(
    '/serials/user_histories/me',
    { preValidation: memberFirst, schema: { querystring: HistoryDeleteQuery, response: { 200: HistoryDeleteResult } } },
    async (request, reply) => {
      const user = await requireUser(request);
      const q = request.query;
      return sendStored(reply, await deleteHistory(db, { userId: user.userId, serialId: q.serial_id ?? null, token: q.token, now: now() }));
    },
  );
  const continuable = async (request: FastifyRequest, page: z.output<typeof PageQuery>) => {
    const user = await requireUser(request);
    return serials.histories(db, user.userId, { ...page, continuableOnly: true }, now());
  };
  app.get(
    '/serials/user_continuable_reading/me',
    { preValidation: memberFirst, schema: { querystring: PageQuery, response: { 200: SerialHistoryList } } },
    async (request) => ({
      histories: await continuable(request, request.query),
    }),
  );
  app.get(
    '/serials/user_continuable_reading/notice',
    { preValidation: memberFirst, schema: { querystring: PageQuery, response: { 200: ContinuableCount } } },
    async (request) => ({
      count: (await continuable(request, request.query)).length,
    }),
  );
  app.get(
    '/serials/recommends',
    { preValidation: memberFirst, schema: { querystring: RecommendsQuery, response: { 200: SerialList } } },
    async (request) => {
      const user = await requireUser(request);
      const q = request.query;
      const limit = Math.min(q.limit, RECOMMENDED_SERIALS_LIMIT);
      return { serials: await serials.recommends(db, user.userId, { ...q, limit, includeAdult: user.adultState === 'ADULT' }, now()) };
    },
  );
  app.get(
    '/serials/user_charge_histories/me',
    { preValidation: memberFirst, schema: { querystring: PageQuery, response: { 200: ChargeHistoryList } } },
    async (request) => {
      const user = await requireUser(request);
      return { histories: await serials.chargeHistories(db, user.userId, request.query) };
    },
  );
}
