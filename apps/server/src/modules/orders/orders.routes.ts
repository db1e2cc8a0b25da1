import type { FastifyPluginAsync } from 'fastify';
import type { PurchaseReward } from './buy.service';
import type { RentalPayments } from './history.service';
import { buyRoutes } from './buy.routes';
import { PRE_ORDER_DELIVERY_EVERY_MS, deliverReleasedPreOrders } from './delivery.service';
import { historyRoutes } from './history.routes';
import { forgetGuestPoints } from './purchase';

/**
 * The orders area: buy flows, free books, history, entitlements, point campaigns.
 * `app.ts` passes what a paid order earns elsewhere (campaigns' `rewardPurchase`) and the
 * serial rentals the payment history lists (serials' `rentalPayments`).
 */
export const ordersRoutes: FastifyPluginAsync<{ rewardPurchase: PurchaseReward; rentalPayments: RentalPayments }> = async (
  app,
  { rewardPurchase, rentalPayments },
) => {
  // Campaign and book edits are catalog changes: the guests' kept point lines go with them.
  app.deps.changes.subscribe('catalog', () => forgetGuestPoints(app.deps.database.db));
  await app.register(buyRoutes, { rewardPurchase });
  await app.register(historyRoutes, { rentalPayments });
  // A release instant passes with no request: the scheduler marks released pre-orders DELIVERED.
  app.ops.scheduler.register({
    name: 'pre-order-delivery',
    everyMs: PRE_ORDER_DELIVERY_EVERY_MS,
    run: ({ db, now }) => deliverReleasedPreOrders(db, now),
  });
};
