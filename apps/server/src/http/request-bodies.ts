import type { FastifyInstance, FastifyRequest } from 'fastify';
import { refuseCrossSite } from './same-site';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The route's `body` schema judges the query string's parameters and the body's together (a
     * body field wins over a query one of the same name): §7's form calls whose older clients send
     * the one-time token, or any field, in the query instead of the form.
     */
    queryOrBody?: boolean;
  }
}

/** Most bytes a request body may have (a bigger one is 413 PAYLOAD_TOO_LARGE). */
export const BODY_LIMIT_BYTES = 1024 * 1024;

/**
 * Request bodies the API's schemas can judge: an empty JSON body, or none at
 * all on a POST or DELETE, is read as `{}`, so a route whose fields are optional answers as
 * usual and one with required fields answers 400 naming each missing field (§5) — not
 * "Body cannot be empty" or "expected object". Non-empty JSON is parsed by Fastify's own parser
 * (prototype poisoning refused as before).
 */
export function registerRequestBodies(app: FastifyInstance): void {
  const json = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    if ((body as string).trim() === '') done(null, {});
    else json(request, body as string, done);
  });
  // Only routes that take a body get the step (an onRoute hook), so the polled GET calls pay
  // nothing for it (decision 010). The API's changes are refused from another site in the same
  // step (no hook more on a purchase), and a `queryOrBody` route's query joins its body there too.
  app.addHook('onRoute', (route) => {
    if ([route.method].flat().every((method) => method === 'GET' || method === 'HEAD')) return;
    const sameSite = route.url.startsWith('/api/') && !CROSS_SITE_ALLOWED.has(route.url);
    const step = route.config?.queryOrBody ? (sameSite ? sameSiteQueryOrBody : queryOrBody) : sameSite ? sameSiteChange : emptyBodyIsObject;
    route.preValidation = [step, ...[route.preValidation ?? []].flat()];
  });
}

/**
 * The API calls another site may make the browser send: the browser's own CSP violation
 * reports. (Providers' webhooks are server to server: no browser headers, accepted as a native
 * client's call is.)
 */
const CROSS_SITE_ALLOWED = new Set(['/api/csp-report']);

async function emptyBodyIsObject(request: FastifyRequest): Promise<void> {
  if (request.body == null) request.body = {};
}

/**
 * `config.queryOrBody`: the body the route's schema judges is the query's parameters and the
 * form's (or JSON object's) fields together, a body field winning; a body that is no object
 * (none, text) adds nothing.
 */
async function queryOrBody(request: FastifyRequest): Promise<void> {
  const body = request.body !== null && typeof request.body === 'object' && !Buffer.isBuffer(request.body) ? request.body : {};
  request.body = { ...(request.query as object), ...body };
}

async function sameSiteQueryOrBody(request: FastifyRequest): Promise<void> {
  refuseCrossSite(request);
  await queryOrBody(request);
}

/**
 * A change to the store (every POST, PUT and DELETE of `/api`) is refused when another site made
 * the browser send it (403 FORBIDDEN; ASVS 4.0 V4.2.2, issue 41), beside the one-time tokens and
 * the SameSite=Lax session cookie: `refuseCrossSite`, by Sec-Fetch-Site or else Origin/Referer.
 */
async function sameSiteChange(request: FastifyRequest): Promise<void> {
  refuseCrossSite(request);
  if (request.body == null) request.body = {};
}
