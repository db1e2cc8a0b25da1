import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sessionUser } from '../accounts/session-plugin';
import { requireVisibleSerial } from './serial-discovery.service';

/** What the serial routes share, made once when they are registered: the database, the clock, the viewer and the §4 adult gate. */
export function serialRouteContext(app: FastifyInstance) {
  const { db } = app.deps.database;
  const now = () => app.deps.clock().getTime();
  const userIdOf = async (request: FastifyRequest) => (await sessionUser(request))?.userId ?? null;
  /** §4 adult gate: an adult serial's episodes only for a member whose age is confirmed (else 403 ADULT_CHECK_REQUIRED). */
  const gate = async (request: FastifyRequest, serialId: number) =>
    requireVisibleSerial(db, serialId, { includeAdult: (await sessionUser(request))?.adultState === 'ADULT', now: now() });
  return { db, now, userIdOf, gate };
}

export type SerialRouteContext = ReturnType<typeof serialRouteContext>;
