import type { FastifyInstance, FastifyRequest } from 'fastify';
import { requireUser } from '../accounts/session-plugin';
import type { CartMember } from './cart-view';

/** What the cart's routes share, made once when they are registered: the database, the clock and the member (401 for a guest). */
export function cartRouteContext(app: FastifyInstance) {
  const { db } = app.deps.database;
  const now = () => app.deps.clock().getTime();
  const member = async (request: FastifyRequest): Promise<CartMember> => {
    const user = await requireUser(request);
    return { userId: user.userId, adultChecked: user.adultState === 'ADULT' };
  };
  return { db, now, member };
}

export type CartRouteContext = ReturnType<typeof cartRouteContext>;
