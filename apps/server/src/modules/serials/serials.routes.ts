import { notFound } from '@hondana/domain/common/errors';
import { CreatedToken } from '@hondana/domain/common/responses';
import {
  AdRewardResult,
  AdRewardUseQuery,
  ChargeHistoryList,
  ContinuableCount,
  EpisodeIdPath,
  EpisodeBrowser,
  EpisodeUserData,
  EpisodesQuery,
  HistoryDeleteQuery,
  HistoryDeleteResult,
  IdPath,
  NotificationResult,
  OrderOnlyFreeEpisode,
  PageQuery,
  ReadingMarkResult,
  RecommendsQuery,
  RentalResult,
  RentalBody,
  SerialEpisode,
  SerialEpisodeList,
  SerialHistoryList,
  SerialIdPath,
  SerialIdQuery,
  UserEpisodesQuery,
  SerialList,
  SerialUserData,
  SuggestionQuery,
  SuggestionResponse,
  TicketExists,
  TokenQuery,
  UserEpisodeList,
  UserSerialTicket,
} from '@hondana/domain/serials/serials-api';
import { RECOMMENDED_SERIALS_LIMIT } from '@hondana/domain/serials/serials';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { memberFirst, requireUser, sessionUser } from '../accounts/session-plugin';
import { sendStored } from '../../http/stored-reply';
import { createTokenResponse } from '../accounts/token.routes';
import { episodeBrowser } from './episode-access';
import { markReading, deleteHistory, setNotification } from './reading.service';
import { RENTAL_PURPOSE, rent, useAdReward } from './rental.service';
import * as serials from './serials.service';
import { serialListRoutes } from './serial-list.routes';
import { requireVisibleSerial } from './serial-discovery.service';

const ACTIONS = ['start_reading', 'end_reading', 'rental'] as const;
const actionPurpose = (a: (typeof ACTIONS)[number]) => (a === 'rental' ? RENTAL_PURPOSE : `serial_${a}`);

/** §7 "Serials and episodes": member tickets, rentals, reading marks and the episode browser. */
export const serialsRoutes: FastifyPluginAsync = async (base) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps.database;
  const now = () => app.deps.clock().getTime();
  const userIdOf = async (request: FastifyRequest) => (await sessionUser(request))?.userId ?? null;
  const token = createTokenResponse;
  /** §4 adult gate: an adult serial's episodes only for a member whose age is confirmed (else 403 ADULT_CHECK_REQUIRED). */
  const gate = async (request: FastifyRequest, serialId: number) =>
    requireVisibleSerial(db, serialId, { includeAdult: (await sessionUser(request))?.adultState === 'ADULT', now: now() });

  await base.register(serialListRoutes);

  // —— episodes ——
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

  // —— member data ——
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
    async (request) => token(request, 'serial_notification'),
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

  for (const action of ACTIONS) {
    app.post(
      `/user_serial_episodes/:serial_episode_id/${action}/token`,
      { schema: { params: EpisodeIdPath, response: { 200: CreatedToken } } },
      async (request) => token(request, actionPurpose(action)),
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

  // —— tickets and ad reward ——
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
    token(request, 'serial_ad_reward'),
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

  // —— histories ——
  app.get(
    '/serials/user_histories/me',
    { preValidation: memberFirst, schema: { querystring: PageQuery, response: { 200: SerialHistoryList } } },
    async (request) => {
      const user = await requireUser(request);
      return { histories: await serials.histories(db, user.userId, request.query, now()) };
    },
  );
  app.post('/serials/user_histories/me/token', { schema: { response: { 200: CreatedToken } } }, async (request) =>
    token(request, 'serial_history_delete'),
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
};
