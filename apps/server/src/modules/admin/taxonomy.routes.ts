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
import { sendStored } from '../../http/stored-reply';
import { requireStaff } from './admin-guard';
import { adminMutation } from './admin-mutation';
import { catalogChanged } from './catalog-changed';
import * as taxonomy from './taxonomy.service';

/**
 * The console's genres, publishers and magazines (`/api/admin/genres|publishers|magazines`):
 * support reads the lists (the title editor's pickers read them too), operators create and rename
 * against the version read (409 when it moved). Each change counts a `catalog` change, so the
 * store's cached title facts show the new name within a second in every process.
 */
export const adminTaxonomyRoutes: FastifyPluginAsync = async (base) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps.database;
  const now = () => app.deps.clock().getTime();

  app.get('/admin/genres', { schema: { response: { 200: GenreTaxonomyList } } }, async (request) => {
    await requireStaff(request, 'members');
    return { genres: await taxonomy.listGenres(db) };
  });
  app.post('/admin/genres', { schema: { body: CreateGenreBody, response: { 200: AdminGenre } } }, async (request, reply) => {
    const staff = await requireStaff(request, 'everything');
    const { token, ...input } = request.body;
    const result = await adminMutation(
      db,
      staff,
      { token, request: input, now: now() },
      (trx) => taxonomy.createGenre(trx, input),
      'catalog',
    ).catch((e: unknown) => taxonomy.refusedName(db, 'genres', input.name, e));
    await catalogChanged(app);
    return sendStored(reply, result);
  });
  app.put(
    '/admin/genres/:id',
    { schema: { params: IdParams, body: UpdateGenreBody, response: { 200: AdminGenre } } },
    async (request, reply) => {
      const staff = await requireStaff(request, 'everything');
      const { token, ...input } = request.body;
      const id = request.params.id;
      const result = await adminMutation(
        db,
        staff,
        { token, request: { id, ...input }, now: now() },
        (trx) => taxonomy.updateGenre(trx, id, request.body),
        'catalog',
      ).catch((e: unknown) => taxonomy.refusedName(db, 'genres', input.name, e));
      await catalogChanged(app);
      return sendStored(reply, result);
    },
  );

  app.get('/admin/publishers', { schema: { response: { 200: PublisherList } } }, async (request) => {
    await requireStaff(request, 'members');
    return { publishers: await taxonomy.listPublishers(db) };
  });
  app.post('/admin/publishers', { schema: { body: CreatePublisherBody, response: { 200: AdminPublisher } } }, async (request, reply) => {
    const staff = await requireStaff(request, 'everything');
    const { token, ...input } = request.body;
    const result = await adminMutation(
      db,
      staff,
      { token, request: input, now: now() },
      (trx) => taxonomy.createPublisher(trx, input),
      'catalog',
    ).catch((e: unknown) => taxonomy.refusedName(db, 'publishers', input.name, e));
    await catalogChanged(app);
    return sendStored(reply, result);
  });
  app.put(
    '/admin/publishers/:id',
    { schema: { params: IdParams, body: UpdatePublisherBody, response: { 200: AdminPublisher } } },
    async (request, reply) => {
      const staff = await requireStaff(request, 'everything');
      const { token, ...input } = request.body;
      const id = request.params.id;
      const result = await adminMutation(
        db,
        staff,
        { token, request: { id, ...input }, now: now() },
        (trx) => taxonomy.updatePublisher(trx, id, request.body),
        'catalog',
      ).catch((e: unknown) => taxonomy.refusedName(db, 'publishers', input.name, e));
      await catalogChanged(app);
      return sendStored(reply, result);
    },
  );

  app.get('/admin/magazines', { schema: { response: { 200: MagazineList } } }, async (request) => {
    await requireStaff(request, 'members');
    return { magazines: await taxonomy.listMagazines(db) };
  });
  app.post('/admin/magazines', { schema: { body: CreateMagazineBody, response: { 200: AdminMagazine } } }, async (request, reply) => {
    const staff = await requireStaff(request, 'everything');
    const { token, ...input } = request.body;
    const result = await adminMutation(
      db,
      staff,
      { token, request: input, now: now() },
      (trx) => taxonomy.createMagazine(trx, input),
      'catalog',
    ).catch((e: unknown) => taxonomy.refusedName(db, 'magazines', input.name, e));
    await catalogChanged(app);
    return sendStored(reply, result);
  });
  app.put(
    '/admin/magazines/:id',
    { schema: { params: IdParams, body: UpdateMagazineBody, response: { 200: AdminMagazine } } },
    async (request, reply) => {
      const staff = await requireStaff(request, 'everything');
      const { token, ...input } = request.body;
      const id = request.params.id;
      const result = await adminMutation(
        db,
        staff,
        { token, request: { id, ...input }, now: now() },
        (trx) => taxonomy.updateMagazine(trx, id, request.body),
        'catalog',
      ).catch((e: unknown) => taxonomy.refusedName(db, 'magazines', input.name, e));
      await catalogChanged(app);
      return sendStored(reply, result);
    },
  );
};
