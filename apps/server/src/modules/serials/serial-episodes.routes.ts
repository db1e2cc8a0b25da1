import {
  EpisodeBrowser,
  EpisodeIdPath,
  EpisodesQuery,
  OrderOnlyFreeEpisode,
  SerialEpisode,
  SerialEpisodeList,
  SerialIdPath,
  SuggestionQuery,
  SuggestionResponse,
} from '@hondana/domain/serials/serials-api';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { memberFirst, requireUser, sessionUser } from '../accounts/session-plugin';
import { episodeBrowser } from './episode-access';
import type { SerialRouteContext } from './serial-route-context';
import * as serials from './serials.service';

/** §7 episodes: a serial's list, one episode, the next one suggested, the order-only free one and the episode browser. */
export function serialEpisodeRoutes(base: FastifyInstance, { db, now, userIdOf, gate }: SerialRouteContext): void {
  const app = base.withTypeProvider<ZodTypeProvider>();
  app.get('/serial_episodes', { schema: { querystring: EpisodesQuery, response: { 200: SerialEpisodeList } } }, async (request) => {
    const q = request.query;
    await gate(request, q.serial_id);
    return serials.listEpisodes(db, { serialId: q.serial_id, offset: q.offset, limit: q.limit, sort: q.sort }, now());
  });
  app.get(
    '/serial_episodes/:serial_episode_id',
    { schema: { params: EpisodeIdPath, response: { 200: SerialEpisode } } },
    async (request) => {
      const episode = await serials.getEpisode(db, request.params.serial_episode_id, now());
      await gate(request, episode.serialId);
      return episode;
    },
  );
  for (const path of ['/serial_episodes/:serial_id/suggestions/me', '/serial_episodes/:serial_id/suggestions/v2']) {
    const member = path.endsWith('/me') ? { preValidation: memberFirst } : {};
    app.get(
      path,
      { ...member, schema: { params: SerialIdPath, querystring: SuggestionQuery, response: { 200: SuggestionResponse } } },
      async (request) => {
        const userId = path.endsWith('/me') ? (await requireUser(request)).userId : await userIdOf(request);
        await gate(request, request.params.serial_id);
        return serials.suggestion(db, userId, request.params.serial_id, request.query.serial_episode_id, now());
      },
    );
  }
  app.get(
    '/serial_episodes/:serial_id/order_only_free/me',
    { preValidation: memberFirst, schema: { params: SerialIdPath, response: { 200: OrderOnlyFreeEpisode } } },
    async (request) => {
      const user = await requireUser(request);
      const data = await serials.userEpisodes(db, user.userId, request.params.serial_id, now());
      const free = data.find((d) => d.personalizedSpendType === 1 && d.finalPrice === 0 && !d.renting) ?? null;
      return { serialEpisodeId: free?.serialEpisodeId ?? null };
    },
  );
  app.get(
    '/serial_episode_browsers/:serial_episode_id',
    { schema: { params: EpisodeIdPath, response: { 200: EpisodeBrowser } } },
    async (request) => {
      const user = await sessionUser(request);
      return episodeBrowser(db, {
        userId: user?.userId ?? null,
        adult: user?.adultState === 'ADULT',
        episodeId: request.params.serial_episode_id,
        mediaKey: app.deps.config.secrets.mediaUrlKey,
        now: now(),
      });
    },
  );
}
