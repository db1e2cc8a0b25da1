import type { FastifyPluginAsync } from 'fastify';
import { serialEpisodeActionRoutes } from './serial-episode-actions.routes';
import { serialEpisodeRoutes } from './serial-episodes.routes';
import { serialHistoryRoutes } from './serial-histories.routes';
import { serialListRoutes } from './serial-list.routes';
import { serialMemberRoutes } from './serial-member.routes';
import { serialRouteContext } from './serial-route-context';
import { serialTicketRoutes } from './serial-tickets.routes';

/** §7 "Serials and episodes": member tickets, rentals, reading marks and the episode browser, one use case per file. */
export const serialsRoutes: FastifyPluginAsync = async (app) => {
  const context = serialRouteContext(app);
  await app.register(serialListRoutes);
  serialEpisodeRoutes(app, context);
  serialMemberRoutes(app, context);
  serialEpisodeActionRoutes(app, context);
  serialTicketRoutes(app, context);
  serialHistoryRoutes(app, context);
};
