import { ErrorCode } from '@hondana/domain/common/errors';
import type { FastifyReply } from 'fastify';

/** The handlers in flight, answered 408 once they pass their time. */
interface RequestTimeouts {
  /** Watches a handler from now until `pending` settles. */
  track(reply: FastifyReply, pending: PromiseLike<unknown>): void;
}

/**
 * Answers 408 REQUEST_TIMEOUT (§8) when a handler has not replied within `ms` of its start
 * (§9: 30 s): a timer per handler, cleared when it settles. Only the handler is timed, not the
 * upload before it nor a stream sent after it (Fastify's `handlerTimeout` times both, and
 * would cut a long download). A sweep of the handlers in flight instead of a timer each
 * measured no difference beyond the noise: docs/benchmarks.md, "Performance shims re-measured".
 */
export function requestTimeouts(ms: number): RequestTimeouts {
  return {
    track(reply, pending) {
      const timer = setTimeout(timedOut, ms, reply);
      // Like any timer of an answer in flight, it does not hold a closing process open.
      timer.unref();
      // Unnamed callbacks: a named closure made per request (`const clear = …`) costs a
      // defineProperty each time under tsx (esbuild's keepNames), 2.7 % of a book detail's CPU
      // in a profile (issue 36).
      pending.then(
        () => clearTimeout(timer),
        () => clearTimeout(timer),
      );
    },
  };

  function timedOut(reply: FastifyReply) {
    if (reply.sent || reply.raw.destroyed) return;
    reply.request.log.warn({ url: reply.request.url, ms }, 'request timed out');
    void reply.status(408).send({ errorCode: ErrorCode.REQUEST_TIMEOUT });
  }
}
