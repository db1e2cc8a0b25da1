import { AppError, ErrorCode } from '@hondana/domain/common/errors';
import { ErrorResponse } from '@hondana/domain/common/responses';
import {
  CardSubscribeBody,
  CarrierSubscribeBody,
  SubscribeResult,
  SubscriptionIdPath,
  SubscriptionTokenQuery,
} from '@hondana/domain/subscriptions/subscriptions-api';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { HumanCheck } from '../../../http/human-check';
import { sendStored } from '../../../http/stored-reply';
import type { PaymentProvider } from '../../../payments/payment-provider';
import { isStripeProvider } from '../../../payments/stripe-provider';
import { requireConfirmedEmail } from '../../accounts/email-confirmed';
import { requireUser } from '../../accounts/session-plugin';
import { finishStripeSubscription } from './stripe-renewals';
import { PLANS, type SubscriptionRouteContext } from './subscription-route-context';
import * as subscriptions from './subscription.service';

/** §7 subscribing to a plan by card (at once, after a human check) or by docomo / SoftBank (through the provider's confirmation page). */
export function subscribeRoutes(
  base: FastifyInstance,
  { db, clock }: SubscriptionRouteContext,
  { provider, humanCheck }: { provider: PaymentProvider; humanCheck: HumanCheck },
): void {
  const app = base.withTypeProvider<ZodTypeProvider>();
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
}
