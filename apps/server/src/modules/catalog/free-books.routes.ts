import { FreeBookList, FreeBookVols } from '@hondana/domain/catalog/catalog-api';
import { FreeRankingList } from '@hondana/domain/catalog/rankings-api';
import { notFound } from '@hondana/domain/common/errors';
import { FREE_RANKING_LIMIT, rankingTerms } from '@hondana/domain/catalog/rankings';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { rowId } from '@hondana/domain/common/ids';
import { freeBookVols, listFreeBooks } from './free-books.service';
import { adultAllowed } from '../accounts/adult-access';
import { AcParam, OffsetParam, PageTypeParam, limitParam } from './rankings.routes';
import { getFreeRanking } from './rankings.service';

const Flag = (fallback: boolean) =>
  z
    .enum(['true', 'false', '1', '0'])
    .transform((v) => v === 'true' || v === '1')
    .default(fallback);

const PageTypePath = z.object({ page_type: PageTypeParam });

const FreeListQuery = z.object({
  ac: AcParam,
  offset: OffsetParam,
  limit: limitParam(12),
  healthy: Flag(false),
});

const FreeRankQuery = z.object({
  ac: AcParam,
  /** The ranking period (§9); daily by default. */
  sort_type: z.enum(rankingTerms).default('daily'),
  offset: OffsetParam,
  limit: limitParam(FREE_RANKING_LIMIT),
  healthy: Flag(true),
});

const FreeVolQuery = z.object({
  ac: AcParam,
  title_id: rowId,
});

/** §7 "Free books". */
export const freeBooksRoutes: FastifyPluginAsync = async (base) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps.database;
  const now = () => app.deps.clock().getTime();

  for (const order of ['closely', 'newly'] as const) {
    app.get(
      `/free_books/${order}/by_page_type/:page_type`,
      { schema: { params: PageTypePath, querystring: FreeListQuery, response: { 200: FreeBookList } } },
      async (request) => {
        const q = request.query;
        const books = await listFreeBooks(db, {
          order,
          pageType: request.params.page_type,
          offset: q.offset,
          limit: q.limit,
          healthy: q.healthy,
          includeAdult: await adultAllowed(request, q.ac),
          now: now(),
        });
        return { books };
      },
    );
  }

  app.get(
    '/free_book_ranks/by_page_type/:page_type',
    { schema: { params: PageTypePath, querystring: FreeRankQuery, response: { 200: FreeRankingList } } },
    async (request) => {
      const q = request.query;
      const entities = await getFreeRanking(db, {
        pageType: request.params.page_type,
        term: q.sort_type,
        offset: q.offset,
        limit: q.limit,
        includeAdult: await adultAllowed(request, q.ac),
        healthy: q.healthy,
        now: now(),
      });
      return { entities };
    },
  );

  app.get('/free_book_vol/list', { schema: { querystring: FreeVolQuery, response: { 200: FreeBookVols } } }, async (request) => {
    const result = await freeBookVols(db, {
      titleId: request.query.title_id,
      includeAdult: await adultAllowed(request, request.query.ac),
      now: now(),
    });
    if (!result) throw notFound();
    return result;
  });
};
