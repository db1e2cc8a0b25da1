import {
  ContinueQuery,
  ContinueResponse,
  HideBooksInput,
  HideBooksResponse,
  MaxBookFinishRead,
  OfflineCheckQuery,
  OfflineCheckResponse,
  ReservableBooks,
  UserBooksByTitleQuery,
  UserBooksByTitleResponse,
  UserBooksQuery,
  UserBooksResponse,
  UserTitle,
  UserTitleQuery,
} from '@hondana/domain/bookshelf/bookshelf-api';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { memberFirst, requireUser } from '../accounts/session-plugin';
import { adultAllowed } from '../accounts/adult-access';
import { sendStored } from '../../http/stored-reply';
import { registerTokenEndpoints } from '../accounts/token.routes';
import { maxBookFinishRead, reservableBooks, userTitle } from './user-titles.service';
import { type SetBooksHidden, continueReading, hidePurpose, listShelf, setHidden, shelfOfTitle } from './bookshelf.service';
import { stillEntitled } from './offline-check.repository';

/**
 * The member's bookshelf: every call is under /me, 401 for a guest, and reads only the session's
 * member. `app.ts` passes orders' `setBooksHidden` (a hidden book is a flag on orders' `user_books`).
 */
export const bookshelfRoutes: FastifyPluginAsync<{ setBooksHidden: SetBooksHidden }> = async (base, { setBooksHidden }) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps.database;
  const now = () => app.deps.clock().getTime();

  registerTokenEndpoints(app, {
    '/user_books/me/hide/create_token': hidePurpose(true),
    '/user_books/me/unhide/create_token': hidePurpose(false),
  });

  const viewer = async (request: FastifyRequest, ac: number) => {
    const user = await requireUser(request);
    return { userId: user.userId, includeAdult: await adultAllowed(request, ac), now: now() };
  };

  app.get(
    '/user_books/me',
    { preValidation: memberFirst, schema: { querystring: UserBooksQuery, response: { 200: UserBooksResponse } } },
    async (request) => {
      const user = await requireUser(request);
      const q = request.query;
      return listShelf(db, { userId: user.userId, includeAdult: await adultAllowed(request, q.ac), now: now() }, q);
    },
  );

  app.get(
    '/user_books/me/by_title',
    { preValidation: memberFirst, schema: { querystring: UserBooksByTitleQuery, response: { 200: UserBooksByTitleResponse } } },
    async (request) => shelfOfTitle(db, await viewer(request, request.query.ac), request.query.title_id),
  );

  app.get(
    '/user_books/me/continue',
    { preValidation: memberFirst, schema: { querystring: ContinueQuery, response: { 200: ContinueResponse } } },
    async (request) => continueReading(db, await viewer(request, request.query.ac), request.query.limit),
  );

  // A device's offline copies: the books it may keep (the member's own, released, not cancelled).
  app.get(
    '/user_books/me/offline',
    { preValidation: memberFirst, schema: { querystring: OfflineCheckQuery, response: { 200: OfflineCheckResponse } } },
    async (request, reply) => {
      const user = await requireUser(request);
      reply.header('cache-control', 'private, no-store');
      return stillEntitled(db, user.userId, request.query.book_ids, now());
    },
  );
  app.get(
    '/user_titles/get_max_book_finish_read',
    { preValidation: memberFirst, schema: { querystring: UserTitleQuery, response: { 200: MaxBookFinishRead } } },
    async (request) => maxBookFinishRead(db, await viewer(request, request.query.ac), request.query.title_id),
  );
  app.get(
    '/user_titles/get_reservable_books',
    { preValidation: memberFirst, schema: { querystring: UserTitleQuery, response: { 200: ReservableBooks } } },
    async (request) => reservableBooks(db, await viewer(request, request.query.ac), request.query.title_id),
  );
  app.get(
    '/user_titles/me/by_title',
    { preValidation: memberFirst, schema: { querystring: UserTitleQuery, response: { 200: UserTitle } } },
    async (request) => userTitle(db, await viewer(request, request.query.ac), request.query.title_id),
  );

  for (const [path, hidden] of [
    ['/user_books/me/hide', true],
    ['/user_books/me/unhide', false],
  ] as const) {
    // The store's page sends the token in the query and book_ids as a form; others send both as a form.
    app.post(
      path,
      { preValidation: memberFirst, config: { queryOrBody: true }, schema: { body: HideBooksInput, response: { 200: HideBooksResponse } } },
      async (request, reply) => {
        const user = await requireUser(request);
        const { token, book_ids } = request.body;
        const result = await setHidden(db, { userId: user.userId, token, bookIds: book_ids, hidden, now: now() }, setBooksHidden);
        return sendStored(reply, result);
      },
    );
  }
};
