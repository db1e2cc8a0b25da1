import {
  FinishReadBody,
  FinishReadResult,
  PastLastPageBody,
  PastLastPageResult,
  StoredReadingPage,
  SyncPageBody,
  SyncPageQuery,
  SyncPageResult,
} from '@hondana/domain/reading/reading-api';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { memberFirst, requireUser } from '../accounts/session-plugin';
import * as progress from './progress.service';
import { AcQuery, type ReadingRouteContext, acOf, personal } from './reading-route-context';

/** §7 a member's progress in a book: the page they are on (read and saved), finishing it and going past its last page. */
export function readingProgressRoutes(base: FastifyInstance, { db, now, load }: ReadingRouteContext): void {
  const app = base.withTypeProvider<ZodTypeProvider>();
  app.get('/book/sync_page', { schema: { querystring: SyncPageQuery, response: { 200: StoredReadingPage } } }, async (request, reply) => {
    const user = await requireUser(request);
    const q = request.query;
    const { book } = await load(request, q.book_id, q.ac);
    // §7: a GET that names reading_page (and font) saves it, as the POST does.
    if (q.reading_page !== undefined) await progress.syncPage(db, user.userId, book, { ...q, reading_page: q.reading_page }, now());
    personal(reply);
    return progress.readingPage(db, user.userId, q.book_id);
  });

  /** JSON, form or text/plain (sendBeacon) bodies alike. */
  app.post(
    '/book/sync_page',
    { preValidation: memberFirst, schema: { querystring: AcQuery, body: SyncPageBody, response: { 200: SyncPageResult } } },
    async (request) => {
      const user = await requireUser(request);
      const body = request.body;
      const { book } = await load(request, body.book_id, acOf(body.ac, request.query));
      return progress.syncPage(db, user.userId, book, body, now());
    },
  );

  app.post(
    '/finish_read/register',
    { preValidation: memberFirst, schema: { querystring: AcQuery, body: FinishReadBody, response: { 200: FinishReadResult } } },
    async (request) => {
      const user = await requireUser(request);
      const body = request.body;
      const { book } = await load(request, body.book_id, acOf(body.ac, request.query));
      return progress.finishRead(db, user.userId, book, body.reading_page, now());
    },
  );

  /** §4 reading progress: past the last page of the latest volume held, the newly notice goes on (once). */
  app.post(
    '/reading/past_last_page',
    { preValidation: memberFirst, schema: { querystring: AcQuery, body: PastLastPageBody, response: { 200: PastLastPageResult } } },
    async (request) => {
      const user = await requireUser(request);
      const body = request.body;
      const { book } = await load(request, body.book_id, acOf(body.ac, request.query));
      return progress.pastLastPage(db, user.userId, book, now());
    },
  );
}
