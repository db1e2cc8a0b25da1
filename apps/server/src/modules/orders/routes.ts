import type { FastifyPluginAsync } from 'fastify';
import type { PurchaseReward } from './buy.service';
import { buyRoutes } from './buy.routes';
import { PRE_ORDER_DELIVERY_EVERY_MS, deliverReleasedPreOrders } from './delivery.service';
import { historyRoutes } from './history.routes';

/**
 * The orders area: buy flows, free books, history, entitlements, point campaigns.
 * `rewardPurchase` is what a paid order earns elsewhere (`app.ts` passes campaigns').
 */
export const ordersRoutes: FastifyPluginAsync<{ rewardPurchase: PurchaseReward }> = async (app, { rewardPurchase }) => {
  await app.register(buyRoutes, { rewardPurchase });
  await app.register(historyRoutes);
  // A release instant passes with no request: the scheduler marks released pre-orders DELIVERED.
  app.ops.scheduler.register({
    name: 'pre-order-delivery',
    everyMs: PRE_ORDER_DELIVERY_EVERY_MS,
    run: ({ db, now }) => deliverReleasedPreOrders(db, now),
  });
};
