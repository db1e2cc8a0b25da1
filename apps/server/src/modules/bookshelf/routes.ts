import { ContinueQuery, HideBooksInput, OfflineCheckQuery, UserBooksByTitleQuery, UserBooksQuery, UserTitleQuery } from '@hondana/domain/bookshelf/bookshelf-api';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { requireUser } from '../accounts/session-plugin';
import { adultAllowed } from '../accounts/adult-access';
import { parseInput } from '../../http/parse-input';
import { registerTokenEndpoints } from '../accounts/token-routes';
import { maxBookFinishRead, reservableBooks, userTitle } from './user-titles.service';
import { continueReading, hidePurpose, listShelf, setHidden, shelfOfTitle } from './bookshelf.service';
import { stillEntitled } from './offline-check.repository';

/** The member's bookshelf: every call is under /me, 401 for a guest, and reads only the session's member. */
export const bookshelfRoutes: FastifyPluginAsync = async (app) => {
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

  app.get('/user_books/me', async (request) => {
    const user = await requireUser(request);
    const q = parseInput(UserBooksQuery, request);
    return listShelf(db, { userId: user.userId, includeAdult: await adultAllowed(request, q.ac), now: now() }, q);
  });

  app.get('/user_books/me/by_title', async (request) => {
    await requireUser(request);
    const q = parseInput(UserBooksByTitleQuery, request);
    return shelfOfTitle(db, await viewer(request, q.ac), q.title_id);
  });

  app.get('/user_books/me/continue', async (request) => {
    await requireUser(request);
    const q = parseInput(ContinueQuery, request);
    return continueReading(db, await viewer(request, q.ac), q.limit);
  });

  // A device's offline copies: the books it may keep (the member's own, released, not cancelled).
  app.get('/user_books/me/offline', async (request, reply) => {
    const user = await requireUser(request);
    const q = parseInput(OfflineCheckQuery, request);
    reply.header('cache-control', 'private, no-store');
    return stillEntitled(db, user.userId, q.book_ids, now());
  });
  for (const [path, answer] of [
    ['/user_titles/get_max_book_finish_read', maxBookFinishRead],
    ['/user_titles/get_reservable_books', reservableBooks],
    ['/user_titles/me/by_title', userTitle],
  ] as const) {
    app.get(path, async (request) => {
      await requireUser(request);
      const q = parseInput(UserTitleQuery, request);
      return answer(db, await viewer(request, q.ac), q.title_id);
    });
  }

  for (const [path, hidden] of [['/user_books/me/hide', true], ['/user_books/me/unhide', false]] as const) {
    app.post(path, async (request, reply) => {
      const user = await requireUser(request);
      const { token, book_ids } = parseInput(HideBooksInput, request);
      const result = await setHidden(db, { userId: user.userId, token, bookIds: book_ids, hidden, now: now() });
      return reply.status(result.status).send(result.body);
    });
  }
};
