import {
  BookmarkBody,
  BookmarkDeleteQuery,
  BookmarkList,
  BookmarksQuery,
  ViewerSettings,
  ViewerSettingsPatch,
} from '@hondana/domain/reading/reading-api';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { memberFirst, requireUser } from '../accounts/session-plugin';
import * as progress from './progress.service';
import { AcQuery, type ReadingRouteContext, acOf, personal } from './reading-route-context';

/** §7 a member's bookmarks in a book (listed, added, removed) and their viewer settings. */
export function bookmarkRoutes(base: FastifyInstance, { db, now, load }: ReadingRouteContext): void {
  const app = base.withTypeProvider<ZodTypeProvider>();
  app.get('/bookmarks/me', { schema: { querystring: BookmarksQuery, response: { 200: BookmarkList } } }, async (request, reply) => {
    const user = await requireUser(request);
    await load(request, request.query.book_id, request.query.ac);
    personal(reply);
    return progress.bookmarks(db, user.userId, request.query.book_id);
  });

  app.post(
    '/bookmarks/me',
    { preValidation: memberFirst, schema: { querystring: AcQuery, body: BookmarkBody, response: { 200: BookmarkList } } },
    async (request) => {
      const user = await requireUser(request);
      const body = request.body;
      const { book } = await load(request, body.book_id, acOf(body.ac, request.query));
      return progress.addBookmark(db, user.userId, book, body.page, now());
    },
  );

  app.delete('/bookmarks/me', { schema: { querystring: BookmarkDeleteQuery, response: { 200: BookmarkList } } }, async (request) => {
    const user = await requireUser(request);
    await load(request, request.query.book_id, request.query.ac);
    return progress.removeBookmark(db, user.userId, request.query.book_id, request.query.page);
  });

  app.get('/viewer_settings/me', { schema: { response: { 200: ViewerSettings } } }, async (request, reply) => {
    const user = await requireUser(request);
    personal(reply);
    return progress.viewerSettings(db, user.userId);
  });

  app.put(
    '/viewer_settings/me',
    { preValidation: memberFirst, schema: { body: ViewerSettingsPatch, response: { 200: ViewerSettings } } },
    async (request) => {
      const user = await requireUser(request);
      return progress.updateViewerSettings(db, user.userId, request.body, now());
    },
  );
}
