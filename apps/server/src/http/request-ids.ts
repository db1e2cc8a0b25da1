import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

/** An id a caller (or the proxy in front) sent is kept when it is a plain token of ≤ 128 characters. */
const ACCEPTABLE = /^[\w.:-]{1,128}$/;

/**
 * Request ids: the caller's `x-request-id` when acceptable, else a new UUID. (A per-process
 * prefix and a counter instead measured no difference beyond the noise on book detail or a
 * page render: docs/benchmarks.md, "Performance shims re-measured".)
 */
export function requestIds(): (request: IncomingMessage) => string {
  return (request) => {
    const given = request.headers['x-request-id'];
    return typeof given === 'string' && ACCEPTABLE.test(given) ? given : randomUUID();
  };
}
