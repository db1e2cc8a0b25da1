import { ErrorCode } from '@hondana/domain/errors';
import type { FastifyInstance } from 'fastify';

/** Answers 408 REQUEST_TIMEOUT (§8) when a handler has not replied within `ms` (§9: 30 s). */
export function registerRequestTimeout(app: FastifyInstance, ms: number): void {
  app.addHook('onRequest', (request, reply, done) => {
    const timer = setTimeout(() => {
      if (reply.sent) return;
      request.log.warn({ ms }, 'request timed out');
      void reply.status(408).send({ errorCode: ErrorCode.REQUEST_TIMEOUT });
    }, ms);
    timer.unref();
    reply.raw.once('close', () => clearTimeout(timer));
    done();
  });
}
