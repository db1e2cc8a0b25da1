import { IdParams } from '@hondana/domain/admin/admin-api';
import {
  AdminSubscriptionPlanView,
  CreateSubscriptionPlanBody,
  DeletedSubscriptionPlan,
  SubscriptionPlanList,
  SubscriptionPlanListQuery,
  SubscriptionPlanVersionBody,
  UpdateSubscriptionPlanBody,
} from '@hondana/domain/admin/admin-subscription-plans-api';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireStaff } from './admin-guard';
import { operatorCatalogChange as catalogChange, sendStaffChange } from './admin-mutation';
import * as plans from './subscription-plans.service';

/**
 * The console's manga coin subscription plans (`/api/admin/subscription_plans`): support reads,
 * operators create, edit against the version read (409 when it moved), end (closed to new members)
 * and delete one no member has held. The store reads the plans on every call; each change still
 * counts a `catalog` change, so every process's cached pages (the subscription page) follow within a second.
 */
export const adminSubscriptionPlanRoutes: FastifyPluginAsync = async (base) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps.database;

  app.get(
    '/admin/subscription_plans',
    { schema: { querystring: SubscriptionPlanListQuery, response: { 200: SubscriptionPlanList } } },
    async (request) => {
      await requireStaff(request, 'members');
      return { plans: await plans.listSubscriptionPlans(db, request.query.state, app.deps.clock().getTime()) };
    },
  );
  app.post(
    '/admin/subscription_plans',
    { schema: { body: CreateSubscriptionPlanBody, response: { 200: AdminSubscriptionPlanView } } },
    async (request, reply) => {
      const { token, ...input } = request.body;
      return sendStaffChange(request, reply, catalogChange(token, input), (trx, at) => plans.createSubscriptionPlan(trx, input, at));
    },
  );
  app.put(
    '/admin/subscription_plans/:id',
    { schema: { params: IdParams, body: UpdateSubscriptionPlanBody, response: { 200: AdminSubscriptionPlanView } } },
    async (request, reply) => {
      const { token, ...input } = request.body;
      const id = request.params.id;
      return sendStaffChange(request, reply, catalogChange(token, { id, ...input }), (trx, at) =>
        plans.updateSubscriptionPlan(trx, id, request.body, at),
      );
    },
  );
  app.post(
    '/admin/subscription_plans/:id/end',
    { schema: { params: IdParams, body: SubscriptionPlanVersionBody, response: { 200: AdminSubscriptionPlanView } } },
    async (request, reply) => {
      const { token, version } = request.body;
      const id = request.params.id;
      return sendStaffChange(request, reply, catalogChange(token, { id, version, action: 'end' }), (trx, at) =>
        plans.endSubscriptionPlan(trx, id, version, at),
      );
    },
  );
  app.delete(
    '/admin/subscription_plans/:id',
    { schema: { params: IdParams, body: SubscriptionPlanVersionBody, response: { 200: DeletedSubscriptionPlan } } },
    async (request, reply) => {
      const { token, version } = request.body;
      const id = request.params.id;
      return sendStaffChange(request, reply, catalogChange(token, { id, version, action: 'delete' }), (trx, at) =>
        plans.deleteSubscriptionPlan(trx, id, version, at),
      );
    },
  );
};
