import type { FastifyInstance, FastifyReply, FastifyRequest, RouteHandlerMethod } from 'fastify';
import { requestTimeouts } from './request-timeout';
import { securityHeadersByPath } from './security-headers';

type NotFoundHandler = (request: FastifyRequest, reply: FastifyReply) => unknown;

/** What the error and not-found handlers call, as the routes' own wrapper does. */
export interface PerRequest {
  /** Puts the security headers on a reply made outside a route handler. */
  secure(request: FastifyRequest, reply: FastifyReply): void;
  notFound(handler: NotFoundHandler): NotFoundHandler;
}

const isPromiseLike = (value: unknown): value is PromiseLike<unknown> => typeof (value as PromiseLike<unknown> | null)?.then === 'function';

/**
 * What every request needs whatever its route: the security headers, its request id
 * (`x-request-id`, the id its log lines carry), `connection: close` once the process is shutting
 * down (`isClosing`), and the 30 s timeout's bookkeeping. Both run inside each route's handler (wrapped once, when the route is
 * registered) rather than as onRequest and onResponse hooks: each phase of Fastify's hook chain
 * costs about as much per request as the work inside it (on a bare server, these three hooks
 * took about a fifth of its throughput; the polled get_status has to reach 70% of bare).
 * Replies made before a handler runs (validation errors, rate limits, unknown paths) get their
 * headers from the error and not-found handlers.
 */
export function registerPerRequest(app: FastifyInstance, options: { timeoutMs: number; isClosing: () => boolean }): PerRequest {
  const headersFor = securityHeadersByPath();
  const timeouts = requestTimeouts(options.timeoutMs);
  const secure = (request: FastifyRequest, reply: FastifyReply) => {
    reply.headers(headersFor(request.url));
    reply.header('x-request-id', request.id);
    // A kept-alive connection gets no further request once this process is on its way out.
    if (options.isClosing()) reply.header('connection', 'close');
  };
  app.addHook('onRoute', (route) => {
    const handler = route.handler;
    route.handler = function perRequest(this: FastifyInstance, request, reply) {
      secure(request, reply);
      const result = handler.call(this, request, reply) as unknown;
      // A handler that replied returns the reply, which is thenable too (it settles when sent).
      if (result !== reply && isPromiseLike(result)) timeouts.track(reply, result);
      return result;
    } as RouteHandlerMethod;
  });
  return {
    secure,
    notFound: (handler) => (request, reply) => {
      secure(request, reply);
      return handler(request, reply);
    },
  };
}
