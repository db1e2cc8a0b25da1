import { requireConfirmedEmail } from '../../accounts/email-confirmed';
import { CreatedToken, ErrorResponse } from '@hondana/domain/common/responses';
import {
  CardSubscribeBody,
  CarrierSubscribeBody,
  GoodValueAppeal,
  MySubscriptionQuery,
  MySubscriptionResponse,
  MySubscriptionsResponse,
  SubscribeResult,
  SubscriptionPlan,
  SubscriptionPlansResponse,
  UserSubscription,
  SubscriptionAppealQuery,
  SubscriptionIdPath,
  SubscriptionPlanQuery,
  SubscriptionPlansQuery,
  SubscriptionTokenQuery,
  SubscriptionsByStatusQuery,
} from '@hondana/domain/subscriptions/subscriptions-api';
import { AppError, ErrorCode } from '@hondana/domain/common/errors';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { type HumanCheck, sandboxHumanCheck } from '../../../http/human-check';
import type { PaymentProvider } from '../../../payments/payment-provider';
import { requireUser, sessionUser } from '../../accounts/session-plugin';
import { createTokenResponse } from '../../accounts/token.routes';
import { planBannerSvg } from './plan-image';
import { renewDueSubscriptions } from './renewal.service';
import { endWaitingFirstPayments, finishStripeSubscription } from './stripe-renewals';
import { isStripeProvider } from '../../../payments/stripe-provider';
import * as subscriptions from './subscription.service';
import { sendStored } from '../../../http/stored-reply';

const PLANS = '/manga_coin_sales_subscription_plans';
const MINE = '/user_manga_coin_sales_subscriptions/me';

/** `SUBSCRIPTION_RENEWAL_INTERVAL_MS`: how often the store looks for due renewals (100 ms – 1 h, default a minute). */
function renewalIntervalFromEnv(value = process.env.SUBSCRIPTION_RENEWAL_INTERVAL_MS): number {
  if (value === undefined || value === '') return 60_000;
  const ms = Number(value);
  if (!Number.isInteger(ms) || ms < 100 || ms > 3_600_000)
    throw new Error(`SUBSCRIPTION_RENEWAL_INTERVAL_MS must be a whole number of milliseconds from 100 to 3600000, not "${value}"`);
  return ms;
}

/**
 * §7 "Manga coin and subscription": plans per payment type, the good-value appeal and banner,
 * subscribing by card (at once) or by docomo / SoftBank (through the provider's confirmation
 * page), cancelling, and the member's subscriptions. Payments go through the payment provider
 * `app.ts` gives; a carrier's decision comes back through the provider's routes, which `app.ts`
 * sends to `subscriptionPaymentDecision`.
 */
export const subscriptionRoutes: FastifyPluginAsync<{ provider: PaymentProvider; humanCheck?: HumanCheck }> = async (base, options) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps.database;
  const clock = () => app.deps.clock();
  const { provider } = options;
  const humanCheck = options.humanCheck ?? sandboxHumanCheck;

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

  app.post(
    `${PLANS}/:id`,
    {
      schema: {
        params: SubscriptionIdPath,
        querystring: SubscriptionTokenQuery,
        body: CardSubscribeBody,
        response: { 200: SubscribeResult, 400: ErrorResponse },
      },
    },
    async (request, reply) => {
      const user = await requireUser(request);
      await requireConfirmedEmail(db, user.userId);
      // §7's card payload carries a reCaptcha token: a card form is what card testers automate.
      if (!(await humanCheck.verify(request.body.reCaptchaToken ?? '', { remoteIp: request.ip, action: 'subscription_subscribe' }))) {
        throw new AppError(403, ErrorCode.HUMAN_CHECK_FAILED, ['reCaptchaToken: not verified']);
      }
      const input = {
        token: request.query.token,
        userId: user.userId,
        planId: request.params.id,
        paymentType: 'creditcard' as const,
        body: request.body,
      };
      const result = await subscriptions.subscribe(db, provider, { ...input, now: clock() });
      // Stripe: the card is saved and the first cycle charged after the subscribe's transaction (issue 39).
      if (isStripeProvider(provider) && result.status === 200 && 'status' in result.body && result.body.status === 'ENTRY') {
        const finished = await finishStripeSubscription(db, provider.stripe, {
          userId: user.userId,
          orderId: result.body.orderId,
          paymentMethod: request.body.cardId,
          now: clock().getTime(),
          warn: (m) => request.log.warn(m),
        });
        if (finished) return sendStored(reply, finished);
      }
      return sendStored(reply, result);
    },
  );
  for (const paymentType of ['docomo', 'softbank'] as const) {
    app.post(
      `${PLANS}/${paymentType}/:id`,
      {
        schema: {
          params: SubscriptionIdPath,
          querystring: SubscriptionTokenQuery,
          body: CarrierSubscribeBody,
          response: { 200: SubscribeResult, 400: ErrorResponse },
        },
      },
      async (request, reply) => {
        const user = await requireUser(request);
        await requireConfirmedEmail(db, user.userId);
        const input = { token: request.query.token, userId: user.userId, planId: request.params.id, paymentType, body: request.body };
        const result = await subscriptions.subscribe(db, provider, { ...input, now: clock() });
        return sendStored(reply, result);
      },
    );
  }
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

  // Renewals happen with no one visiting: one process per tick runs them (decision 013).
  app.ops.scheduler.register({
    name: 'subscription-renewals',
    everyMs: renewalIntervalFromEnv(),
    run: async ({ db: jobDb, now }) => {
      const report = await renewDueSubscriptions({ db: jobDb, provider, log: app.log }, new Date(now));
      return report.renewed + report.retrying + report.cancelled;
    },
  });

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
};
