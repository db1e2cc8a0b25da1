import type { FastifyInstance, FastifyRequest } from 'fastify';
import { requireUser } from '../accounts/session-plugin';
import type * as buy from './buy.service';

/** What the buy routes share, made once when they are registered: the database, the clock and the buyer (401 for a guest). */
export function buyRouteContext(app: FastifyInstance) {
  const { db } = app.deps.database;
  const now = () => app.deps.clock().getTime();
  const buyer = async (request: FastifyRequest): Promise<buy.Buyer> => {
    const user = await requireUser(request);
    return { userId: user.userId, adultChecked: user.adultState === 'ADULT' };
  };
  return { db, now, buyer };
}

export type BuyRouteContext = ReturnType<typeof buyRouteContext>;
