import { IdParams } from '@hondana/domain/admin/admin-api';
import { AdminEpisode, CreateEpisodeBody, EpisodePagesQuery, UpdateEpisodeBody } from '@hondana/domain/admin/admin-serials-api';
import { notFound } from '@hondana/domain/common/errors';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { operatorCatalogChange as catalogChange, sendStaffChange } from './admin-mutation';
import { registerStaffUpload } from './admin-upload';
import * as episodePages from './admin-episode-pages.service';
import { episodeExists } from './admin-serials.repository';
import * as serials from './admin-serials.service';

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
 * The console's episodes of a serial: a new one, its schedule, spend type and price, and its pages
 * (decision 032). Every change is recorded as a `catalog` change, so the store's serial pages
 * follow within a second in every process.
 */
export const adminEpisodeRoutes: FastifyPluginAsync = async (base) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps.database;

  app.post(
    '/admin/serials/:id/episodes',
    { schema: { params: IdParams, body: CreateEpisodeBody, response: { 200: AdminEpisode } } },
    async (request, reply) => {
      const { token, ...input } = request.body;
      const id = request.params.id;
      return sendStaffChange(request, reply, catalogChange(token, { id, ...input }), (trx, at) =>
        serials.createEpisode(trx, id, request.body, at),
      );
    },
  );
  app.put(
    '/admin/episodes/:id',
    { schema: { params: IdParams, body: UpdateEpisodeBody, response: { 200: AdminEpisode } } },
    async (request, reply) => {
      const { token, ...input } = request.body;
      const id = request.params.id;
      return sendStaffChange(request, reply, catalogChange(token, { id, ...input }), (trx) => serials.updateEpisode(trx, id, request.body));
    },
  );

  // An episode's pages from a CBZ or ZIP of images (the import's own reading and storing); the
  // file is the body, the token and the version it was chosen against are in the query.
  await registerStaffUpload(
    app,
    {
      url: '/admin/episodes/:id/pages',
      types: ARCHIVE_TYPES,
      limit: EPISODE_PAGES_LIMIT_BYTES,
      schema: { params: IdParams, querystring: EpisodePagesQuery, response: { 200: AdminEpisode } },
      expected: 'a CBZ or ZIP of page images as application/octet-stream',
    },
    async (request, reply, file) => {
      const id = request.params.id;
      if (!(await episodeExists(db, id))) throw notFound('episode');
      const { token, version } = request.query;
      const pages = await episodePages.storeEpisodeArchive(app.deps.media, file.body);
      const sha256 = file.sha256();
      const use = {
        ...catalogChange(token, { id, version, sha256 }),
        afterChange: () => episodePages.dropEpisodeDerivatives(app.deps.media, id),
      };
      return sendStaffChange(request, reply, use, (trx) => episodePages.setEpisodePages(trx, id, { version, pages, sha256 }));
    },
  );
};
