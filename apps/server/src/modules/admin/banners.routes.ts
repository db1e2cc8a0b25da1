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
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireStaff } from './admin-guard';
import { COVER_LIMIT_BYTES, IMAGE_TYPES } from './admin-media.routes';
import { operatorCatalogChange as catalogChange, sendStaffChange } from './admin-mutation';
import { registerStaffUpload } from './admin-upload';
import * as banners from './banners.service';

/**
 * The console's reach banners (`/api/admin/banners`, operators only) and their image uploads.
 * The store reads the table on every banner call (nothing cached), so an edit shows at once
 * everywhere; each change still counts a `catalog` change, as the other commerce editors do.
 */
export const adminBannerRoutes: FastifyPluginAsync = async (base) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps.database;

  app.get('/admin/banners', { schema: { response: { 200: BannerList } } }, async (request) => {
    await requireStaff(request, 'everything');
    return { banners: await banners.listBanners(db, app.deps.clock().getTime()) };
  });
  app.post('/admin/banners', { schema: { body: CreateBannerBody, response: { 200: AdminBannerView } } }, async (request, reply) => {
    const { token, ...input } = request.body;
    return sendStaffChange(request, reply, catalogChange(token, input), (trx, at) => banners.createBanner(trx, request.body, at));
  });
  app.put(
    '/admin/banners/:id',
    { schema: { params: IdParams, body: UpdateBannerBody, response: { 200: AdminBannerView } } },
    async (request, reply) => {
      const { token, ...input } = request.body;
      const id = request.params.id;
      return sendStaffChange(request, reply, catalogChange(token, { id, ...input }), (trx, at) =>
        banners.updateBanner(trx, id, request.body, at),
      );
    },
  );
  app.post(
    '/admin/banners/:id/end',
    { schema: { params: IdParams, body: EndBody, response: { 200: AdminBannerView } } },
    async (request, reply) => {
      const { token, version } = request.body;
      const id = request.params.id;
      return sendStaffChange(request, reply, catalogChange(token, { id, version }), (trx, at) => banners.endBanner(trx, id, version, at));
    },
  );

  // The image is the body (as a cover's is); the token is in the query. It is stored before the
  // banner is saved, and a banner then names it by its id.
  await registerStaffUpload(
    app,
    {
      url: '/admin/banner_images',
      types: IMAGE_TYPES,
      limit: COVER_LIMIT_BYTES,
      schema: { querystring: BannerImageQuery, response: { 200: BannerImage } },
      expected: 'a JPEG, PNG, WebP or AVIF image',
    },
    async (request, reply, file) => {
      const image = await banners.storeBannerImage(app.deps.media, file.body);
      const use = { capability: 'everything' as const, token: request.query.token, request: { sha256: file.sha256() } };
      return sendStaffChange(request, reply, use, (trx, at) => banners.addBannerImage(trx, image, at));
    },
  );
};
