import { CreatedToken } from '@hondana/domain/common/responses';
import {
  GoodValueAppeal,
  SubscriptionAppealQuery,
  SubscriptionIdPath,
  SubscriptionPlan,
  SubscriptionPlanQuery,
  SubscriptionPlansQuery,
  SubscriptionPlansResponse,
} from '@hondana/domain/subscriptions/subscriptions-api';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sessionUser } from '../../accounts/session-plugin';
import { createTokenResponse } from '../../accounts/token.routes';
import { planBannerSvg } from './plan-image';
import { PLANS, type SubscriptionRouteContext } from './subscription-route-context';
import * as subscriptions from './subscription.service';

/** §7 the plans per payment type, one plan, the subscribe token, and the good-value appeal and its banner. */
export function subscriptionPlanRoutes(base: FastifyInstance, { db, clock }: SubscriptionRouteContext): void {
  const app = base.withTypeProvider<ZodTypeProvider>();
  app.get(PLANS, { schema: { querystring: SubscriptionPlansQuery, response: { 200: SubscriptionPlansResponse } } }, async (request) =>
    subscriptions.plans(db, request.query.payment_type, clock().getTime()),
  );
  app.get(`${PLANS}/create_token`, { schema: { response: { 200: CreatedToken } } }, (request) =>
    createTokenResponse(request, subscriptions.SUBSCRIPTION_TOKEN_PURPOSE),
  );
  app.get(
    `${PLANS}/appeal/good_value`,
    { schema: { querystring: SubscriptionAppealQuery, response: { 200: GoodValueAppeal } } },
    async (request) => {
      const user = await sessionUser(request);
      return subscriptions.goodValueAppeal(db, user?.userId ?? null, request.query.payment_type, clock().getTime());
    },
  );
  app.get(`${PLANS}/image`, { schema: { querystring: SubscriptionAppealQuery } }, async (request, reply) => {
    const appeal = await subscriptions.goodValueAppeal(db, null, request.query.payment_type, clock().getTime());
    return reply.type('image/svg+xml; charset=utf-8').header('cache-control', 'public, max-age=300').send(planBannerSvg(appeal));
  });
  app.get(
    `${PLANS}/:id`,
    { schema: { params: SubscriptionIdPath, querystring: SubscriptionPlanQuery, response: { 200: SubscriptionPlan } } },
    async (request) => subscriptions.plan(db, request.params.id, request.query.payment_type, clock().getTime()),
  );
}
