import { AuthorSearchResult, KeywordSearchResult } from '@hondana/domain/catalog/search-api';
import { notFound } from '@hondana/domain/common/errors';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { rowId } from '@hondana/domain/common/ids';
import { adultAllowed } from '../accounts/adult-access';
import { AcParam, OffsetParam, limitParam } from './rankings.routes';
import { searchByAuthor, searchKeyword } from './search.service';

const SearchTitleQuery = z.object({
  ac: AcParam,
  word: z.string().trim().min(1).max(100),
  offset: OffsetParam,
  limit: limitParam(20),
});

const AuthorParams = z.object({
  author_id: rowId,
  page: z.coerce.number().int().min(1).max(10_000),
});

/** Keyword search (§7 Lottery: /lottery/search/title) and the author's titles. */
export const searchRoutes: FastifyPluginAsync = async (base) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps.database;

  app.get(
    '/lottery/search/title',
    { schema: { querystring: SearchTitleQuery, response: { 200: KeywordSearchResult } } },
    async (request) => {
      const q = request.query;
      return searchKeyword(db, {
        word: q.word,
        offset: q.offset,
        limit: q.limit,
        includeAdult: await adultAllowed(request, q.ac),
      });
    },
  );

  /** The data of `/search/author/{authorId}/{page}` for clients; 404 for an unknown author. */
  app.get(
    '/search/author/:author_id/:page',
    { schema: { params: AuthorParams, querystring: z.object({ ac: AcParam }), response: { 200: AuthorSearchResult } } },
    async (request) => {
      const result = await searchByAuthor(db, {
        authorId: request.params.author_id,
        page: request.params.page,
        includeAdult: await adultAllowed(request, request.query.ac),
      });
      if (!result.author) throw notFound();
      return result;
    },
  );
};
