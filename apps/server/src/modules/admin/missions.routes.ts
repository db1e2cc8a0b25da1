import { IdParams } from '@hondana/domain/admin/admin-api';
import { EndBody } from '@hondana/domain/admin/admin-commerce-api';
import {
  AdminMissionView,
  CreateMissionBody,
  MissionList,
  MissionListQuery,
  UpdateMissionBody,
} from '@hondana/domain/admin/admin-missions-api';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sendStored } from '../../http/stored-reply';
import { requireStaff } from './admin-guard';
import { adminMutation } from './admin-mutation';
import { catalogChanged } from './catalog-changed';
import * as missions from './missions.service';

/**
 * The console's missions (`/api/admin/missions`): support reads the list (it answers members
 * about their missions), operators create, edit against the version read (409 when it moved) and
 * end. The store reads the mission tables on every call (nothing cached); each change still counts
 * a `catalog` change, as the other editors' do, so every process's cached pages follow within a second.
 */
export const adminMissionRoutes: FastifyPluginAsync = async (base) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps.database;
  const now = () => app.deps.clock().getTime();

  app.get('/admin/missions', { schema: { querystring: MissionListQuery, response: { 200: MissionList } } }, async (request) => {
    // 'members': what support may do (it reads a member's missions to answer them); writes are 'everything'.
    await requireStaff(request, 'members');
    return { missions: await missions.listMissions(db, request.query.state, now()) };
  });
  app.post('/admin/missions', { schema: { body: CreateMissionBody, response: { 200: AdminMissionView } } }, async (request, reply) => {
    const staff = await requireStaff(request, 'everything');
    const { token, ...input } = request.body;
    const at = now();
    const result = await adminMutation(
      db,
      staff,
      { token, request: input, now: at },
      (trx) => missions.createMission(trx, input, at),
      'catalog',
    );
    await catalogChanged(app);
    return sendStored(reply, result);
  });
  app.put(
    '/admin/missions/:id',
    { schema: { params: IdParams, body: UpdateMissionBody, response: { 200: AdminMissionView } } },
    async (request, reply) => {
      const staff = await requireStaff(request, 'everything');
      const { token, ...input } = request.body;
      const id = request.params.id;
      const at = now();
      const result = await adminMutation(
        db,
        staff,
        { token, request: { id, ...input }, now: at },
        (trx) => missions.updateMission(trx, id, request.body, at),
        'catalog',
      );
      await catalogChanged(app);
      return sendStored(reply, result);
    },
  );
  app.post(
    '/admin/missions/:id/end',
    { schema: { params: IdParams, body: EndBody, response: { 200: AdminMissionView } } },
    async (request, reply) => {
      const staff = await requireStaff(request, 'everything');
      const { token, version } = request.body;
      const id = request.params.id;
      const at = now();
      const result = await adminMutation(
        db,
        staff,
        { token, request: { id, version }, now: at },
        (trx) => missions.endMission(trx, id, version, at),
        'catalog',
      );
      await catalogChanged(app);
      return sendStored(reply, result);
    },
  );
};
