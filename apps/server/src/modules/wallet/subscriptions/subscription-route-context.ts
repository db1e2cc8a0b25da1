import type { FastifyInstance } from 'fastify';

export const PLANS = '/manga_coin_sales_subscription_plans';

/** What the subscriptions' routes share, made once when they are registered: the database and the clock (a `Date`). */
export function subscriptionRouteContext(app: FastifyInstance) {
  const { db } = app.deps.database;
  const clock = () => app.deps.clock();
  return { db, clock };
}

export type SubscriptionRouteContext = ReturnType<typeof subscriptionRouteContext>;
