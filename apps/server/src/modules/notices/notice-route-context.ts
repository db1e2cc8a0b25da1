import type { FastifyInstance } from 'fastify';

/** What the notices' routes share, made once when they are registered: the database and the clock. */
export function noticeRouteContext(app: FastifyInstance) {
  const { db } = app.deps.database;
  const now = () => app.deps.clock().getTime();
  return { db, now };
}

export type NoticeRouteContext = ReturnType<typeof noticeRouteContext>;
