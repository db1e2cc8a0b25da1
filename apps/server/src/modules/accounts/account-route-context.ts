import type { FastifyInstance } from 'fastify';

/** What the accounts' routes share, made once when they are registered: the database and the clock (a `Date`). */
export function accountRouteContext(app: FastifyInstance) {
  const { db } = app.deps.database;
  const now = () => app.deps.clock();
  return { db, now };
}

export type AccountRouteContext = ReturnType<typeof accountRouteContext>;
