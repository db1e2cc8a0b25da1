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
import { sendStored } from '../../http/stored-reply';
import { requireStaff } from './admin-guard';
import { adminMutation } from './admin-mutation';
import { catalogChanged } from './catalog-changed';
import * as bonuses from './pre-order-bonuses.service';

/**
 * The console's pre-order bonuses (`/api/admin/pre_order_bonuses`): support reads the list (it
 * answers members about their bonuses), operators create, edit against the version read (409 when
 * it moved) and end. Each change counts a `catalog` change, so cached pages follow within a second.
 */
export const adminPreOrderBonusRoutes: FastifyPluginAsync = async (base) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps.database;
  const now = () => app.deps.clock().getTime();

  app.get(
    '/admin/pre_order_bonuses',
    { schema: { querystring: PreOrderBonusListQuery, response: { 200: PreOrderBonusList } } },
    async (request) => {
      // 'members': what support may do (it reads what the store shows to answer members); writes are 'everything'.
      await requireStaff(request, 'members');
      return { bonuses: await bonuses.listPreOrderBonuses(db, request.query.state, now()) };
    },
  );
  app.post(
    '/admin/pre_order_bonuses',
    { schema: { body: CreatePreOrderBonusBody, response: { 200: AdminPreOrderBonusView } } },
    async (request, reply) => {
      const staff = await requireStaff(request, 'everything');
      const { token, ...input } = request.body;
      const at = now();
      const result = await adminMutation(
        db,
        staff,
        { token, request: input, now: at },
        (trx) => bonuses.createPreOrderBonus(trx, input, at),
        'catalog',
      );
      await catalogChanged(app);
      return sendStored(reply, result);
    },
  );
  app.put(
    '/admin/pre_order_bonuses/:id',
    { schema: { params: IdParams, body: UpdatePreOrderBonusBody, response: { 200: AdminPreOrderBonusView } } },
    async (request, reply) => {
      const staff = await requireStaff(request, 'everything');
      const { token, ...input } = request.body;
      const id = request.params.id;
      const at = now();
      const result = await adminMutation(
        db,
        staff,
        { token, request: { id, ...input }, now: at },
        (trx) => bonuses.updatePreOrderBonus(trx, id, request.body, at),
        'catalog',
      );
      await catalogChanged(app);
      return sendStored(reply, result);
    },
  );
  app.post(
    '/admin/pre_order_bonuses/:id/end',
    { schema: { params: IdParams, body: EndBody, response: { 200: AdminPreOrderBonusView } } },
    async (request, reply) => {
      const staff = await requireStaff(request, 'everything');
      const { token, version } = request.body;
      const id = request.params.id;
      const at = now();
      const result = await adminMutation(
        db,
        staff,
        { token, request: { id, version }, now: at },
        (trx) => bonuses.endPreOrderBonus(trx, id, version, at),
        'catalog',
      );
      await catalogChanged(app);
      return sendStored(reply, result);
    },
  );
};
