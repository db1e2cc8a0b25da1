import { IdParams, SearchQuery } from '@hondana/domain/admin/admin-api';
import { AdminSerial, CreateSerialBody, SerialImageQuery, SerialList, UpdateSerialBody } from '@hondana/domain/admin/admin-serials-api';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireStaff } from './admin-guard';
import { COVER_LIMIT_BYTES, IMAGE_TYPES } from './admin-media.routes';
import { operatorCatalogChange as catalogChange, sendStaffChange } from './admin-mutation';
import { registerStaffUpload } from './admin-upload';
import * as serials from './admin-serials.service';

/**
 * The console's serials: a new serial for a title, the serial's normal ticket, rental and
 * order-only settings, and its key visual (its episodes: `admin-episodes.routes.ts`). Every change
 * is recorded as a `catalog` change, so the store's serial pages follow within a second in every process.
 */
export const adminSerialRoutes: FastifyPluginAsync = async (base) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps.database;

  app.get('/admin/serials', { schema: { querystring: SearchQuery, response: { 200: SerialList } } }, async (request) => {
    await requireStaff(request, 'everything');
    return { serials: await serials.searchSerials(db, request.query.q, request.query.offset) };
  });
  app.get('/admin/serials/:id', { schema: { params: IdParams, response: { 200: AdminSerial } } }, async (request) => {
    await requireStaff(request, 'everything');
    return serials.serialDetail(db, request.params.id);
  });
  app.post('/admin/serials', { schema: { body: CreateSerialBody, response: { 200: AdminSerial } } }, async (request, reply) => {
    const { token, ...input } = request.body;
    return sendStaffChange(request, reply, catalogChange(token, input), (trx, at) => serials.createSerial(trx, request.body, at));
  });
  app.put(
    '/admin/serials/:id',
    { schema: { params: IdParams, body: UpdateSerialBody, response: { 200: AdminSerial } } },
    async (request, reply) => {
      const { token, ...input } = request.body;
      const id = request.params.id;
      return sendStaffChange(request, reply, catalogChange(token, { id, ...input }), (trx) => serials.updateSerial(trx, id, request.body));
    },
  );

  // The serial's key visual, taken as a cover is (its types and size limit): the image is the body; the token and the version it was chosen against are in the query.
  await registerStaffUpload(
    app,
    {
      url: '/admin/serials/:id/image',
      types: IMAGE_TYPES,
      limit: COVER_LIMIT_BYTES,
      schema: { params: IdParams, querystring: SerialImageQuery, response: { 200: AdminSerial } },
      expected: 'a JPEG, PNG, WebP or AVIF image',
    },
    async (request, reply, file) => {
      const id = request.params.id;
      const { token, version } = request.query;
      const image = await serials.storeSerialImage(app.deps.media, file.body);
      const use = {
        ...catalogChange(token, { id, version, sha256: file.sha256() }),
        afterChange: () => serials.dropSerialImageDerivatives(app.deps.media, id),
      };
      return sendStaffChange(request, reply, use, (trx) => serials.setSerialImage(trx, id, { version, image }));
    },
  );
};
