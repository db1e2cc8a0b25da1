import { AppError, ErrorCode, notFound } from '@hondana/domain/common/errors';
import { LayoutType } from '@hondana/domain/catalog/catalog';
import { BookText, BookTextQuery } from '@hondana/domain/reading/reading-api';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { signFigureQuery, urlExpiry } from '../../media/signed-urls';
import { requireUser } from '../accounts/session-plugin';
import { bookText, figureHtml, offlineContents } from './book-text';
import { pageGrant } from './reading-access';
import { type ReadingRouteContext, personal } from './reading-route-context';
import { chaptersOf, textImagesOf } from './reading.repository';

/** §7 `/browser/book_text`: a text book's chapters (or one), its figures signed for the grant each chapter is read under, and saving it offline. */
export function bookTextRoutes(base: FastifyInstance, { db, now, mediaKey, load }: ReadingRouteContext): void {
  const app = base.withTypeProvider<ZodTypeProvider>();
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
}
