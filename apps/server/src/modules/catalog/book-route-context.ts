import type { FastifyInstance } from 'fastify';

/** What the books' routes share, made once when they are registered: the database and the clock. */
export function bookRouteContext(app: FastifyInstance) {
  const { db } = app.deps.database;
  const now = () => app.deps.clock().getTime();
  return { db, now };
}

export type BookRouteContext = ReturnType<typeof bookRouteContext>;
