import type { FastifyReply } from 'fastify';

/**
 * Sends what a one-time-token call stored (`withOneTimeToken`: its status and body, first time
 * or replayed) through the route's own response schema. The stored status is one the route's
 * schema names; the reply's typed `status()` cannot know which, hence the one cast, here.
 */
export function sendStored<Body>(reply: FastifyReply, stored: { status: number; body: Body }): FastifyReply {
  return reply.status(stored.status).send(stored.body);
}
