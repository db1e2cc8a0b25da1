import { notFound } from '@hondana/domain/common/errors';
import { CreatedToken } from '@hondana/domain/common/responses';
import {
  EpisodeIdPath,
  EpisodeUserData,
  NotificationResult,
  SerialIdPath,
  SerialIdQuery,
  SerialUserData,
  TokenQuery,
  UserEpisodeList,
  UserEpisodesQuery,
} from '@hondana/domain/serials/serials-api';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sendStored } from '../../http/stored-reply';
import { memberFirst, requireUser } from '../accounts/session-plugin';
import { createTokenResponse } from '../accounts/token.routes';
import { setNotification } from './reading.service';
import type { SerialRouteContext } from './serial-route-context';
import * as serials from './serials.service';

/** §7 a member's data of a serial and its episodes, and the serial's new-episode notification. */
export function serialMemberRoutes(base: FastifyInstance, { db, now, gate }: SerialRouteContext): void {
  const app = base.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/user_serials/me/:serial_id',
    { preValidation: memberFirst, schema: { params: SerialIdPath, response: { 200: SerialUserData } } },
    async (request) => serials.userSerial(db, (await requireUser(request)).userId, request.params.serial_id, now()),
  );
  app.get(
    '/user_serials/me/',
    { preValidation: memberFirst, schema: { querystring: SerialIdQuery, response: { 200: SerialUserData } } },
    async (request) => {
      const user = await requireUser(request);
      return serials.userSerial(db, user.userId, request.query.serial_id, now());
    },
  );
  // A token for one serial or episode: its id is checked like every path id (400 naming it).
  app.post(
    '/user_serials/me/:serial_id/notification/token',
    { schema: { params: SerialIdPath, response: { 200: CreatedToken } } },
    async (request) => createTokenResponse(request, 'serial_notification'),
  );
  for (const [method, on] of [
    ['POST', true],
    ['DELETE', false],
  ] as const) {
    app.route({
      method,
      url: '/user_serials/me/:serial_id/notification',
      preValidation: memberFirst,
      schema: { params: SerialIdPath, querystring: TokenQuery, response: { 200: NotificationResult } },
      handler: async (request, reply) => {
        const user = await requireUser(request);
        const input = { userId: user.userId, serialId: request.params.serial_id, token: request.query.token, on, now: now() };
        return sendStored(reply, await setNotification(db, input));
      },
    });
  }
  app.get(
    '/user_serial_episodes/me/:serial_episode_id',
    { preValidation: memberFirst, schema: { params: EpisodeIdPath, response: { 200: EpisodeUserData } } },
    async (request) => {
      const user = await requireUser(request);
      const episode = await serials.getEpisode(db, request.params.serial_episode_id, now());
      await gate(request, episode.serialId);
      const data = await serials.userEpisodes(db, user.userId, episode.serialId, now());
      const mine = data.find((d) => d.serialEpisodeId === episode.id);
      if (!mine) throw notFound('episode');
      return mine;
    },
  );
  app.get(
    '/user_serial_episodes/me/',
    { preValidation: memberFirst, schema: { querystring: UserEpisodesQuery, response: { 200: UserEpisodeList } } },
    async (request) => {
      const user = await requireUser(request);
      const q = request.query;
      // §7 serial_episode_id: that episode's data only (its serial's, when serial_id names another: 404).
      const episode = q.serial_episode_id === undefined ? null : await serials.getEpisode(db, q.serial_episode_id, now());
      if (episode && q.serial_id !== undefined && episode.serialId !== q.serial_id) throw notFound('episode');
      const serialId = episode?.serialId ?? q.serial_id!;
      await gate(request, serialId);
      const episodes = await serials.userEpisodes(db, user.userId, serialId, now());
      return { episodes: episode ? episodes.filter((e) => e.serialEpisodeId === episode.id) : episodes };
    },
  );
}
