import { MissionNoticeBody, MissionReadEndBody } from '@hondana/domain/campaigns/missions-api';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireUser } from '../../accounts/session-plugin';
import { missionNotice, missionReadEnd, missionView, missionsV4 } from './missions.service';

/** §7 Mission calls: 401 for guests, 404 when no mission runs. */
export const missionRoutes: FastifyPluginAsync = async (base) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps.database;
  const now = () => app.deps.clock().getTime();

  app.get('/mission/v4', async (request, reply) => {
    const user = await requireUser(request);
    reply.header('cache-control', 'private, no-store');
    return missionsV4(db, user.userId, now());
  });
  app.post('/mission/notice/v2', { schema: { body: MissionNoticeBody } }, async (request) => {
    const user = await requireUser(request);
    return missionNotice(db, user.userId, request.body.mission_id, now());
  });
  app.post('/mission/read_end', { schema: { body: MissionReadEndBody } }, async (request) => {
    const user = await requireUser(request);
    return missionReadEnd(db, user.userId, { bookId: request.body.book_id, episodeId: request.body.serial_episode_id }, now());
  });
  app.post('/mission/view', async (request) => {
    const user = await requireUser(request);
    return missionView(db, user.userId, now());
  });
};
