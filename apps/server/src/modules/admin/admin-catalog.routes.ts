import {
  AdminBook,
  AdminTitle,
  CreateTitleBody,
  IdParams,
  PublishBody,
  SearchQuery,
  TitleList,
  UpdateBookBody,
  UpdateTitleBody,
} from '@hondana/domain/admin/admin-api';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireStaff } from './admin-guard';
import { operatorCatalogChange as catalogChange, sendStaffChange } from './admin-mutation';
import * as catalog from './admin-catalog.service';

/**
 * The console's titles and books (`/api/admin/titles`, `/api/admin/books/:id`, operators only):
 * search and read titles, create and edit them against the version read, edit a book (its price:
 * the second factor given in the last ten minutes) and publish it. Each change counts a `catalog`
 * change, so every process's cached pages follow within a second (decision 018).
 */
export const adminCatalogRoutes: FastifyPluginAsync = async (base) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps.database;

  app.get('/admin/titles', { schema: { querystring: SearchQuery, response: { 200: TitleList } } }, async (request) => {
    await requireStaff(request, 'everything');
    return { titles: await catalog.searchTitles(db, request.query.q, request.query.offset) };
  });
  app.get('/admin/titles/:id', { schema: { params: IdParams, response: { 200: AdminTitle } } }, async (request) => {
    await requireStaff(request, 'everything');
    return catalog.titleDetail(db, request.params.id, app.deps.clock().getTime());
  });
  app.post('/admin/titles', { schema: { body: CreateTitleBody, response: { 200: AdminTitle } } }, async (request, reply) => {
    const { token, ...input } = request.body;
    return sendStaffChange(request, reply, catalogChange(token, input), (trx, at) => catalog.createTitle(trx, request.body, at));
  });
  app.put(
    '/admin/titles/:id',
    { schema: { params: IdParams, body: UpdateTitleBody, response: { 200: AdminTitle } } },
    async (request, reply) => {
      const { token, ...input } = request.body;
      const id = request.params.id;
      return sendStaffChange(request, reply, catalogChange(token, { id, ...input }), (trx, at) =>
        catalog.updateTitle(trx, id, request.body, at),
      );
    },
  );
  app.put(
    '/admin/books/:id',
    { config: { secondFactor: 'fresh' }, schema: { params: IdParams, body: UpdateBookBody, response: { 200: AdminBook } } },
    async (request, reply) => {
      const { token, ...input } = request.body;
      const id = request.params.id;
      return sendStaffChange(request, reply, catalogChange(token, { id, ...input }), (trx, at) =>
        catalog.updateBook(trx, id, request.body, at),
      );
    },
  );
  app.post(
    '/admin/books/:id/publish',
    { schema: { params: IdParams, body: PublishBody, response: { 200: AdminBook } } },
    async (request, reply) => {
      const { token, ...input } = request.body;
      const id = request.params.id;
      return sendStaffChange(request, reply, catalogChange(token, { id, ...input }), (trx, at) => catalog.publishBook(trx, id, input, at));
    },
  );
};
