import { IdParams } from '@hondana/domain/admin/admin-api';
import { EndBody } from '@hondana/domain/admin/admin-commerce-api';
import {
  AdminPreOrderBonusView,
  CreatePreOrderBonusBody,
  PreOrderBonusList,
  PreOrderBonusListQuery,
  UpdatePreOrderBonusBody,
} from '@hondana/domain/admin/admin-pre-order-api';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireStaff } from './admin-guard';
import { operatorCatalogChange as catalogChange, sendStaffChange } from './admin-mutation';
import * as bonuses from './pre-order-bonuses.service';

/**
 * The console's pre-order bonuses (`/api/admin/pre_order_bonuses`): support reads the list (it
 * answers members about their bonuses), operators create, edit against the version read (409 when
 * it moved) and end. Each change counts a `catalog` change, so cached pages follow within a second.
 */
export const adminPreOrderBonusRoutes: FastifyPluginAsync = async (base) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps.database;

  app.get(
    '/admin/pre_order_bonuses',
    { schema: { querystring: PreOrderBonusListQuery, response: { 200: PreOrderBonusList } } },
    async (request) => {
      // 'members': what support may do (it reads what the store shows to answer members); writes are 'everything'.
      await requireStaff(request, 'members');
      return { bonuses: await bonuses.listPreOrderBonuses(db, request.query.state, app.deps.clock().getTime()) };
    },
  );
  app.post(
    '/admin/pre_order_bonuses',
    { schema: { body: CreatePreOrderBonusBody, response: { 200: AdminPreOrderBonusView } } },
    async (request, reply) => {
      const { token, ...input } = request.body;
      return sendStaffChange(request, reply, catalogChange(token, input), (trx, at) => bonuses.createPreOrderBonus(trx, input, at));
    },
  );
  app.put(
    '/admin/pre_order_bonuses/:id',
    { schema: { params: IdParams, body: UpdatePreOrderBonusBody, response: { 200: AdminPreOrderBonusView } } },
    async (request, reply) => {
      const { token, ...input } = request.body;
      const id = request.params.id;
      return sendStaffChange(request, reply, catalogChange(token, { id, ...input }), (trx, at) =>
        bonuses.updatePreOrderBonus(trx, id, request.body, at),
      );
    },
  );
  app.post(
    '/admin/pre_order_bonuses/:id/end',
    { schema: { params: IdParams, body: EndBody, response: { 200: AdminPreOrderBonusView } } },
    async (request, reply) => {
      const { token, version } = request.body;
      const id = request.params.id;
      return sendStaffChange(request, reply, catalogChange(token, { id, version }), (trx, at) =>
        bonuses.endPreOrderBonus(trx, id, version, at),
      );
    },
  );
};
