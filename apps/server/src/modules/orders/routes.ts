import type { FastifyPluginAsync } from 'fastify';
import { buyRoutes } from './buy.routes';
import { historyRoutes } from './history.routes';

/** The orders area: buy flows, free books, history, entitlements, point campaigns. */
export const ordersRoutes: FastifyPluginAsync = async (app) => {
  await app.register(buyRoutes);
  await app.register(historyRoutes);
};
