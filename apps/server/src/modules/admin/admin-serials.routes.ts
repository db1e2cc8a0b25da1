import { createHash } from 'node:crypto';
import { IdParams, SearchQuery } from '@hondana/domain/admin/admin-api';
import {
  AdminEpisode,
  AdminSerial,
  CreateEpisodeBody,
  CreateSerialBody,
  EpisodePagesQuery,
  SerialImageQuery,
  SerialList,
  UpdateEpisodeBody,
  UpdateSerialBody,
} from '@hondana/domain/admin/admin-serials-api';
import { badRequest, notFound } from '@hondana/domain/common/errors';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sendStored } from '../../http/stored-reply';
import { requireStaff } from './admin-guard';
import { COVER_LIMIT_BYTES, IMAGE_TYPES } from './admin-media.routes';
import { adminMutation } from './admin-mutation';
import * as episodePages from './admin-episode-pages.service';
import { episodeExists } from './admin-serials.repository';
import * as serials from './admin-serials.service';
import { catalogChanged } from './catalog-changed';

/** Largest CBZ or ZIP of an episode's pages the console takes. */
const EPISODE_PAGES_LIMIT_BYTES = 512 * 1024 * 1024;
const ARCHIVE_TYPES = [
  'application/octet-stream',
  'application/zip',
  'application/x-zip-compressed',
  'application/x-cbz',
  'application/vnd.comicbook+zip',
];

/**
 * The console's serials: a new serial for a title, the serial's normal ticket, rental and order-only settings, and its
 * episodes' schedule, spend type and price. Every change is recorded as a `catalog` change, so
 * the store's serial pages follow within a second in every process.
 */
export const adminSerialRoutes: FastifyPluginAsync = async (base) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps.database;
  const now = () => app.deps.clock().getTime();

  app.get('/admin/serials', { schema: { querystring: SearchQuery, response: { 200: SerialList } } }, async (request) => {
    await requireStaff(request, 'everything');
    return { serials: await serials.searchSerials(db, request.query.q, request.query.offset) };
  });
  app.get('/admin/serials/:id', { schema: { params: IdParams, response: { 200: AdminSerial } } }, async (request) => {
    await requireStaff(request, 'everything');
    return serials.serialDetail(db, request.params.id);
  });
  app.post('/admin/serials', { schema: { body: CreateSerialBody, response: { 200: AdminSerial } } }, async (request, reply) => {
    const staff = await requireStaff(request, 'everything');
    const { token, ...input } = request.body;
    const result = await adminMutation(
      db,
      staff,
      { token, request: input, now: now() },
      (trx) => serials.createSerial(trx, request.body, now()),
      'catalog',
    );
    await catalogChanged(app);
    return sendStored(reply, result);
  });
  app.put(
    '/admin/serials/:id',
    { schema: { params: IdParams, body: UpdateSerialBody, response: { 200: AdminSerial } } },
    async (request, reply) => {
      const staff = await requireStaff(request, 'everything');
      const { token, ...input } = request.body;
      const id = request.params.id;
      const result = await adminMutation(
        db,
        staff,
        { token, request: { id, ...input }, now: now() },
        (trx) => serials.updateSerial(trx, id, request.body),
        'catalog',
      );
      await catalogChanged(app);
      return sendStored(reply, result);
    },
  );
  app.post(
    '/admin/serials/:id/episodes',
    { schema: { params: IdParams, body: CreateEpisodeBody, response: { 200: AdminEpisode } } },
    async (request, reply) => {
      const staff = await requireStaff(request, 'everything');
      const { token, ...input } = request.body;
      const id = request.params.id;
      const result = await adminMutation(
        db,
        staff,
        { token, request: { id, ...input }, now: now() },
        (trx) => serials.createEpisode(trx, id, request.body, now()),
        'catalog',
      );
      await catalogChanged(app);
      return sendStored(reply, result);
    },
  );
  app.put(
    '/admin/episodes/:id',
    { schema: { params: IdParams, body: UpdateEpisodeBody, response: { 200: AdminEpisode } } },
    async (request, reply) => {
      const staff = await requireStaff(request, 'everything');
      const { token, ...input } = request.body;
      const id = request.params.id;
      const result = await adminMutation(
        db,
        staff,
        { token, request: { id, ...input }, now: now() },
        (trx) => serials.updateEpisode(trx, id, request.body),
        'catalog',
      );
      await catalogChanged(app);
      return sendStored(reply, result);
    },
  );

  // An episode's pages from a CBZ or ZIP of images (the import's own reading and storing); the
  // file is the body, the token and the version it was chosen against are in the query.
  await app.register(async (upload) => {
    upload.addContentTypeParser(ARCHIVE_TYPES, { parseAs: 'buffer', bodyLimit: EPISODE_PAGES_LIMIT_BYTES }, (_request, body, done) =>
      done(null, body),
    );
    upload.withTypeProvider<ZodTypeProvider>().post(
      '/admin/episodes/:id/pages',
      {
        bodyLimit: EPISODE_PAGES_LIMIT_BYTES,
        schema: { params: IdParams, querystring: EpisodePagesQuery, response: { 200: AdminEpisode } },
        // Refused before the file is read: only an operator's upload is taken in.
        onRequest: async (request) => void (await requireStaff(request, 'everything')),
      },
      async (request, reply) => {
        const staff = await requireStaff(request, 'everything');
        const body = request.body;
        if (!Buffer.isBuffer(body) || body.length === 0)
          throw badRequest('file', 'is required (a CBZ or ZIP of page images as application/octet-stream)');
        const id = request.params.id;
        if (!(await episodeExists(db, id))) throw notFound('episode');
        const { token, version } = request.query;
        const pages = await episodePages.storeEpisodeArchive(app.deps.media, body);
        const sha256 = createHash('sha256').update(body).digest('hex');
        const result = await adminMutation(
          db,
          staff,
          { token, request: { id, version, sha256 }, now: now() },
          (trx) => episodePages.setEpisodePages(trx, id, { version, pages, sha256 }),
          'catalog',
        );
        if (result.status === 200 && !result.replayed) await episodePages.dropEpisodeDerivatives(app.deps.media, id);
        await catalogChanged(app);
        return sendStored(reply, result);
      },
    );
  });

  // The serial's key visual, taken as a cover is (its types and size limit): the image is the body; the token and the version it was chosen against are in the query.
  await app.register(async (upload) => {
    upload.addContentTypeParser(IMAGE_TYPES, { parseAs: 'buffer', bodyLimit: COVER_LIMIT_BYTES }, (_request, body, done) =>
      done(null, body),
    );
    upload.withTypeProvider<ZodTypeProvider>().post(
      '/admin/serials/:id/image',
      {
        bodyLimit: COVER_LIMIT_BYTES,
        schema: { params: IdParams, querystring: SerialImageQuery, response: { 200: AdminSerial } },
        onRequest: async (request) => void (await requireStaff(request, 'everything')),
      },
      async (request, reply) => {
        const staff = await requireStaff(request, 'everything');
        const body = request.body;
        if (!Buffer.isBuffer(body) || body.length === 0) throw badRequest('file', 'is required (a JPEG, PNG, WebP or AVIF image)');
        const id = request.params.id;
        const { token, version } = request.query;
        const image = await serials.storeSerialImage(app.deps.media, body);
        const sha256 = createHash('sha256').update(body).digest('hex');
        const result = await adminMutation(
          db,
          staff,
          { token, request: { id, version, sha256 }, now: now() },
          (trx) => serials.setSerialImage(trx, id, { version, image }),
          'catalog',
        );
        if (result.status === 200 && !result.replayed) await serials.dropSerialImageDerivatives(app.deps.media, id);
        await catalogChanged(app);
        return sendStored(reply, result);
      },
    );
  });
};
