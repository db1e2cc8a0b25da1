import {
  MySubscriptionQuery,
  MySubscriptionResponse,
  MySubscriptionsResponse,
  SubscriptionIdPath,
  SubscriptionTokenQuery,
  SubscriptionsByStatusQuery,
  UserSubscription,
} from '@hondana/domain/subscriptions/subscriptions-api';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sendStored } from '../../../http/stored-reply';
import type { PaymentProvider } from '../../../payments/payment-provider';
import { isStripeProvider } from '../../../payments/stripe-provider';
import { requireUser } from '../../accounts/session-plugin';
import { endWaitingFirstPayments } from './stripe-renewals';
import { PLANS, type SubscriptionRouteContext } from './subscription-route-context';
import * as subscriptions from './subscription.service';

const MINE = '/user_manga_coin_sales_subscriptions/me';

/** §7 a member's subscriptions: cancelling one, and theirs by plan, by status and by id. */
export function mySubscriptionRoutes(base: FastifyInstance, { db, clock }: SubscriptionRouteContext, provider: PaymentProvider): void {
  const app = base.withTypeProvider<ZodTypeProvider>();
  app.delete(
    `${PLANS}/:id`,
    { schema: { params: SubscriptionIdPath, querystring: SubscriptionTokenQuery, response: { 200: UserSubscription } } },
    async (request, reply) => {
      const user = await requireUser(request);
      const result = await subscriptions.cancel(db, {
        token: request.query.token,
        userId: user.userId,
        planId: request.params.id,
        now: clock(),
      });
      // Stripe: a first payment still waiting on 3-D Secure is cancelled there (or, passed meanwhile, granted), after the cancel's transaction.
      if (isStripeProvider(provider) && result.status === 200)
        await endWaitingFirstPayments(db, provider.stripe, user.userId, clock().getTime(), (m) => request.log.warn(m));
      return sendStored(reply, result);
    },
  );

  app.get(MINE, { schema: { querystring: MySubscriptionQuery, response: { 200: MySubscriptionResponse } } }, async (request) =>
    subscriptions.memberSubscriptionOfPlan(db, (await requireUser(request)).userId, request.query.id),
  );
  app.get(
    `${MINE}/by_status`,
    { schema: { querystring: SubscriptionsByStatusQuery, response: { 200: MySubscriptionsResponse } } },
    async (request) => subscriptions.memberSubscriptionsByStatus(db, (await requireUser(request)).userId, request.query.status),
  );
  app.get(`${MINE}/:id`, { schema: { params: SubscriptionIdPath, response: { 200: UserSubscription } } }, async (request) =>
    subscriptions.memberSubscription(db, (await requireUser(request)).userId, request.params.id),
  );
}
