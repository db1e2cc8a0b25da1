import type { FastifyInstance, FastifyRequest } from 'fastify';

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
  // nothing for it (decision 010).
  app.addHook('onRoute', (route) => {
    if ([route.method].flat().every((method) => method === 'GET' || method === 'HEAD')) return;
    route.preValidation = [emptyBodyIsObject, ...[route.preValidation ?? []].flat()];
  });
}

async function emptyBodyIsObject(request: FastifyRequest): Promise<void> {
  if (request.body == null) request.body = {};
}
