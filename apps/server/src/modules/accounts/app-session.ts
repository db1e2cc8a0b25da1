import type { FastifyInstance, FastifyRequest, onResponseHookHandler } from 'fastify';
import { recordAppSession } from './app-settings.service';
import { sessionSecret, sessionUser } from './session-plugin';

/** The native app wrapper's session header (§7 "session header", "app-session header"). */
const APP_SESSION_HEADER = 'x-app-session';
const SESSION_VALUE = /^[\w.:-]{1,200}$/;

/** The calls §7 sends the app-session header with (routes as registered, under /api). */
const APP_SESSION_CALLS: ReadonlySet<string> = new Set([
  '/api/order/buy_check',
  '/api/order/buy',
  '/api/order/buy_check/v2',
  '/api/order/buy/v2',
  '/api/order/book/manga_coin/buy_check',
  '/api/order/book/manga_coin/buy',
  '/api/user_serial_episodes/:id/start_reading',
  '/api/user_serial_episodes/:id/end_reading',
  '/api/user_serial_episodes/:id/rental',
  '/api/finish_read/register',
  '/api/mission/read_end',
]);

/** The header's well-formed value on any request (a page too), else null. */
export function appSessionHeaderOf(request: FastifyRequest): string | null {
  const value = request.headers[APP_SESSION_HEADER];
  return typeof value === 'string' && SESSION_VALUE.test(value) ? value : null;
}

/** The header's value when this request is one of those calls and carries a well-formed one. */
function appSessionOf(request: FastifyRequest): string | null {
  const value = request.headers[APP_SESSION_HEADER];
  if (typeof value !== 'string' || !SESSION_VALUE.test(value)) return null;
  return APP_SESSION_CALLS.has(request.routeOptions.url ?? '') ? value : null;
}

/**
 * Accepts the header on every call (a malformed one is ignored, never refused) and, after a
 * member's successful call that §7 names it on, records it with the call: after the reply is
 * sent, so the call itself waits for nothing. The hook is those calls' own (added to each as it
 * is registered), so every other call (the polled get_status, book details, pages) passes one
 * hook phase fewer (issue 36). Register it before the routes.
 */
export function registerAppSession(app: FastifyInstance): void {
  // A plain callback hook, returning at once without the header.
  const recordAfter: onResponseHookHandler = (request, reply, done) => {
    if (request.headers[APP_SESSION_HEADER] === undefined) return done();
    done();
    if (reply.statusCode >= 400 || !sessionSecret(request)) return;
    const session = appSessionOf(request);
    if (session) void record(app, request, session);
  };
  app.addHook('onRoute', (route) => {
    if (!APP_SESSION_CALLS.has(route.url ?? route.path)) return;
    const own = route.onResponse;
    route.onResponse = own === undefined ? [recordAfter] : [...(Array.isArray(own) ? own : [own]), recordAfter];
  });
}

async function record(app: FastifyInstance, request: FastifyRequest, session: string): Promise<void> {
  try {
    const user = await sessionUser(request);
    if (user) await recordAppSession(app.deps.database.db, user.userId, session, request.routeOptions.url!, app.deps.clock().getTime());
  } catch (error) {
    request.log.warn({ err: error }, 'app session not recorded');
  }
}
