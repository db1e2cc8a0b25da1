import type { FastifyInstance } from 'fastify';

/** What the wallet's routes share, made once when they are registered: the database and the clock (as a `Date` and in ms). */
export function walletRouteContext(app: FastifyInstance) {
  const { db } = app.deps.database;
  const clock = () => app.deps.clock();
  const now = () => clock().getTime();
  return { db, clock, now };
}

export type WalletRouteContext = ReturnType<typeof walletRouteContext>;
