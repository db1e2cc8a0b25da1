import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sessionUser } from '../accounts/session-plugin';
import { listTitles } from './catalog.service';

const TitleListQuery = z.object({
  title_id: z
    .string()
    .regex(/^\d{1,9}(,\d{1,9})*$/, 'must be title ids separated by commas')
    .optional(),
  offset: z.coerce.number().int().min(0).default(0),
  limit: z.coerce.number().int().min(1).max(100).default(30),
});

/** Catalog API (§7 "Titles"); the rest of the catalog's calls come with the catalog issue. */
export const catalogRoutes: FastifyPluginAsync = async (base) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps.database;

  app.get('/title/list', { schema: { querystring: TitleListQuery } }, async (request) => {
    const user = await sessionUser(request);
    const { title_id, offset, limit } = request.query;
    return listTitles(db, {
      offset,
      limit,
      includeAdult: user?.adultState === 'ADULT',
      titleIds: title_id?.split(',').map(Number),
    });
  });
};
