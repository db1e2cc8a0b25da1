import { createHash } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { badRequest } from '@hondana/domain/common/errors';
import type { FastifyInstance, FastifySchema, RawServerDefault, RouteGenericInterface, RouteHandlerMethod } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireStaff } from './admin-guard';

/** A route handler typed by its schema `S`, as `app.post` gives it. */
type Handler<S extends FastifySchema> = RouteHandlerMethod<
  RawServerDefault,
  IncomingMessage,
  ServerResponse,
  RouteGenericInterface,
  unknown,
  S,
  ZodTypeProvider
>;

/** The file an upload route was sent: never empty. */
interface UploadedFile {
  body: Buffer;
  /** Its SHA-256 (hex), computed when asked: what the one-time token records of the request, beside its ids and version. */
  sha256(): string;
}

/**
 * A console route that takes a file as its body (a cover, a banner's image, an episode's pages):
 * the content types it is sent as are read as bytes only in its own scope, up to `limit`; an
 * operator's upload only is read (refused before the file is), and an empty body is a 400 on
 * `file` naming what is expected (`expected`). Its token and version come in the query.
 */
export async function registerStaffUpload<S extends FastifySchema>(
  app: FastifyInstance,
  route: { url: string; types: string[]; limit: number; schema: S; expected: string },
  handle: (request: Parameters<Handler<S>>[0], reply: Parameters<Handler<S>>[1], file: UploadedFile) => ReturnType<Handler<S>>,
): Promise<void> {
  await app.register(async (scope) => {
    scope.addContentTypeParser(route.types, { parseAs: 'buffer', bodyLimit: route.limit }, (_request, body, done) => done(null, body));
    const handler: Handler<S> = (request, reply) => {
      const body = request.body;
      if (!Buffer.isBuffer(body) || body.length === 0) throw badRequest('file', `is required (${route.expected})`);
      return handle(request, reply, { body, sha256: () => createHash('sha256').update(body).digest('hex') });
    };
    scope
      .withTypeProvider<ZodTypeProvider>()
      .post(
        route.url,
        { bodyLimit: route.limit, schema: route.schema, onRequest: async (request) => void (await requireStaff(request, 'everything')) },
        handler,
      );
  });
}
