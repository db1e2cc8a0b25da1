import { BookDetail, BookDetailQuery, BookIdPath, BookQuery } from '@hondana/domain/catalog/books-api';
import { notFound } from '@hondana/domain/common/errors';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { adultAllowed } from '../accounts/adult-access';
import { sessionUser } from '../accounts/session-plugin';
import type { BookRouteContext } from './book-route-context';
import * as books from './books.service';

type BookDetailBody = z.infer<typeof BookDetail>;

/** §7 "Books": one volume's detail, the store's hottest answer (a guest's written once and sent again while it holds). */
export function bookDetailRoutes(base: FastifyInstance, { db, now }: BookRouteContext): void {
  const app = base.withTypeProvider<ZodTypeProvider>();
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
}
