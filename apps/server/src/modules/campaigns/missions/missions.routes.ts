import {
  MissionNoticeBody,
  MissionProgressResponse,
  MissionReadEndBody,
  MissionsQuery,
  MissionsResponse,
} from '@hondana/domain/campaigns/missions-api';
import { OkResponse } from '@hondana/domain/common/responses';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { onMemberSeen, requireUser } from '../../accounts/session-plugin';
import { AppOpens } from './app-opens';
import { missionNotice, missionReadEnd, missionView, missionsV4 } from './missions.service';

interface MissionRoutesOptions {
  /** Counts the days members open the app; built here unless a test passes its own. */
  appOpens?: AppOpens;
}

/**
 * §7 Mission calls: 401 for guests, 404 when no mission runs. Every request made for a member
 * (a page or a call) counts as opening the app that Tokyo day.
 */
export const missionRoutes: FastifyPluginAsync<MissionRoutesOptions> = async (base, options) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps.database;
  const now = () => app.deps.clock().getTime();
  const appOpens =
    options.appOpens ?? new AppOpens({ db, now, onError: (error) => app.log.error({ err: error }, 'app open day not recorded') });
  onMemberSeen(app, (userId) => appOpens.seenMember(userId));
  app.addHook('onClose', () => appOpens.settled());

  app.get('/mission/v4', { schema: { querystring: MissionsQuery, response: { 200: MissionsResponse } } }, async (request, reply) => {
    const user = await requireUser(request);
    reply.header('cache-control', 'private, no-store');
    return missionsV4(db, user.userId, now());
  });
  app.post('/mission/notice/v2', { schema: { body: MissionNoticeBody, response: { 200: OkResponse } } }, async (request) => {
    const user = await requireUser(request);
    return missionNotice(db, user.userId, request.body.mission_id, now());
  });
  app.post('/mission/read_end', { schema: { body: MissionReadEndBody, response: { 200: MissionProgressResponse } } }, async (request) => {
    const user = await requireUser(request);
    return missionReadEnd(db, user.userId, { bookId: request.body.book_id, episodeId: request.body.serial_episode_id }, now());
  });
  app.post('/mission/view', { schema: { response: { 200: MissionProgressResponse } } }, async (request) => {
    const user = await requireUser(request);
    return missionView(db, user.userId, now());
  });
};
