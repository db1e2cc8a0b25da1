import { LogAccepted, type LogQuery } from '@hondana/domain/tracking/log-api';
import { logQueryOf } from '@hondana/domain/tracking/log-queries';
import { LOG_KINDS } from '@hondana/domain/tracking/log-kinds';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sessionUser } from '../accounts/session-plugin';
import { SESSION_COOKIE } from '../accounts/sessions';
import { guestIdOf, guestIdSetCookie, newGuestId } from './guest-id';
import type { TrackingBuffer } from './tracking.service';

interface TrackingRoutesOptions {
  buffer: TrackingBuffer;
}

/**
 * §7 Tracking: the twelve GET `/log/*` calls. Each is answered 204 at once: the event goes to
 * the process's buffer (`tracking.service.ts`), which writes batches into `events` later; no
 * database write on the request path. A member is known by the session; every visitor gets the
 * first-party random id cookie (`guest-id.ts`) the first time, so guests are counted too.
 */
export const trackingRoutes: FastifyPluginAsync<TrackingRoutesOptions> = async (base, { buffer }) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const secure = app.deps.config.cookieSecure;
  const clock = app.deps.clock;

  const track = (kind: (typeof LOG_KINDS)[number]) => (request: FastifyRequest<{ Querystring: LogQuery }>, reply: FastifyReply) => {
    let guestId = guestIdOf(request.headers.cookie);
    if (!guestId) {
      guestId = newGuestId();
      reply.header('set-cookie', guestIdSetCookie(guestId, secure));
    }
    const answer = (userId: number | null): void => {
      buffer.push({ kind, at: clock().getTime(), userId, guestId, query: request.query });
      reply.status(204).header('cache-control', 'no-store').send();
    };
    // A guest's call is answered in the same tick; a member's waits only for the session read.
    const maybeMember = request.headers.cookie?.includes(SESSION_COOKIE) === true;
    return maybeMember ? sessionUser(request).then((user) => answer(user?.userId ?? null)) : answer(null);
  };

  for (const kind of LOG_KINDS) {
    app.get(`/log/${kind}`, { schema: { querystring: logQueryOf(kind), response: { 204: LogAccepted } } }, track(kind));
  }
};
