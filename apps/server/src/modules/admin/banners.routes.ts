import { createHash } from 'node:crypto';
import { IdParams } from '@hondana/domain/admin/admin-api';
import {
  AdminBannerView,
  BannerImage,
  BannerImageQuery,
  BannerList,
  CreateBannerBody,
  EndBody,
  UpdateBannerBody,
} from '@hondana/domain/admin/admin-commerce-api';
import { badRequest } from '@hondana/domain/common/errors';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sendStored } from '../../http/stored-reply';
import { requireStaff } from './admin-guard';
import { COVER_LIMIT_BYTES } from './admin-media.routes';
import { adminMutation } from './admin-mutation';
import * as banners from './banners.service';
import { catalogChanged } from './catalog-changed';

const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/avif', 'application/octet-stream'];

/**
 * The console's reach banners (`/api/admin/banners`, operators only) and their image uploads.
 * The store reads the table on every banner call (nothing cached), so an edit shows at once
 * everywhere; each change still counts a `catalog` change, as the other commerce editors do.
 */
export const adminBannerRoutes: FastifyPluginAsync = async (base) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps.database;
  const now = () => app.deps.clock().getTime();

  app.get('/admin/banners', { schema: { response: { 200: BannerList } } }, async (request) => {
    await requireStaff(request, 'everything');
    return { banners: await banners.listBanners(db, now()) };
  });
  app.post('/admin/banners', { schema: { body: CreateBannerBody, response: { 200: AdminBannerView } } }, async (request, reply) => {
    const staff = await requireStaff(request, 'everything');
    const { token, ...input } = request.body;
    const at = now();
    const result = await adminMutation(
      db,
      staff,
      { token, request: input, now: at },
      (trx) => banners.createBanner(trx, request.body, at),
      'catalog',
    );
    await catalogChanged(app);
    return sendStored(reply, result);
  });
  app.put(
    '/admin/banners/:id',
    { schema: { params: IdParams, body: UpdateBannerBody, response: { 200: AdminBannerView } } },
    async (request, reply) => {
      const staff = await requireStaff(request, 'everything');
      const { token, ...input } = request.body;
      const id = request.params.id;
      const at = now();
      const result = await adminMutation(
        db,
        staff,
        { token, request: { id, ...input }, now: at },
        (trx) => banners.updateBanner(trx, id, request.body, at),
        'catalog',
      );
      await catalogChanged(app);
      return sendStored(reply, result);
    },
  );
  app.post(
    '/admin/banners/:id/end',
    { schema: { params: IdParams, body: EndBody, response: { 200: AdminBannerView } } },
    async (request, reply) => {
      const staff = await requireStaff(request, 'everything');
      const { token, version } = request.body;
      const id = request.params.id;
      const at = now();
      const result = await adminMutation(
        db,
        staff,
        { token, request: { id, version }, now: at },
        (trx) => banners.endBanner(trx, id, version, at),
        'catalog',
      );
      await catalogChanged(app);
      return sendStored(reply, result);
    },
  );

  // The image is the body (as a cover's is); the token is in the query. It is stored before the
  // banner is saved, and a banner then names it by its id.
  await app.register(async (upload) => {
    upload.addContentTypeParser(IMAGE_TYPES, { parseAs: 'buffer', bodyLimit: COVER_LIMIT_BYTES }, (_request, body, done) =>
      done(null, body),
    );
    upload.withTypeProvider<ZodTypeProvider>().post(
      '/admin/banner_images',
      {
        bodyLimit: COVER_LIMIT_BYTES,
        schema: { querystring: BannerImageQuery, response: { 200: BannerImage } },
        onRequest: async (request) => void (await requireStaff(request, 'everything')),
      },
      async (request, reply) => {
        const staff = await requireStaff(request, 'everything');
        const body = request.body;
        if (!Buffer.isBuffer(body) || body.length === 0) throw badRequest('file', 'is required (a JPEG, PNG, WebP or AVIF image)');
        const image = await banners.storeBannerImage(app.deps.media, body);
        const sha256 = createHash('sha256').update(body).digest('hex');
        const at = now();
        const result = await adminMutation(db, staff, { token: request.query.token, request: { sha256 }, now: at }, (trx) =>
          banners.addBannerImage(trx, image, at),
        );
        return sendStored(reply, result);
      },
    );
  });
};
