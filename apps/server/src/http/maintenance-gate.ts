import type { UserStatus } from '@hondana/domain/accounts/accounts-api';
import { type ErrorBody, ErrorCode } from '@hondana/domain/common/errors';
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteHandlerMethod } from 'fastify';
import { maintenancePageHtml } from './maintenance-page';

/** The operator's maintenance mode (`ops/maintenance.ts` keeps it). */
type MaintenanceMode = UserStatus['maintenanceMode'];

/**
 * What a route is to the §4 maintenance modes, decided once when the route is registered:
 * - `open`: always served (health, readiness, metrics; get_status and get_time, which tell the
 *   client the mode);
 * - `coin-payment`: buys coins (a coin pack, a coin subscription): closed by `coin` and `pay`
 *   with PAYMENT_MAINTENANCE, the code §8 gives coin purchases;
 * - `payment`: any other payment (a volume, the cart, a pre-order): closed by `pay` with MAINTENANCE;
 * - `api`, `page`: everything else, closed only by `all` (503 MAINTENANCE, or the maintenance page).
 * Reading (viewer info, page images, progress) is `api`/`page`: open in every mode but `all`.
 */
type RouteKind = 'open' | 'coin-payment' | 'payment' | 'api' | 'page';

const OPEN = new Set(['/healthz', '/readyz', '/metrics', '/api/common/get_status', '/api/common/get_time']);
const COIN_PAYMENTS = [/^\/api\/manga_coin\/purchase$/, /^\/api\/manga_coin_sales_subscription_plans\/(docomo\/|softbank\/)?:id$/];
const PAYMENTS = [
  /^\/api\/order\/buy(\/v2)?$/,
  /^\/api\/order\/book\/manga_coin\/buy$/,
  /^\/api\/cart\/order\/v[23]$/,
  /^\/api\/pre_order\/manga_coin\/order\/book$/,
];

export function routeKind(method: string | string[], url: string): RouteKind {
  if (OPEN.has(url)) return 'open';
  const post = (Array.isArray(method) ? method : [method]).includes('POST');
  if (post && COIN_PAYMENTS.some((p) => p.test(url))) return 'coin-payment';
  if (post && PAYMENTS.some((p) => p.test(url))) return 'payment';
  return url.startsWith('/api/') ? 'api' : 'page';
}

/** The answer a route of `kind` gets in `mode`, or null when it is served as usual. */
function maintenanceRefusal(kind: RouteKind, mode: MaintenanceMode): ErrorCode | 'PAGE' | null {
  if (kind === 'open' || mode === 'normal' || mode === 'deca') return null;
  if (mode === 'all') return kind === 'page' ? 'PAGE' : ErrorCode.MAINTENANCE;
  if (kind === 'coin-payment') return ErrorCode.PAYMENT_MAINTENANCE;
  if (kind === 'payment' && mode === 'pay') return ErrorCode.MAINTENANCE;
  return null;
}

/**
 * Closes what the operator's maintenance mode closes. Like `per-request.ts`, it wraps each
 * route's handler when the route is registered instead of adding a hook: in normal mode a
 * request costs one comparison. Register it before `registerPerRequest`, so that a refusal still
 * gets the security headers and request id.
 */
export function registerMaintenanceGate(app: FastifyInstance, mode: () => MaintenanceMode): void {
  app.addHook('onRoute', (route) => {
    const kind = routeKind(route.method, route.url ?? route.path);
    if (kind === 'open') return;
    const handler = route.handler;
    route.handler = function maintenanceGate(this: FastifyInstance, request: FastifyRequest, reply: FastifyReply) {
      const current = mode();
      if (current !== 'normal') {
        const refusal = maintenanceRefusal(kind, current);
        if (refusal === 'PAGE') return sendMaintenancePage(reply);
        if (refusal) return sendRefusal(reply, refusal);
      }
      return handler.call(this, request, reply);
    } as RouteHandlerMethod;
  });
}

/** 503 with the §8 body the error handler would give: the client shows the code's Japanese message. */
function sendRefusal(reply: FastifyReply, errorCode: ErrorCode) {
  const body: ErrorBody = { errorCode, messages: ['maintenance: closed by the maintenance mode'] };
  return reply.code(503).header('retry-after', '300').header('cache-control', 'no-store').send(body);
}

function sendMaintenancePage(reply: FastifyReply) {
  return reply
    .code(503)
    .header('retry-after', '300')
    .header('cache-control', 'no-store')
    .type('text/html; charset=utf-8')
    .send(maintenancePageHtml);
}
