import { AppError, ErrorCode, notFound } from '@hondana/domain/common/errors';
import { BookmarksQuery } from '@hondana/domain/reading/reading-api';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { adultAllowed } from '../accounts/adult-access';
import { sessionUser } from '../accounts/session-plugin';
import { isAdultOnlyBook, loadReadingBook } from './reading-access';

/** The reader's POSTs' `ac` in the query (a form or a beacon may put it there rather than in the body). */
export const AcQuery = BookmarksQuery.pick({ ac: true });

/** A body's `ac`, or the query's (sendBeacon and forms may put it either way): `AcQuery` beside the body schema. */
export const acOf = (bodyAc: number, query: { ac: number }) => (bodyAc === 1 || query.ac === 1 ? 1 : 0);

/** A reader's answer is the member's own: never kept by a shared cache. */
export const personal = (reply: FastifyReply) => reply.header('cache-control', 'private, no-store');

/** What the reader's routes share, made once when they are registered: the database, the clock, the media key and `load`. */
export function readingRouteContext(app: FastifyInstance) {
  const { db } = app.deps.database;
  const now = () => app.deps.clock().getTime();
  const mediaKey = app.deps.config.secrets.mediaUrlKey;

  /**
   * The book as this requester may read it. R18 follows the store's rule (§6, `adultAllowed`):
   * only with `ac=1` from a member whose age is confirmed. Without `ac=1` it is unknown (404), as
   * titles and books answer; with `ac=1` but no confirmed age, 403 ADULT_CHECK_REQUIRED so the
   * viewer shows the age dialog (§4). NOT_POST stays unknown.
   */
  const load = async (request: FastifyRequest, bookId: number, ac: number) => {
    const user = await sessionUser(request);
    const book = await loadReadingBook(db, {
      bookId,
      userId: user?.userId ?? null,
      includeAdult: await adultAllowed(request, ac),
      now: now(),
    });
    if (!book) {
      if (ac === 1 && (await isAdultOnlyBook(db, bookId))) throw new AppError(403, ErrorCode.ADULT_CHECK_REQUIRED);
      throw notFound('book');
    }
    return { book, userId: user?.userId ?? null };
  };

  return { db, now, mediaKey, load };
}

export type ReadingRouteContext = ReturnType<typeof readingRouteContext>;
