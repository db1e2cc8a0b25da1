import { pageTypes } from '@hondana/domain/catalog/catalog';
import {
  type RankGender,
  RANKING_PAGE_SIZE,
  rankGenderPageTypes,
  rankGenders,
  rankingBases,
  rankingTerms,
  pageTypeFilter,
} from '@hondana/domain/catalog/rankings';
import { RankingPage } from '@hondana/domain/catalog/rankings-api';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { COVER_WIDTHS } from '../../media/media-spec';
import { titlesReleasedSince } from './rankings.repository';
import { adultAllowed } from '../accounts/adult-access';
import { type RankingQuery, freeTitles, rankingSlice } from './rankings.service';

/** `ac` (§6): 0 none, 1 adult. */
export const AcParam = z.enum(['0', '1']).default('0');
export const OffsetParam = z.coerce.number().int().min(0).default(0);
export const limitParam = (fallback: number) => z.coerce.number().int().min(1).max(100).default(fallback);
export const PageTypeParam = z.enum(pageTypes as [string, ...string[]]);

const BookRankQuery = z.object({
  ac: AcParam,
  category: PageTypeParam.default('all'),
  term: z.enum(rankingTerms).default('daily'),
  gender: z.enum(rankGenders).default('all'),
  offset: OffsetParam,
  limit: limitParam(RANKING_PAGE_SIZE),
});

const RankingsQuery = z.object({
  ac: AcParam,
  page_type: PageTypeParam.default('all'),
  limit: limitParam(RANKING_PAGE_SIZE),
  offset: OffsetParam,
  /** The last rank the client holds: the page continues after it (overrides `offset`). */
  lastRank: z.coerce.number().int().min(0).optional(),
  sort: z.enum(rankingBases).default('popular'),
  term: z.enum(rankingTerms).default('daily'),
  thumbnail_type: z.coerce
    .number()
    .int()
    .refine((w) => COVER_WIDTHS.includes(w), 'must be a cover width')
    .default(128),
});

const CategoryRankQuery = z.object({
  ac: AcParam,
  term_code: z.enum(rankingTerms).default('daily'),
  category: PageTypeParam.default('all'),
  offset: OffsetParam,
  limit: limitParam(10),
});

/** Shelves of a page type filter and a rank gender together (both narrow). */
function shelvesOf(category: string, gender: RankGender): readonly string[] | null {
  const byCategory = pageTypeFilter(category);
  const byGender = rankGenderPageTypes[gender];
  if (byCategory === null) return byGender;
  if (byGender === null) return byCategory;
  return byCategory.filter((s) => byGender.includes(s as never));
}

const NEWLY_DAYS = 30;

/** §7 "Rankings and lists": rankings computed from purchases, reads and wishes (rankings.ts in domain). */
export const rankingsRoutes: FastifyPluginAsync = async (base) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps.database;
  const now = () => app.deps.clock().getTime();

  const bookRank = (path: string, kind: 'sales' | 'free' | 'newly') =>
    app.get(path, { schema: { querystring: BookRankQuery, response: { 200: RankingPage } } }, async (request) => {
      const q = request.query;
      const at = now();
      const query: RankingQuery = {
        term: q.term,
        basis: kind === 'free' ? 'reads' : 'sales',
        pageTypes: shelvesOf(q.category, q.gender),
        includeAdult: await adultAllowed(request, q.ac),
        now: at,
        offset: q.offset,
        limit: q.limit,
      };
      if (kind === 'free') {
        query.onlyTitles = await freeTitles(db, at);
        query.shownBook = 'firstFree';
      }
      if (kind === 'newly') query.onlyTitles = await titlesReleasedSince(db, at - NEWLY_DAYS * 86_400_000, at);
      return rankingSlice(db, query);
    });
  bookRank('/book_rank/book_sales_rank', 'sales');
  bookRank('/book_rank/free_book_title_rank', 'free');
  bookRank('/book_rank/title_sales_rank', 'sales');
  bookRank('/book_rank/newly_book_sales_rank', 'newly');

  app.get('/rankings', { schema: { querystring: RankingsQuery, response: { 200: RankingPage } } }, async (request) => {
    const q = request.query;
    return rankingSlice(db, {
      term: q.term,
      basis: q.sort,
      pageTypes: pageTypeFilter(q.page_type),
      includeAdult: await adultAllowed(request, q.ac),
      now: now(),
      offset: q.lastRank ?? q.offset,
      limit: q.limit,
      thumbnailWidth: q.thumbnail_type,
    });
  });

  app.get('/rank/title/category', { schema: { querystring: CategoryRankQuery, response: { 200: RankingPage } } }, async (request) => {
    const q = request.query;
    return rankingSlice(db, {
      term: q.term_code,
      pageTypes: pageTypeFilter(q.category),
      includeAdult: await adultAllowed(request, q.ac),
      now: now(),
      offset: q.offset,
      limit: q.limit,
    });
  });
};
