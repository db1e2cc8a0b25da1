import { createHash } from 'node:crypto';
import { IdParams } from '@hondana/domain/admin/admin-api';
import { BookMediaView } from '@hondana/domain/admin/admin-media-api';
import { CoverQuery, RevertCoverBody, UpdateSampleBody } from '@hondana/domain/admin/admin-serials-api';
import { badRequest } from '@hondana/domain/common/errors';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sendStored } from '../../http/stored-reply';
import { requireStaff } from './admin-guard';
import { adminMutation } from './admin-mutation';
import * as media from './admin-media.service';
import { catalogChanged } from './catalog-changed';

/** Largest cover image the console takes. */
export const COVER_LIMIT_BYTES = 20 * 1024 * 1024;
/** The content types an image upload of the console is sent as (the image is proved by decoding it, not by its type). */
export const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/avif', 'application/octet-stream'];

/** The console's cover upload and sample setting of a book. */
export const adminMediaRoutes: FastifyPluginAsync = async (base) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps.database;
  const now = () => app.deps.clock().getTime();

  app.get('/admin/books/:id/media', { schema: { params: IdParams, response: { 200: BookMediaView } } }, async (request) => {
    await requireStaff(request, 'everything');
    return media.bookMedia(db, request.params.id);
  });
  app.put(
    '/admin/books/:id/sample',
    { schema: { params: IdParams, body: UpdateSampleBody, response: { 200: BookMediaView } } },
    async (request, reply) => {
      const staff = await requireStaff(request, 'everything');
      const { token, ...input } = request.body;
      const id = request.params.id;
      const result = await adminMutation(
        db,
        staff,
        { token, request: { id, ...input }, now: now() },
        (trx) => media.updateSample(trx, id, request.body),
        'catalog',
      );
      await catalogChanged(app);
      return sendStored(reply, result);
    },
  );

  app.post(
    '/admin/books/:id/cover/revert',
    { schema: { params: IdParams, body: RevertCoverBody, response: { 200: BookMediaView } } },
    async (request, reply) => {
      const staff = await requireStaff(request, 'everything');
      const { token, version } = request.body;
      const id = request.params.id;
      const result = await adminMutation(
        db,
        staff,
        { token, request: { id, version, revert: true }, now: now() },
        (trx) => media.revertCover(trx, id, version),
        'catalog',
      );
      if (result.status === 200 && !result.replayed) await media.dropCoverDerivatives(app.deps.media, id);
      await catalogChanged(app);
      return sendStored(reply, result);
    },
  );

  // The image is the body; the token and the version it was chosen against are in the query.
  await app.register(async (upload) => {
    upload.addContentTypeParser(IMAGE_TYPES, { parseAs: 'buffer', bodyLimit: COVER_LIMIT_BYTES }, (_request, body, done) =>
      done(null, body),
    );
    upload.withTypeProvider<ZodTypeProvider>().post(
      '/admin/books/:id/cover',
      {
        bodyLimit: COVER_LIMIT_BYTES,
        schema: { params: IdParams, querystring: CoverQuery, response: { 200: BookMediaView } },
        onRequest: async (request) => void (await requireStaff(request, 'everything')),
      },
      async (request, reply) => {
        const staff = await requireStaff(request, 'everything');
        const body = request.body;
        if (!Buffer.isBuffer(body) || body.length === 0) throw badRequest('file', 'is required (a JPEG, PNG, WebP or AVIF image)');
        const id = request.params.id;
        const { token, version } = request.query;
        const image = await media.storeCoverImage(app.deps.media, body);
        const sha256 = createHash('sha256').update(body).digest('hex');
        const result = await adminMutation(
          db,
          staff,
          { token, request: { id, version, sha256 }, now: now() },
          (trx) => media.setCover(trx, id, { version, image }, now()),
          'catalog',
        );
        if (result.status === 200 && !result.replayed) await media.renderCover(app.deps.media, id, image.key);
        await catalogChanged(app);
        return sendStored(reply, result);
      },
    );
  });
};
