import {
  BookDetailList,
  BookIdPath,
  BookInfoList,
  BookInfosQuery,
  BookV3,
  BookV3List,
  BookV3Query,
  BooksQuery,
  BooksV3Query,
  NextBook,
  NextBookQuery,
} from '@hondana/domain/catalog/books-api';
import { notFound } from '@hondana/domain/common/errors';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { adultAllowed } from '../accounts/adult-access';
import type { BookRouteContext } from './book-route-context';
import * as books from './books.service';

/** §7 "Books" by id: several volumes' details, the v3 shape (one or several), their infos and the volume after one. */
export function bookListRoutes(base: FastifyInstance, { db, now }: BookRouteContext): void {
  const app = base.withTypeProvider<ZodTypeProvider>();
  app.get('/books', { schema: { querystring: BooksQuery, response: { 200: BookDetailList } } }, async (request) => {
    const { ac, book_id, salable } = request.query;
    const list = await books.getBookDetails(db, {
      bookIds: book_id,
      includeAdult: await adultAllowed(request, ac),
      salableOnly: salable,
      now: now(),
    });
    return { totalCount: list.length, books: list };
  });

  app.get(
    '/books/v3/:book_id',
    { schema: { params: BookIdPath, querystring: BookV3Query, response: { 200: BookV3 } } },
    async (request) => {
      const { ac, sales_status } = request.query;
      const [book] = await books.getBooksV3(db, {
        bookIds: [request.params.book_id],
        includeAdult: await adultAllowed(request, ac),
        salesStatus: sales_status,
        now: now(),
      });
      if (!book) throw notFound('book');
      return book;
    },
  );

  app.get('/books/v3', { schema: { querystring: BooksV3Query, response: { 200: BookV3List } } }, async (request) => {
    const { ac, book_id, sales_status } = request.query;
    const list = await books.getBooksV3(db, {
      bookIds: book_id,
      includeAdult: await adultAllowed(request, ac),
      salesStatus: sales_status,
      now: now(),
    });
    return { totalCount: list.length, books: list };
  });

  app.get('/books/next_book', { schema: { querystring: NextBookQuery, response: { 200: NextBook } } }, async (request) => {
    const { ac, book_id } = request.query;
    const next = await books.getNextBook(db, {
      bookId: book_id,
      includeAdult: await adultAllowed(request, ac),
      now: now(),
    });
    if (!next) throw notFound('book');
    return next;
  });

  app.get('/book_infos', { schema: { querystring: BookInfosQuery, response: { 200: BookInfoList } } }, async (request) => {
    const { ac, book_id } = request.query;
    const list = await books.getBookInfos(db, {
      bookIds: book_id,
      includeAdult: await adultAllowed(request, ac),
      now: now(),
    });
    return { totalCount: list.length, bookInfos: list };
  });
}
