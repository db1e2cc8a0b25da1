import { notFound } from '@hondana/domain/common/errors';
import { RECOMMENDATIONS_LIMIT } from '@hondana/domain/catalog/rankings';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { rowId } from '@hondana/domain/common/ids';
import { requireUser } from '../accounts/session-plugin';
import { adultAllowed } from '../accounts/adult-access';
import { AcParam, limitParam } from './rankings.routes';
import { bookToBook, userToBook } from './recommendations.service';
import { type RecommendedBook, RecommendedBooks } from '@hondana/domain/catalog/recommendations-api';

const Flag = z.enum(['0', '1', 'true', 'false']).transform((v) => v === '1' || v === 'true');
const Id = rowId;

const BookToBookQuery = z.object({
  ac: AcParam,
  id: Id,
  genre_ids: z
    .string()
    .regex(/^\d{1,9}(,\d{1,9})*$/, 'must be genre ids separated by commas')
    .transform((s) => s.split(',').map(Number))
    .optional(),
  limit: limitParam(RECOMMENDATIONS_LIMIT),
  /**
   * §7 fondness_source_type: the kinds of fondness to recommend from, comma separated —
   * `together` (bought or read by the same people), `author` (same author), `genre` (same
   * genre); all three when absent.
   */
  fondness_source_type: z
    .string()
    .regex(/^(together|author|genre)(,(together|author|genre))*$/, 'must be together, author or genre, separated by commas')
    .transform((s) => [...new Set(s.split(','))] as ('together' | 'author' | 'genre')[])
    .optional(),
  /** §7 exclude_source: 1 (the default) leaves the source book's title out; 0 lets its other volumes lead the list. */
  exclude_source: Flag.default(true),
  free_flg: Flag.default(false),
});

const UserToBookQuery = z.object({
  ac: AcParam,
  /** Module id (§7 "module id"): which top-page module asks; does not change the result. */
  id: z.string().max(50).optional(),
  limit: limitParam(RECOMMENDATIONS_LIMIT),
  free_flg: Flag.default(false),
  shuffle_flg: Flag.default(false),
  exclude_adult_flg: Flag.default(false),
});

function shuffle<T>(list: T[]): T[] {
  for (let i = list.length - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * (i + 1));
    [list[i], list[j]] = [list[j]!, list[i]!];
  }
  return list;
}

/** §7 "Recommendations". */
export const recommendationsRoutes: FastifyPluginAsync = async (base) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps.database;
  const now = () => app.deps.clock().getTime();

  app.get('/recommend/book_to_book', { schema: { querystring: BookToBookQuery, response: { 200: RecommendedBooks } } }, async (request) => {
    const q = request.query;
    const books = await bookToBook(db, {
      bookId: q.id,
      limit: q.limit,
      includeAdult: await adultAllowed(request, q.ac),
      freeOnly: q.free_flg,
      genreIds: q.genre_ids,
      fondness: q.fondness_source_type,
      excludeSource: q.exclude_source,
      now: now(),
    });
    if (!books) throw notFound();
    return { totalCount: books.length, books };
  });

  app.get('/recommend/user_to_book', { schema: { querystring: UserToBookQuery, response: { 200: RecommendedBooks } } }, async (request) => {
    const user = await requireUser(request);
    const q = request.query;
    const books: RecommendedBook[] = await userToBook(db, {
      userId: user.userId,
      limit: q.limit,
      includeAdult: !q.exclude_adult_flg && (await adultAllowed(request, q.ac)),
      freeOnly: q.free_flg,
      now: now(),
    });
    return { totalCount: books.length, books: q.shuffle_flg ? shuffle(books) : books };
  });
};
