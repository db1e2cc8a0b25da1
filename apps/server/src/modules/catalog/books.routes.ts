import {
  BookDetail,
  BookDetailList,
  BookDetailQuery,
  BookIdPath,
  BookInfoList,
  BookInfosQuery,
  BookQuery,
  BookV3,
  BookV3List,
  BookV3Query,
  BooksByTitleQuery,
  BooksQuery,
  BooksV3Query,
  NextBook,
  NextBookQuery,
} from '@hondana/domain/catalog/books-api';
import { notFound } from '@hondana/domain/common/errors';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';

type BookDetailBody = z.infer<typeof BookDetail>;
import { sessionUser } from '../accounts/session-plugin';
import { adultAllowed } from '../accounts/adult-access';
import * as books from './books.service';

/** Books (§7 "Books"). An unknown book, or an R18 one the viewer may not see, is 404 NOT_FOUND. */
export const booksRoutes: FastifyPluginAsync = async (base) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps.database;
  const now = () => app.deps.clock().getTime();

  const detail = async (request: FastifyRequest, bookId: number, ac: number, salable = false) => {
    // No cookie, no lookup: a guest gets the kept catalog part with the bundle and point fields.
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
  // The hottest response of the store: fast-json-stringify writes it from the BookDetail schema;
  // a guest's answer is a kept object (`books.service.ts`, `guestAnswer`), written once and its
  // JSON sent again while it is the answer.
  const written = new WeakMap<BookDetailBody, string>();
  app.get(
    '/books/:book_id',
    { schema: { params: BookIdPath, querystring: BookQuery, response: { 200: BookDetail } } },
    async (request, reply) => {
      const book = await detail(request, request.params.book_id, request.query.ac, request.query.salable);
      if (!Object.isFrozen(book)) return book;
      let json = written.get(book);
      if (json === undefined) written.set(book, (json = String(reply.serialize(book))));
      // Sent as written: a string with a JSON type skips the serializer.
      return (reply as FastifyReply).type('application/json; charset=utf-8').send(json);
    },
  );

  app.get('/book/detail', { schema: { querystring: BookDetailQuery, response: { 200: BookDetail } } }, async (request) => {
    // Only single volumes (book_type 0) exist; bundles come with the cart.
    if (request.query.book_type !== 0) throw notFound('book');
    return detail(request, request.query.book_id, request.query.ac);
  });

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
};
