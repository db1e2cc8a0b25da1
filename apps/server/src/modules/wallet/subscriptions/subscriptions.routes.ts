import type { FastifyPluginAsync } from 'fastify';
import { type HumanCheck, sandboxHumanCheck } from '../../../http/human-check';
import type { PaymentProvider } from '../../../payments/payment-provider';
import { mySubscriptionRoutes } from './my-subscriptions.routes';
import { renewDueSubscriptions } from './renewal.service';
import { subscribeRoutes } from './subscribe.routes';
import { subscriptionPlanRoutes } from './subscription-plans.routes';
import { subscriptionRouteContext } from './subscription-route-context';

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
 * page), cancelling, and the member's subscriptions, one use case per file. Payments go through
 * the payment provider `app.ts` gives; a carrier's decision comes back through the provider's
 * routes, which `app.ts` sends to `subscriptionPaymentDecision`.
 */
export const subscriptionRoutes: FastifyPluginAsync<{ provider: PaymentProvider; humanCheck?: HumanCheck }> = async (app, options) => {
  const context = subscriptionRouteContext(app);
  const { provider } = options;
  subscriptionPlanRoutes(app, context);
  subscribeRoutes(app, context, { provider, humanCheck: options.humanCheck ?? sandboxHumanCheck });
  mySubscriptionRoutes(app, context, provider);

  // Renewals happen with no one visiting: one process per tick runs them (decision 013).
  app.ops.scheduler.register({
    name: 'subscription-renewals',
    everyMs: renewalIntervalFromEnv(),
    run: async ({ db: jobDb, now }) => {
      const report = await renewDueSubscriptions({ db: jobDb, provider, log: app.log }, new Date(now));
      return report.renewed + report.retrying + report.cancelled;
    },
  });
};
