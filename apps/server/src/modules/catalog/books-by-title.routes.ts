import { BookDetailList, BookV3List, BooksByTitleQuery } from '@hondana/domain/catalog/books-api';
import { notFound } from '@hondana/domain/common/errors';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { adultAllowed } from '../accounts/adult-access';
import type { BookRouteContext } from './book-route-context';
import * as books from './books.service';

/** §7 "Books" of a title: a page of its volumes, in the v3 shape and in the older one. */
export function booksByTitleRoutes(base: FastifyInstance, { db, now }: BookRouteContext): void {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const byTitle = async (request: FastifyRequest, query: z.output<typeof BooksByTitleQuery>) => {
    const { ac, title_id, sales_status, offset, limit, sort } = query;
    const page = await books.getBooksByTitle(db, {
      titleId: title_id,
      includeAdult: await adultAllowed(request, ac),
      salesStatus: sales_status,
      offset,
      limit,
      sort,
      now: now(),
    });
    if (!page) throw notFound('title');
    return page;
  };

  app.get('/books/by_title/v3', { schema: { querystring: BooksByTitleQuery, response: { 200: BookV3List } } }, async (request) =>
    byTitle(request, request.query),
  );

  /** The older list: the same volumes with Book detail's names (bookId, bookTitle). */
  app.get('/books/by_title', { schema: { querystring: BooksByTitleQuery, response: { 200: BookDetailList } } }, async (request) => {
    const page = await byTitle(request, request.query);
    const details = await books.getBookDetails(db, {
      bookIds: page.books.map((b) => b.id),
      includeAdult: await adultAllowed(request, request.query.ac),
      salableOnly: false,
      now: now(),
    });
    return { totalCount: page.totalCount, books: details };
  });
}
