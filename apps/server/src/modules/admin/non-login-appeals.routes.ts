import { createHash } from 'node:crypto';
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
import { badRequest } from '@hondana/domain/common/errors';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sendStored } from '../../http/stored-reply';
import { requireStaff } from './admin-guard';
import { COVER_LIMIT_BYTES } from './admin-media.routes';
import { adminMutation } from './admin-mutation';
import { catalogChanged } from './catalog-changed';
import * as appeals from './non-login-appeals.service';

const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/avif', 'application/octet-stream'];

/**
 * The console's non-login appeals (`/api/admin/non_login_appeals`): support reads, operators
 * create, edit against the version read (409 when it moved) and end, and upload an appeal's image.
 * The store reads the table on every `/non_login_appeal` (nothing cached); each change still counts
 * a `catalog` change, as the other editors' do, so every process's cached pages follow within a second.
 */
export const adminNonLoginAppealRoutes: FastifyPluginAsync = async (base) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps.database;
  const now = () => app.deps.clock().getTime();

  app.get(
    '/admin/non_login_appeals',
    { schema: { querystring: NonLoginAppealListQuery, response: { 200: NonLoginAppealList } } },
    async (request) => {
      await requireStaff(request, 'members');
      return { appeals: await appeals.listNonLoginAppeals(db, request.query.state, now()) };
    },
  );
  app.post(
    '/admin/non_login_appeals',
    { schema: { body: CreateNonLoginAppealBody, response: { 200: AdminNonLoginAppealView } } },
    async (request, reply) => {
      const staff = await requireStaff(request, 'everything');
      const { token, ...input } = request.body;
      const at = now();
      const result = await adminMutation(
        db,
        staff,
        { token, request: input, now: at },
        (trx) => appeals.createNonLoginAppeal(trx, input, at),
        'catalog',
      );
      await catalogChanged(app);
      return sendStored(reply, result);
    },
  );
  app.put(
    '/admin/non_login_appeals/:id',
    { schema: { params: IdParams, body: UpdateNonLoginAppealBody, response: { 200: AdminNonLoginAppealView } } },
    async (request, reply) => {
      const staff = await requireStaff(request, 'everything');
      const { token, ...input } = request.body;
      const id = request.params.id;
      const at = now();
      const result = await adminMutation(
        db,
        staff,
        { token, request: { id, ...input }, now: at },
        (trx) => appeals.updateNonLoginAppeal(trx, id, request.body, at),
        'catalog',
      );
      await catalogChanged(app);
      return sendStored(reply, result);
    },
  );
  app.post(
    '/admin/non_login_appeals/:id/end',
    { schema: { params: IdParams, body: EndBody, response: { 200: AdminNonLoginAppealView } } },
    async (request, reply) => {
      const staff = await requireStaff(request, 'everything');
      const { token, version } = request.body;
      const id = request.params.id;
      const at = now();
      const result = await adminMutation(
        db,
        staff,
        { token, request: { id, version }, now: at },
        (trx) => appeals.endNonLoginAppeal(trx, id, version, at),
        'catalog',
      );
      await catalogChanged(app);
      return sendStored(reply, result);
    },
  );

  // The image is the body (as a banner's is); the token is in the query. Its address then goes in the appeal's `imageUrl`.
  await app.register(async (upload) => {
    upload.addContentTypeParser(IMAGE_TYPES, { parseAs: 'buffer', bodyLimit: COVER_LIMIT_BYTES }, (_request, body, done) =>
      done(null, body),
    );
    upload.withTypeProvider<ZodTypeProvider>().post(
      '/admin/non_login_appeal_images',
      {
        bodyLimit: COVER_LIMIT_BYTES,
        schema: { querystring: AppealImageQuery, response: { 200: AppealImage } },
        onRequest: async (request) => void (await requireStaff(request, 'everything')),
      },
      async (request, reply) => {
        const staff = await requireStaff(request, 'everything');
        const body = request.body;
        if (!Buffer.isBuffer(body) || body.length === 0) throw badRequest('file', 'is required (a JPEG, PNG, WebP or AVIF image)');
        const image = await appeals.storeAppealImage(app.deps.media, body);
        const sha256 = createHash('sha256').update(body).digest('hex');
        const at = now();
        const result = await adminMutation(db, staff, { token: request.query.token, request: { sha256 }, now: at }, (trx) =>
          appeals.addAppealImage(trx, image, at),
        );
        return sendStored(reply, result);
      },
    );
  });
};
