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
import { requireUser } from '../accounts/session-plugin';
import { adultAllowed } from '../accounts/adult-access';
import { parseInput } from '../../http/parse-input';
import { sendStored } from '../../http/stored-reply';
import { registerTokenEndpoints } from '../accounts/token-routes';
import { maxBookFinishRead, reservableBooks, userTitle } from './user-titles.service';
import { continueReading, hidePurpose, listShelf, setHidden, shelfOfTitle } from './bookshelf.service';
import { stillEntitled } from './offline-check.repository';

/** The member's bookshelf: every call is under /me, 401 for a guest, and reads only the session's member. */
export const bookshelfRoutes: FastifyPluginAsync = async (base) => {
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

  app.get('/user_books/me', { schema: { response: { 200: UserBooksResponse } } }, async (request) => {
    const user = await requireUser(request);
    const q = parseInput(UserBooksQuery, request);
    return listShelf(db, { userId: user.userId, includeAdult: await adultAllowed(request, q.ac), now: now() }, q);
  });

  app.get('/user_books/me/by_title', { schema: { response: { 200: UserBooksByTitleResponse } } }, async (request) => {
    await requireUser(request);
    const q = parseInput(UserBooksByTitleQuery, request);
    return shelfOfTitle(db, await viewer(request, q.ac), q.title_id);
  });

  app.get('/user_books/me/continue', { schema: { response: { 200: ContinueResponse } } }, async (request) => {
    await requireUser(request);
    const q = parseInput(ContinueQuery, request);
    return continueReading(db, await viewer(request, q.ac), q.limit);
  });

  // A device's offline copies: the books it may keep (the member's own, released, not cancelled).
  app.get('/user_books/me/offline', { schema: { response: { 200: OfflineCheckResponse } } }, async (request, reply) => {
    const user = await requireUser(request);
    const q = parseInput(OfflineCheckQuery, request);
    reply.header('cache-control', 'private, no-store');
    return stillEntitled(db, user.userId, q.book_ids, now());
  });
  const titleCall = async (request: FastifyRequest) => {
    await requireUser(request);
    const q = parseInput(UserTitleQuery, request);
    return { v: await viewer(request, q.ac), titleId: q.title_id };
  };
  app.get('/user_titles/get_max_book_finish_read', { schema: { response: { 200: MaxBookFinishRead } } }, async (request) => {
    const { v, titleId } = await titleCall(request);
    return maxBookFinishRead(db, v, titleId);
  });
  app.get('/user_titles/get_reservable_books', { schema: { response: { 200: ReservableBooks } } }, async (request) => {
    const { v, titleId } = await titleCall(request);
    return reservableBooks(db, v, titleId);
  });
  app.get('/user_titles/me/by_title', { schema: { response: { 200: UserTitle } } }, async (request) => {
    const { v, titleId } = await titleCall(request);
    return userTitle(db, v, titleId);
  });

  for (const [path, hidden] of [['/user_books/me/hide', true], ['/user_books/me/unhide', false]] as const) {
    app.post(path, { schema: { response: { 200: HideBooksResponse } } }, async (request, reply) => {
      const user = await requireUser(request);
      const { token, book_ids } = parseInput(HideBooksInput, request);
      const result = await setHidden(db, { userId: user.userId, token, bookIds: book_ids, hidden, now: now() });
      return sendStored(reply, result);
    });
  }
};
