import { CategoryPageQuery } from '@hondana/domain/serials-api';
import { idListParam, idParam } from '@hondana/domain/books';
import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { parseInput } from '../reviews/parse-input';
import { pathId } from './path-id';
import * as serials from './serials.service';

/** §7 serial lists: by id, recents, read ranks, by title, and one serial. */
export const serialListRoutes: FastifyPluginAsync = async (app) => {
  const { db } = app.deps.database;
  const now = () => app.deps.clock().getTime();

  app.get('/serials', async (request) => {
    const { serial_id } = parseInput(z.object({ serial_id: idListParam.optional() }), request);
    return { serials: await serials.listSerials(db, { ids: serial_id, order: 'recent', offset: 0, limit: 100 }, now()) };
  });
  app.get('/serials/recents', async (request) => {
    const q = parseInput(CategoryPageQuery, request);
    return { serials: await serials.listSerials(db, { category: q.category, order: 'recent', offset: q.offset, limit: q.limit }, now()) };
  });
  app.get('/serial_read_ranks', async (request) => {
    const q = parseInput(CategoryPageQuery, request);
    const list = await serials.listSerials(db, { category: q.category, order: 'reads', offset: q.offset, limit: q.limit }, now());
    return { ranks: list.map((serial, i) => ({ rank: q.offset + i + 1, serial })) };
  });
  app.get('/serials/by_title/:id', async (request) => ({
    serials: await serials.listSerials(db, { titleId: pathId(request, 'title_id'), order: 'recent', offset: 0, limit: 20 }, now()),
  }));
  app.get('/serials/by_title', async (request) => {
    const { title_id } = parseInput(z.object({ title_id: idParam }), request);
    return { serials: await serials.listSerials(db, { titleId: title_id, order: 'recent', offset: 0, limit: 20 }, now()) };
  });
  app.get('/serials/:id', async (request) => serials.getSerial(db, pathId(request, 'serial_id'), now()));
};
