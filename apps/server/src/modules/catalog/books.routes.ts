import {
  BookDetailQuery,
  BookIdPath,
  BookInfosQuery,
  BookQuery,
  BookV3Query,
  BooksByTitleQuery,
  BooksQuery,
  BooksV3Query,
  NextBookQuery,
} from '@hondana/domain/catalog/books-api';
import { notFound } from '@hondana/domain/common/errors';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { sessionUser } from '../accounts/session-plugin';
import { adultAllowed } from '../accounts/adult-access';
import * as books from './books.service';

/** Books (§7 "Books"). An unknown book, or an R18 one the viewer may not see, is 404 NOT_FOUND. */
export const booksRoutes: FastifyPluginAsync = async (base) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps.database;
  const now = () => app.deps.clock().getTime();

  const detail = async (request: FastifyRequest, bookId: number, ac: number, salable = false) => {
    // No cookie, no lookup: a guest's detail stays the kept, pre-serialised one.
    const user = await sessionUser(request);
    const book = await books.getBookDetail(db, {
      bookId,
      includeAdult: await adultAllowed(request, ac),
      userId: user?.userId ?? null,
      now: now(),
    });
    if (!book || (salable && !book.salable)) throw notFound('book');
    return book;
  };
  /** The JSON of each kept (frozen) book detail, written once: the hottest response of the store. */
  const detailJson = new WeakMap<object, string>();
  const sendDetail = (reply: FastifyReply, book: object) => {
    let body = detailJson.get(book);
    if (body === undefined) detailJson.set(book, (body = JSON.stringify(book)));
    return reply.type('application/json; charset=utf-8').send(body);
  };

  app.get('/books/:book_id', { schema: { params: BookIdPath, querystring: BookQuery } }, async (request, reply) =>
    sendDetail(reply, await detail(request, request.params.book_id, request.query.ac, request.query.salable)),
  );

  app.get('/book/detail', { schema: { querystring: BookDetailQuery } }, async (request, reply) => {
    // Only single volumes (book_type 0) exist; bundles come with the cart.
    if (request.query.book_type !== 0) throw notFound('book');
    return sendDetail(reply, await detail(request, request.query.book_id, request.query.ac));
  });

  app.get('/books', { schema: { querystring: BooksQuery } }, async (request) => {
    const { ac, book_id, salable } = request.query;
    const list = await books.getBookDetails(db, {
      bookIds: book_id,
      includeAdult: await adultAllowed(request, ac),
      salableOnly: salable,
      now: now(),
    });
    return { totalCount: list.length, books: list };
  });

  app.get('/books/v3/:book_id', { schema: { params: BookIdPath, querystring: BookV3Query } }, async (request) => {
    const { ac, sales_status } = request.query;
    const [book] = await books.getBooksV3(db, {
      bookIds: [request.params.book_id],
      includeAdult: await adultAllowed(request, ac),
      salesStatus: sales_status,
      now: now(),
    });
    if (!book) throw notFound('book');
    return book;
  });

  app.get('/books/v3', { schema: { querystring: BooksV3Query } }, async (request) => {
    const { ac, book_id, sales_status } = request.query;
    const list = await books.getBooksV3(db, {
      bookIds: book_id,
      includeAdult: await adultAllowed(request, ac),
      salesStatus: sales_status,
      now: now(),
    });
    return { totalCount: list.length, books: list };
  });

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

  app.get('/books/by_title/v3', { schema: { querystring: BooksByTitleQuery } }, async (request) =>
    byTitle(request, request.query),
  );

  /** The older list: the same volumes with Book detail's names (bookId, bookTitle). */
  app.get('/books/by_title', { schema: { querystring: BooksByTitleQuery } }, async (request) => {
    const page = await byTitle(request, request.query);
    const details = await books.getBookDetails(db, {
      bookIds: page.books.map((b) => b.id),
      includeAdult: await adultAllowed(request, request.query.ac),
      salableOnly: false,
      now: now(),
    });
    return { totalCount: page.totalCount, books: details };
  });

  app.get('/books/next_book', { schema: { querystring: NextBookQuery } }, async (request) => {
    const { ac, book_id } = request.query;
    const next = await books.getNextBook(db, {
      bookId: book_id,
      includeAdult: await adultAllowed(request, ac),
      now: now(),
    });
    if (!next) throw notFound('book');
    return next;
  });

  app.get('/book_infos', { schema: { querystring: BookInfosQuery } }, async (request) => {
    const { ac, book_id } = request.query;
    const list = await books.getBookInfos(db, {
      bookIds: book_id,
      includeAdult: await adultAllowed(request, ac),
      now: now(),
    });
    return { totalCount: list.length, bookInfos: list };
  });
};
