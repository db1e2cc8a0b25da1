import { IdParams } from '@hondana/domain/admin/admin-api';
import { EndBody } from '@hondana/domain/admin/admin-commerce-api';
import {
  AdminFeatureView,
  CreateFeatureBody,
  FeatureList,
  FeatureListQuery,
  UpdateFeatureBody,
} from '@hondana/domain/admin/admin-features-api';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireStaff } from './admin-guard';
import { operatorCatalogChange as catalogChange, sendStaffChange } from './admin-mutation';
import * as features from './features.service';

/**
 * The console's features (`/api/admin/features`, the serial pages' 特集/おすすめ lists): support
 * reads the list, operators create, edit against the version read (409 when it moved) and end.
 * Each change counts a `catalog` change, so every process's cached serial pages follow within a second.
 */
export const adminFeatureRoutes: FastifyPluginAsync = async (base) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps.database;

  app.get('/admin/features', { schema: { querystring: FeatureListQuery, response: { 200: FeatureList } } }, async (request) => {
    // 'members': what support may do (it reads what the store shows to answer members); writes are 'everything'.
    await requireStaff(request, 'members');
    return { features: await features.listFeatures(db, request.query.state, app.deps.clock().getTime()) };
  });
  app.post('/admin/features', { schema: { body: CreateFeatureBody, response: { 200: AdminFeatureView } } }, async (request, reply) => {
    const { token, ...input } = request.body;
    return sendStaffChange(request, reply, catalogChange(token, input), (trx, at) => features.createFeature(trx, input, at));
  });
  app.put(
    '/admin/features/:id',
    { schema: { params: IdParams, body: UpdateFeatureBody, response: { 200: AdminFeatureView } } },
    async (request, reply) => {
      const { token, ...input } = request.body;
      const id = request.params.id;
      return sendStaffChange(request, reply, catalogChange(token, { id, ...input }), (trx, at) =>
        features.updateFeature(trx, id, request.body, at),
      );
    },
  );
  app.post(
    '/admin/features/:id/end',
    { schema: { params: IdParams, body: EndBody, response: { 200: AdminFeatureView } } },
    async (request, reply) => {
      const { token, version } = request.body;
      const id = request.params.id;
      return sendStaffChange(request, reply, catalogChange(token, { id, version }), (trx, at) => features.endFeature(trx, id, version, at));
    },
  );
};
