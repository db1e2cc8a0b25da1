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
import { requireStaff } from './admin-guard';
import { operatorCatalogChange as catalogChange, sendStaffChange } from './admin-mutation';
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

  app.get('/admin/missions', { schema: { querystring: MissionListQuery, response: { 200: MissionList } } }, async (request) => {
    // 'members': what support may do (it reads a member's missions to answer them); writes are 'everything'.
    await requireStaff(request, 'members');
    return { missions: await missions.listMissions(db, request.query.state, app.deps.clock().getTime()) };
  });
  app.post('/admin/missions', { schema: { body: CreateMissionBody, response: { 200: AdminMissionView } } }, async (request, reply) => {
    const { token, ...input } = request.body;
    return sendStaffChange(request, reply, catalogChange(token, input), (trx, at) => missions.createMission(trx, input, at));
  });
  app.put(
    '/admin/missions/:id',
    { schema: { params: IdParams, body: UpdateMissionBody, response: { 200: AdminMissionView } } },
    async (request, reply) => {
      const { token, ...input } = request.body;
      const id = request.params.id;
      return sendStaffChange(request, reply, catalogChange(token, { id, ...input }), (trx, at) =>
        missions.updateMission(trx, id, request.body, at),
      );
    },
  );
  app.post(
    '/admin/missions/:id/end',
    { schema: { params: IdParams, body: EndBody, response: { 200: AdminMissionView } } },
    async (request, reply) => {
      const { token, version } = request.body;
      const id = request.params.id;
      return sendStaffChange(request, reply, catalogChange(token, { id, version }), (trx, at) => missions.endMission(trx, id, version, at));
    },
  );
};
