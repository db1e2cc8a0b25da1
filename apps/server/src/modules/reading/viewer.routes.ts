import { notFound } from '@hondana/domain/common/errors';
import {
  BookInfoV11Query,
  BookInfoV2Query,
  CustomSamplePath,
  CustomSampleQuery,
  SokuyomiImage,
  SokuyomiImageQuery,
  ViewerInfo,
} from '@hondana/domain/reading/reading-api';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { type ReadingRouteContext, personal } from './reading-route-context';
import { sokuyomiImage, viewerInfo } from './viewer-info.service';

/** §7 `/browser/*`: what the viewer opens a book with (its pages' signed URLs), the first page's image and the custom sample. */
export function viewerRoutes(base: FastifyInstance, { db, now, mediaKey, load }: ReadingRouteContext): void {
  const app = base.withTypeProvider<ZodTypeProvider>();
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
}
