import { IdParams } from '@hondana/domain/admin/admin-api';
import { EndBody } from '@hondana/domain/admin/admin-commerce-api';
import {
  AdminNonLoginAppealView,
  AppealImage,
  AppealImageQuery,
  CreateNonLoginAppealBody,
  NonLoginAppealList,
  NonLoginAppealListQuery,
  UpdateNonLoginAppealBody,
} from '@hondana/domain/admin/admin-non-login-appeals-api';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireStaff } from './admin-guard';
import { COVER_LIMIT_BYTES, IMAGE_TYPES } from './admin-media.routes';
import { operatorCatalogChange as catalogChange, sendStaffChange } from './admin-mutation';
import { registerStaffUpload } from './admin-upload';
import * as appeals from './non-login-appeals.service';

/**
 * The console's non-login appeals (`/api/admin/non_login_appeals`): support reads, operators
 * create, edit against the version read (409 when it moved) and end, and upload an appeal's image.
 * The store reads the table on every `/non_login_appeal` (nothing cached); each change still counts
 * a `catalog` change, as the other editors' do, so every process's cached pages follow within a second.
 */
export const adminNonLoginAppealRoutes: FastifyPluginAsync = async (base) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps.database;

  app.get(
    '/admin/non_login_appeals',
    { schema: { querystring: NonLoginAppealListQuery, response: { 200: NonLoginAppealList } } },
    async (request) => {
      await requireStaff(request, 'members');
      return { appeals: await appeals.listNonLoginAppeals(db, request.query.state, app.deps.clock().getTime()) };
    },
  );
  app.post(
    '/admin/non_login_appeals',
    { schema: { body: CreateNonLoginAppealBody, response: { 200: AdminNonLoginAppealView } } },
    async (request, reply) => {
      const { token, ...input } = request.body;
      return sendStaffChange(request, reply, catalogChange(token, input), (trx, at) => appeals.createNonLoginAppeal(trx, input, at));
    },
  );
  app.put(
    '/admin/non_login_appeals/:id',
    { schema: { params: IdParams, body: UpdateNonLoginAppealBody, response: { 200: AdminNonLoginAppealView } } },
    async (request, reply) => {
      const { token, ...input } = request.body;
      const id = request.params.id;
      return sendStaffChange(request, reply, catalogChange(token, { id, ...input }), (trx, at) =>
        appeals.updateNonLoginAppeal(trx, id, request.body, at),
      );
    },
  );
  app.post(
    '/admin/non_login_appeals/:id/end',
    { schema: { params: IdParams, body: EndBody, response: { 200: AdminNonLoginAppealView } } },
    async (request, reply) => {
      const { token, version } = request.body;
      const id = request.params.id;
      return sendStaffChange(request, reply, catalogChange(token, { id, version }), (trx, at) =>
        appeals.endNonLoginAppeal(trx, id, version, at),
      );
    },
  );

  // The image is the body (as a banner's is); the token is in the query. Its address then goes in the appeal's `imageUrl`.
  await registerStaffUpload(
    app,
    {
      url: '/admin/non_login_appeal_images',
      types: IMAGE_TYPES,
      limit: COVER_LIMIT_BYTES,
      schema: { querystring: AppealImageQuery, response: { 200: AppealImage } },
      expected: 'a JPEG, PNG, WebP or AVIF image',
    },
    async (request, reply, file) => {
      const image = await appeals.storeAppealImage(app.deps.media, file.body);
      const use = { capability: 'everything' as const, token: request.query.token, request: { sha256: file.sha256() } };
      return sendStaffChange(request, reply, use, (trx, at) => appeals.addAppealImage(trx, image, at));
    },
  );
};
