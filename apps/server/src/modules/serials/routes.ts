import {
  EpisodesQuery,
  HistoryDeleteQuery,
  PageQuery,
  RecommendsQuery,
  RentalBody,
  SuggestionQuery,
  TokenQuery,
} from '@hondana/domain/serials/serials-api';
import { RECOMMENDED_SERIALS_LIMIT } from '@hondana/domain/serials/serials';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { idParam } from '@hondana/domain/catalog/books-api';
import { requireUser, sessionUser } from '../accounts/session-plugin';
import { parseInput } from '../../http/parse-input';
import { createTokenResponse } from '../accounts/token-routes';
import { episodeBrowser } from './episode-access';
import { markReading, deleteHistory, setNotification } from './reading.service';
import { RENTAL_PURPOSE, rent, useAdReward } from './rental.service';
import * as serials from './serials.service';
import { serialListRoutes } from './serial-list.routes';
import { pathId } from './path-id';
import { requireVisibleSerial } from './serial-discovery.service';

const ACTIONS = ['start_reading', 'end_reading', 'rental'] as const;
const actionPurpose = (a: (typeof ACTIONS)[number]) => (a === 'rental' ? RENTAL_PURPOSE : `serial_${a}`);

/** §7 "Serials and episodes": member tickets, rentals, reading marks and the episode browser. */
export const serialsRoutes: FastifyPluginAsync = async (app) => {
  const { db } = app.deps.database;
  const now = () => app.deps.clock().getTime();
  const userIdOf = async (request: FastifyRequest) => (await sessionUser(request))?.userId ?? null;
  const token = createTokenResponse;
  /** §4 adult gate: an adult serial's episodes only for a member whose age is confirmed (else 403 ADULT_CHECK_REQUIRED). */
  const gate = async (request: FastifyRequest, serialId: number) =>
    requireVisibleSerial(db, serialId, { includeAdult: (await sessionUser(request))?.adultState === 'ADULT', now: now() });

  await app.register(serialListRoutes);

  // —— episodes ——
  app.get('/serial_episodes', async (request) => {
    const q = parseInput(EpisodesQuery, request);
    await gate(request, q.serial_id);
    return serials.listEpisodes(db, { serialId: q.serial_id, offset: q.offset, limit: q.limit, sort: q.sort }, now());
  });
  app.get('/serial_episodes/:id', async (request) => {
    const episode = await serials.getEpisode(db, pathId(request, 'serial_episode_id'), now());
    await gate(request, episode.serialId);
    return episode;
  });
  for (const path of ['/serial_episodes/:id/suggestions/me', '/serial_episodes/:id/suggestions/v2']) {
    app.get(path, async (request) => {
      const userId = path.endsWith('/me') ? (await requireUser(request)).userId : await userIdOf(request);
      const { serial_episode_id } = parseInput(SuggestionQuery, request);
      await gate(request, pathId(request, 'serial_id'));
      return serials.suggestion(db, userId, pathId(request, 'serial_id'), serial_episode_id, now());
    });
  }
  app.get('/serial_episodes/:id/order_only_free/me', async (request) => {
    const user = await requireUser(request);
    const data = await serials.userEpisodes(db, user.userId, pathId(request, 'serial_id'), now());
    const free = data.find((d) => d.personalizedSpendType === 1 && d.finalPrice === 0 && !d.renting) ?? null;
    return { serialEpisodeId: free?.serialEpisodeId ?? null };
  });
  app.get('/serial_episode_browsers/:id', async (request) => {
    const user = await sessionUser(request);
    return episodeBrowser(db, {
      userId: user?.userId ?? null,
      adult: user?.adultState === 'ADULT',
      episodeId: pathId(request, 'serial_episode_id'),
      mediaKey: app.deps.config.secrets.mediaUrlKey,
      now: now(),
    });
  });

  // —— member data ——
  app.get('/user_serials/me/:id', async (request) => serials.userSerial(db, (await requireUser(request)).userId, pathId(request, 'serial_id'), now()));
  app.get('/user_serials/me/', async (request) => {
    const user = await requireUser(request);
    const { serial_id } = parseInput(z.object({ serial_id: idParam }), request);
    return serials.userSerial(db, user.userId, serial_id, now());
  });
  // A token for one serial or episode: its id is checked like every path id (400 naming it).
  app.post('/user_serials/me/:id/notification/token', async (request) => {
    pathId(request, 'serial_id');
    return token(request, 'serial_notification');
  });
  for (const [method, on] of [['POST', true], ['DELETE', false]] as const) {
    app.route({
      method,
      url: '/user_serials/me/:id/notification',
      handler: async (request, reply) => {
        const user = await requireUser(request);
        const serialId = pathId(request, 'serial_id');
        const { token: t } = parseInput(TokenQuery, request);
        const result = await setNotification(db, { userId: user.userId, serialId, token: t, on, now: now() });
        return reply.status(result.status).send(result.body);
      },
    });
  }
  app.get('/user_serial_episodes/me/:id', async (request) => {
    const user = await requireUser(request);
    const episode = await serials.getEpisode(db, pathId(request, 'serial_episode_id'), now());
    await gate(request, episode.serialId);
    const data = await serials.userEpisodes(db, user.userId, episode.serialId, now());
    return data.find((d) => d.serialEpisodeId === episode.id);
  });
  app.get('/user_serial_episodes/me/', async (request) => {
    const user = await requireUser(request);
    const { serial_id } = parseInput(z.object({ serial_id: idParam }), request);
    await gate(request, serial_id);
    return { episodes: await serials.userEpisodes(db, user.userId, serial_id, now()) };
  });

  for (const action of ACTIONS) {
    app.post(`/user_serial_episodes/:id/${action}/token`, async (request) => {
      pathId(request, 'serial_episode_id');
      return token(request, actionPurpose(action));
    });
    app.post(`/user_serial_episodes/:id/${action}`, async (request, reply) => {
      const user = await requireUser(request);
      const episodeId = pathId(request, 'id');
      const base = { userId: user.userId, episodeId, adult: user.adultState === 'ADULT', now: now() };
      if (action === 'rental') {
        const body = parseInput(RentalBody.extend({ token: TokenQuery.shape.token }), request);
        const result = await rent(db, { ...base, token: body.token, price: body.price, spendType: body.spend_type, paymentType: body.payment_type });
        return reply.status(result.status).send(result.body);
      }
      const { token: t } = parseInput(TokenQuery, request);
      const result = await markReading(db, { ...base, token: t, which: action });
      return reply.status(result.status).send(result.body);
    });
  }

  // —— tickets and ad reward ——
  app.get('/user_serial_ticket/me', async (request) => serials.specialTickets(db, await userIdOf(request), now()));
  app.get('/serials/tickets/me', async (request) => serials.specialTickets(db, (await requireUser(request)).userId, now()));
  app.get('/serials/tickets/exists', async (request) => ({ exists: (await serials.specialTickets(db, await userIdOf(request), now())).amount > 0 }));
  app.get('/user_serial_ad_reward/me', async (request) => serials.adReward(db, await userIdOf(request), now()));
  app.post('/user_serial_ad_reward/me/token', async (request) => token(request, 'serial_ad_reward'));
  app.post('/user_serial_ad_reward/me/use', async (request, reply) => {
    const user = await requireUser(request);
    const q = parseInput(z.object({ token: TokenQuery.shape.token, serial_id: idParam }), request);
    const result = await useAdReward(db, { userId: user.userId, serialId: q.serial_id, token: q.token, now: now() });
    return reply.status(result.status).send(result.body);
  });

  // —— histories ——
  app.get('/serials/user_histories/me', async (request) => {
    const user = await requireUser(request);
    const q = parseInput(PageQuery, request);
    return { histories: await serials.histories(db, user.userId, q, now()) };
  });
  app.post('/serials/user_histories/me/token', async (request) => token(request, 'serial_history_delete'));
  app.delete('/serials/user_histories/me', async (request, reply) => {
    const user = await requireUser(request);
    const q = parseInput(HistoryDeleteQuery, request);
    const result = await deleteHistory(db, { userId: user.userId, serialId: q.serial_id, token: q.token, now: now() });
    return reply.status(result.status).send(result.body);
  });
  for (const path of ['/serials/user_continuable_reading/me', '/serials/user_continuable_reading/notice']) {
    app.get(path, async (request) => {
      const user = await requireUser(request);
      const q = parseInput(PageQuery, request);
      const histories = await serials.histories(db, user.userId, { ...q, continuableOnly: true }, now());
      return path.endsWith('notice') ? { count: histories.length } : { histories };
    });
  }
  app.get('/serials/recommends', async (request) => {
    const user = await requireUser(request);
    const q = parseInput(RecommendsQuery, request);
    const limit = Math.min(q.limit, RECOMMENDED_SERIALS_LIMIT);
    return { serials: await serials.recommends(db, user.userId, { ...q, limit, includeAdult: user.adultState === 'ADULT' }, now()) };
  });
  app.get('/serials/user_charge_histories/me', async (request) => {
    const user = await requireUser(request);
    const q = parseInput(PageQuery, request);
    return { histories: await serials.chargeHistories(db, user.userId, q) };
  });
};
