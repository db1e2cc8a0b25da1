import { AppError, ErrorCode, badRequest, notFound } from '@hondana/domain/common/errors';
import { LayoutType } from '@hondana/domain/catalog/catalog';
import {
  BookInfoV11Query,
  BookText,
  BookmarkList,
  FinishReadResult,
  PastLastPageResult,
  SokuyomiImage,
  StoredReadingPage,
  SyncPageResult,
  ViewerInfo,
  ViewerSettings,
  BookInfoV2Query,
  BookTextQuery,
  BookmarkBody,
  BookmarkDeleteQuery,
  BookmarksQuery,
  CustomSamplePath,
  CustomSampleQuery,
  FinishReadBody,
  PastLastPageBody,
  SokuyomiImageQuery,
  SyncPageBody,
  SyncPageQuery,
  ViewerSettingsPatch,
} from '@hondana/domain/reading/reading-api';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { memberFirst, requireUser, sessionUser } from '../accounts/session-plugin';
import { adultAllowed } from '../accounts/adult-access';
import { signFigureQuery, urlExpiry } from '../../media/signed-urls';
import { bookText, figureHtml, offlineContents } from './book-text';
import * as progress from './progress.service';
import { isAdultOnlyBook, loadReadingBook, pageGrant } from './reading-access';
import { chaptersOf, textImagesOf } from './reading.repository';
import { sokuyomiImage, viewerInfo } from './viewer-info.service';

/** The reader's POSTs' `ac` in the query (a form or a beacon may put it there rather than in the body). */
const AcQuery = BookmarksQuery.pick({ ac: true });

/** A text/plain body: JSON text (`{…}`), else form fields (`a=1&b=2`); empty is `{}`. */
function plainTextBody(body: string): unknown {
  const text = body.trim();
  if (!text.startsWith('{')) return Object.fromEntries(new URLSearchParams(text));
  try {
    return JSON.parse(text);
  } catch {
    throw badRequest('body', 'is not valid JSON');
  }
}

/** The reader (§7 `/browser/*`, `/book/sync_page`, `/finish_read/register`, bookmarks, settings). */
export const readingRoutes: FastifyPluginAsync = async (base) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps.database;
  const now = () => app.deps.clock().getTime();
  const mediaKey = app.deps.config.secrets.mediaUrlKey;
  // What `navigator.sendBeacon` sends for a string is text/plain: JSON text, or `a=1&b=2`. The
  // reader's calls read it as the JSON or the form it is, so their body schemas judge it alike.
  app.addContentTypeParser('text/plain', { parseAs: 'string' }, (_request, body, done) => {
    try {
      done(null, plainTextBody(body as string));
    } catch (error) {
      done(error as Error);
    }
  });

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
  /** A body's `ac`, or the query's (sendBeacon and forms may put it either way): `AcQuery` beside the body schema. */
  const acOf = (bodyAc: number, query: { ac: number }) => (bodyAc === 1 || query.ac === 1 ? 1 : 0);
  const personal = (reply: FastifyReply) => reply.header('cache-control', 'private, no-store');

  app.get('/browser/bookinfo/v2', { schema: { querystring: BookInfoV2Query, response: { 200: ViewerInfo } } }, async (request, reply) => {
    const { book, userId } = await load(request, request.query.bookId, request.query.ac);
    personal(reply);
    return viewerInfo(db, book, { userId, now: now(), mediaKey, customSampleOnly: false });
  });

  app.get(
    '/browser/bookinfo/v1.1',
    { schema: { querystring: BookInfoV11Query, response: { 200: ViewerInfo } } },
    async (request, reply) => {
      const { book, userId } = await load(request, request.query.cid, request.query.ac);
      personal(reply);
      return viewerInfo(db, book, { userId, now: now(), mediaKey, customSampleOnly: false });
    },
  );

  app.get(
    '/browser/sokuyomi_image',
    { schema: { querystring: SokuyomiImageQuery, response: { 200: SokuyomiImage } } },
    async (request, reply) => {
      const { book, userId } = await load(request, request.query.book_id, request.query.ac);
      const image = await sokuyomiImage(db, book, { userId, now: now(), mediaKey, customSampleOnly: false });
      if (!image) throw notFound('page');
      personal(reply);
      return image;
    },
  );

  app.get(
    '/browser/custom_sample/:book_id',
    { schema: { params: CustomSamplePath, querystring: CustomSampleQuery, response: { 200: ViewerInfo } } },
    async (request, reply) => {
      const { book, userId } = await load(request, request.params.book_id, request.query.ac);
      if (!book.detail.hasCustomSample) throw notFound('custom sample');
      personal(reply);
      return viewerInfo(db, book, { userId, now: now(), mediaKey, customSampleOnly: true });
    },
  );

  app.get('/browser/book_text', { schema: { querystring: BookTextQuery, response: { 200: BookText } } }, async (request, reply) => {
    const { book_id, chapter, offline } = request.query;
    // Saving for offline reading (decision 021): the member's own released book only, checked on
    // every part fetched; a guest is asked to log in before anything about the book is read.
    if (offline === 1) await requireUser(request);
    const { book, userId } = await load(request, book_id, request.query.ac);
    // A text book, or an image book with text pages (a colophon: its writing mode is set).
    if (book.volume.layoutType !== LayoutType.REFLOW && book.volume.writingMode === null) throw notFound('text');
    if (offline === 1 && !book.owned) throw new AppError(403, ErrorCode.FORBIDDEN);
    const [chapters, images] = await Promise.all([chaptersOf(db, book_id), textImagesOf(db, book_id)]);
    if (offline === 1 && chapter === undefined) {
      personal(reply);
      return offlineContents(book, chapters);
    }
    const byNo = new Map(images.map((image) => [image.imageNo, image]));
    const expiresAt = urlExpiry(now());
    // An image is shown only in its own chapter, signed for the grant that chapter is read under.
    const figure = (imageNo: number, chapterNo: number) => {
      const image = byNo.get(imageNo);
      const grant = image && image.chapterNo === chapterNo ? pageGrant(book, chapterNo, userId) : null;
      if (!image || !grant) return null;
      const query = `v=${book.volume.mediaVersion}&${signFigureQuery(mediaKey, book_id, imageNo, grant, expiresAt)}`;
      return figureHtml(book_id, image, query);
    };
    const text = bookText(book, chapters, chapter, figure);
    if (chapter !== undefined) {
      const [only] = text.chapters;
      if (!only) throw notFound('chapter');
      if (only.html === null) throw new AppError(403, ErrorCode.FORBIDDEN);
    }
    personal(reply);
    return text;
  });

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
};
