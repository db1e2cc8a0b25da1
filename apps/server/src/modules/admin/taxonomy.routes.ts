import { IdParams } from '@hondana/domain/admin/admin-api';
import {
  AdminGenre,
  AdminMagazine,
  AdminPublisher,
  CreateGenreBody,
  CreateMagazineBody,
  CreatePublisherBody,
  GenreTaxonomyList,
  MagazineList,
  PublisherList,
  UpdateGenreBody,
  UpdateMagazineBody,
  UpdatePublisherBody,
} from '@hondana/domain/admin/admin-taxonomy-api';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireStaff } from './admin-guard';
import { operatorCatalogChange, sendStaffChange } from './admin-mutation';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import * as taxonomy from './taxonomy.service';

/** A name change of `kind`: a name another write took first at once is refused as the service's own check refuses it (`refusedName`). */
function nameChange(
  db: Kysely<Database>,
  kind: 'genres' | 'publishers' | 'magazines',
  token: string,
  request: { id?: number; name?: string },
) {
  return { ...operatorCatalogChange(token, request), refused: (e: unknown) => taxonomy.refusedName(db, kind, request.name, e) };
}

/**
 * The console's genres, publishers and magazines (`/api/admin/genres|publishers|magazines`), one
 * plugin each: support reads the lists (the title editor's pickers read them too), operators create
 * and rename against the version read (409 when it moved). Each change counts a `catalog` change,
 * so the store's cached title facts show the new name within a second in every process.
 */
export const adminGenreRoutes: FastifyPluginAsync = async (base) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps.database;

  app.get('/admin/genres', { schema: { response: { 200: GenreTaxonomyList } } }, async (request) => {
    await requireStaff(request, 'members');
    return { genres: await taxonomy.listGenres(db) };
  });
  app.post('/admin/genres', { schema: { body: CreateGenreBody, response: { 200: AdminGenre } } }, async (request, reply) => {
    const { token, ...input } = request.body;
    return sendStaffChange(request, reply, nameChange(db, 'genres', token, input), (trx) => taxonomy.createGenre(trx, input));
  });
  app.put(
    '/admin/genres/:id',
    { schema: { params: IdParams, body: UpdateGenreBody, response: { 200: AdminGenre } } },
    async (request, reply) => {
      const { token, ...input } = request.body;
      const id = request.params.id;
      return sendStaffChange(request, reply, nameChange(db, 'genres', token, { id, ...input }), (trx) =>
        taxonomy.updateGenre(trx, id, request.body),
      );
    },
  );
};

export const adminPublisherRoutes: FastifyPluginAsync = async (base) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps.database;

  app.get('/admin/publishers', { schema: { response: { 200: PublisherList } } }, async (request) => {
    await requireStaff(request, 'members');
    return { publishers: await taxonomy.listPublishers(db) };
  });
  app.post('/admin/publishers', { schema: { body: CreatePublisherBody, response: { 200: AdminPublisher } } }, async (request, reply) => {
    const { token, ...input } = request.body;
    return sendStaffChange(request, reply, nameChange(db, 'publishers', token, input), (trx) => taxonomy.createPublisher(trx, input));
  });
  app.put(
    '/admin/publishers/:id',
    { schema: { params: IdParams, body: UpdatePublisherBody, response: { 200: AdminPublisher } } },
    async (request, reply) => {
      const { token, ...input } = request.body;
      const id = request.params.id;
      return sendStaffChange(request, reply, nameChange(db, 'publishers', token, { id, ...input }), (trx) =>
        taxonomy.updatePublisher(trx, id, request.body),
      );
    },
  );
};

export const adminMagazineRoutes: FastifyPluginAsync = async (base) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps.database;

  app.get('/admin/magazines', { schema: { response: { 200: MagazineList } } }, async (request) => {
    await requireStaff(request, 'members');
    return { magazines: await taxonomy.listMagazines(db) };
  });
  app.post('/admin/magazines', { schema: { body: CreateMagazineBody, response: { 200: AdminMagazine } } }, async (request, reply) => {
    const { token, ...input } = request.body;
    return sendStaffChange(request, reply, nameChange(db, 'magazines', token, input), (trx) => taxonomy.createMagazine(trx, input));
  });
  app.put(
    '/admin/magazines/:id',
    { schema: { params: IdParams, body: UpdateMagazineBody, response: { 200: AdminMagazine } } },
    async (request, reply) => {
      const { token, ...input } = request.body;
      const id = request.params.id;
      return sendStaffChange(request, reply, nameChange(db, 'magazines', token, { id, ...input }), (trx) =>
        taxonomy.updateMagazine(trx, id, request.body),
      );
    },
  );
};
