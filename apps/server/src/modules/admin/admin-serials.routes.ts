import { IdParams, SearchQuery } from '@hondana/domain/admin/admin-api';
import { CreateEpisodeBody, UpdateEpisodeBody, UpdateSerialBody } from '@hondana/domain/admin/admin-serials-api';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireStaff } from './admin-guard';
import { adminMutation } from './admin-mutation';
import * as serials from './admin-serials.service';
import { catalogChanged } from './catalog-changed';

/**
 * The console's serials: the serial's normal ticket, rental and order-only settings, and its
 * episodes' schedule, spend type and price. Every change is recorded as a `catalog` change, so
 * the store's serial pages follow within a second in every process.
 */
export const adminSerialRoutes: FastifyPluginAsync = async (base) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps.database;
  const now = () => app.deps.clock().getTime();

  app.get('/admin/serials', { schema: { querystring: SearchQuery } }, async (request) => {
    await requireStaff(request, 'everything');
    return { serials: await serials.searchSerials(db, request.query.q, request.query.offset) };
  });
  app.get('/admin/serials/:id', { schema: { params: IdParams } }, async (request) => {
    await requireStaff(request, 'everything');
    return serials.serialDetail(db, request.params.id);
  });
  app.put('/admin/serials/:id', { schema: { params: IdParams, body: UpdateSerialBody } }, async (request, reply) => {
    const staff = await requireStaff(request, 'everything');
    const { token, ...input } = request.body;
    const id = request.params.id;
    const result = await adminMutation(db, staff, { token, request: { id, ...input }, now: now() }, (trx) => serials.updateSerial(trx, id, request.body), 'catalog');
    await catalogChanged(app);
    return reply.status(result.status).send(result.body);
  });
  app.post('/admin/serials/:id/episodes', { schema: { params: IdParams, body: CreateEpisodeBody } }, async (request, reply) => {
    const staff = await requireStaff(request, 'everything');
    const { token, ...input } = request.body;
    const id = request.params.id;
    const result = await adminMutation(db, staff, { token, request: { id, ...input }, now: now() }, (trx) => serials.createEpisode(trx, id, request.body, now()), 'catalog');
    await catalogChanged(app);
    return reply.status(result.status).send(result.body);
  });
  app.put('/admin/episodes/:id', { schema: { params: IdParams, body: UpdateEpisodeBody } }, async (request, reply) => {
    const staff = await requireStaff(request, 'everything');
    const { token, ...input } = request.body;
    const id = request.params.id;
    const result = await adminMutation(db, staff, { token, request: { id, ...input }, now: now() }, (trx) => serials.updateEpisode(trx, id, request.body), 'catalog');
    await catalogChanged(app);
    return reply.status(result.status).send(result.body);
  });
};
