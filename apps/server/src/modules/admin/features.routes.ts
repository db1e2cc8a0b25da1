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
import { sendStored } from '../../http/stored-reply';
import { requireStaff } from './admin-guard';
import { adminMutation } from './admin-mutation';
import { catalogChanged } from './catalog-changed';
import * as features from './features.service';

/**
 * The console's features (`/api/admin/features`, the serial pages' 特集/おすすめ lists): support
 * reads the list, operators create, edit against the version read (409 when it moved) and end.
 * Each change counts a `catalog` change, so every process's cached serial pages follow within a second.
 */
export const adminFeatureRoutes: FastifyPluginAsync = async (base) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps.database;
  const now = () => app.deps.clock().getTime();

  app.get('/admin/features', { schema: { querystring: FeatureListQuery, response: { 200: FeatureList } } }, async (request) => {
    // 'members': what support may do (it reads what the store shows to answer members); writes are 'everything'.
    await requireStaff(request, 'members');
    return { features: await features.listFeatures(db, request.query.state, now()) };
  });
  app.post('/admin/features', { schema: { body: CreateFeatureBody, response: { 200: AdminFeatureView } } }, async (request, reply) => {
    const staff = await requireStaff(request, 'everything');
    const { token, ...input } = request.body;
    const at = now();
    const result = await adminMutation(
      db,
      staff,
      { token, request: input, now: at },
      (trx) => features.createFeature(trx, input, at),
      'catalog',
    );
    await catalogChanged(app);
    return sendStored(reply, result);
  });
  app.put(
    '/admin/features/:id',
    { schema: { params: IdParams, body: UpdateFeatureBody, response: { 200: AdminFeatureView } } },
    async (request, reply) => {
      const staff = await requireStaff(request, 'everything');
      const { token, ...input } = request.body;
      const id = request.params.id;
      const at = now();
      const result = await adminMutation(
        db,
        staff,
        { token, request: { id, ...input }, now: at },
        (trx) => features.updateFeature(trx, id, request.body, at),
        'catalog',
      );
      await catalogChanged(app);
      return sendStored(reply, result);
    },
  );
  app.post(
    '/admin/features/:id/end',
    { schema: { params: IdParams, body: EndBody, response: { 200: AdminFeatureView } } },
    async (request, reply) => {
      const staff = await requireStaff(request, 'everything');
      const { token, version } = request.body;
      const id = request.params.id;
      const at = now();
      const result = await adminMutation(
        db,
        staff,
        { token, request: { id, version }, now: at },
        (trx) => features.endFeature(trx, id, version, at),
        'catalog',
      );
      await catalogChanged(app);
      return sendStored(reply, result);
    },
  );
};
