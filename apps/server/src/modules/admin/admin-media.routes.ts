import { IdParams } from '@hondana/domain/admin/admin-api';
import { BookMediaView } from '@hondana/domain/admin/admin-media-api';
import { CoverQuery, RevertCoverBody, UpdateSampleBody } from '@hondana/domain/admin/admin-serials-api';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireStaff } from './admin-guard';
import { operatorCatalogChange as catalogChange, sendStaffChange } from './admin-mutation';
import { registerStaffUpload } from './admin-upload';
import * as media from './admin-media.service';

/** Largest cover image the console takes. */
export const COVER_LIMIT_BYTES = 20 * 1024 * 1024;
/** The content types an image upload of the console is sent as (the image is proved by decoding it, not by its type). */
export const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/avif', 'application/octet-stream'];

/** The console's cover upload and sample setting of a book. */
export const adminMediaRoutes: FastifyPluginAsync = async (base) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps.database;

  app.get('/admin/books/:id/media', { schema: { params: IdParams, response: { 200: BookMediaView } } }, async (request) => {
    await requireStaff(request, 'everything');
    return media.bookMedia(db, request.params.id);
  });
  app.put(
    '/admin/books/:id/sample',
    { schema: { params: IdParams, body: UpdateSampleBody, response: { 200: BookMediaView } } },
    async (request, reply) => {
      const { token, ...input } = request.body;
      const id = request.params.id;
      return sendStaffChange(request, reply, catalogChange(token, { id, ...input }), (trx) => media.updateSample(trx, id, request.body));
    },
  );

  app.post(
    '/admin/books/:id/cover/revert',
    { schema: { params: IdParams, body: RevertCoverBody, response: { 200: BookMediaView } } },
    async (request, reply) => {
      const { token, version } = request.body;
      const id = request.params.id;
      const use = {
        ...catalogChange(token, { id, version, revert: true }),
        afterChange: () => media.dropCoverDerivatives(app.deps.media, id),
      };
      return sendStaffChange(request, reply, use, (trx) => media.revertCover(trx, id, version));
    },
  );

  // The image is the body; the token and the version it was chosen against are in the query.
  await registerStaffUpload(
    app,
    {
      url: '/admin/books/:id/cover',
      types: IMAGE_TYPES,
      limit: COVER_LIMIT_BYTES,
      schema: { params: IdParams, querystring: CoverQuery, response: { 200: BookMediaView } },
      expected: 'a JPEG, PNG, WebP or AVIF image',
    },
    async (request, reply, file) => {
      const id = request.params.id;
      const { token, version } = request.query;
      const image = await media.storeCoverImage(app.deps.media, file.body);
      const use = {
        ...catalogChange(token, { id, version, sha256: file.sha256() }),
        afterChange: () => media.renderCover(app.deps.media, id, image.key),
      };
      return sendStaffChange(request, reply, use, (trx, at) => media.setCover(trx, id, { version, image }, at));
    },
  );
};
