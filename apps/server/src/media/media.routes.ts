import { isSamplePage, parseCustomSample, priceAt } from '@hondana/domain/catalog/catalog';
import { AppError, ErrorCode } from '@hondana/domain/common/errors';
import type { FastifyInstance, FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { bookMediaRow, episodePageCount, pageAccessRow } from './media-access.repository';
import { MediaService } from './media.service';
import {
  BANNER_WIDTHS,
  COVER_WIDTHS,
  IMAGE_FORMATS,
  type ImageFormat,
  type MediaRef,
  PAGE_WIDTHS,
  SERIAL_WIDTHS,
  contentTypes,
} from './media-spec';
import { serialImageVersion, textImage } from './media-originals.repository';
import { type PageGrant, verifyEpisodeQuery, verifyFigureQuery, verifyPageQuery } from './signed-urls';

/**
 * What the media routes ask the areas that grant reading (a held book, a rented episode): the
 * signed URL's grant is checked again when a page is served, so a URL dies with the right to
 * read. `app.ts` wires the reading and serials areas' answers in.
 */
interface MediaGrants {
  /** Which of the books the member holds now. */
  heldBookIds(db: Kysely<Database>, userId: number, bookIds: readonly number[]): Promise<Set<number>>;
  /** Whether an episode's page may still be served under the grant at `now`. */
  canServeEpisodePage(db: Kysely<Database>, grant: PageGrant, episodeId: number, now: number): Promise<boolean>;
}

/** A book's fields that decide who may see which page. */
interface PageAccessBook {
  bookId: number;
  pageCount: number;
  samplePageTotal: number;
  customSamplePages: number[] | null;
  /** Free to read at the request's instant (and released). */
  freeNow: boolean;
  released: boolean;
}

/**
 * Whether a page may be served under the grant its signed URL carries: a sample page
 * to anyone, any page of a book free now to anyone, any page to a member who still holds the
 * book (checked again here, so a URL dies with the entitlement). The signature and expiry are
 * checked before this by `verifyPageQuery`.
 */
async function canServePage(
  grants: MediaGrants,
  db: Kysely<Database>,
  grant: PageGrant,
  book: PageAccessBook,
  page: number,
): Promise<boolean> {
  switch (grant.kind) {
    case 'sample':
      return isSamplePage(page, book.samplePageTotal, book.customSamplePages);
    case 'free':
      return book.freeNow && book.released;
    case 'member':
      return book.released && (await grants.heldBookIds(db, grant.userId, [book.bookId])).has(book.bookId);
  }
}

/** The fields of a book that decide page access at `now`; null for an unknown book. */
async function loadPageAccess(db: Kysely<Database>, bookId: number, now: number): Promise<PageAccessBook | null> {
  const book = await pageAccessRow(db, bookId);
  if (!book) return null;
  return {
    bookId,
    pageCount: book.pageCount,
    samplePageTotal: book.samplePageTotal,
    customSamplePages: parseCustomSample(book.customSamplePages),
    released: book.startDatetime <= now,
    freeNow: priceAt({ ...book, freeFlg: book.freeFlg === 1 }, now).free,
  };
}

const YEAR = 31_536_000;

/** Cached until the signed URL expires; a member's pages only by their own browser. */
const signedCache = (signed: { expiresAt: number; grant: PageGrant }, now: number) =>
  `${signed.grant.kind === 'member' ? 'private' : 'public'}, max-age=${Math.max(0, Math.floor((signed.expiresAt - now) / 1000))}`;
const DAY = 86_400;

const badRequest = (message: string) => new AppError(400, ErrorCode.BAD_REQUEST, [message]);
const notFound = () => new AppError(404, ErrorCode.NOT_FOUND);

function id(name: string, value: string): number {
  if (!/^[1-9]\d{0,9}$/.test(value) || Number(value) > 2_147_483_647) throw badRequest(`${name}: must be a positive integer`);
  return Number(value);
}

function pageNo(value: string): number {
  if (!/^(0|[1-9]\d{0,5})$/.test(value)) throw badRequest('page: must be an integer from 0');
  return Number(value);
}

/** `{width}.{format}`, the width one of `allowed`. */
function file(value: string, allowed: readonly number[]): { width: number; format: ImageFormat } {
  const m = /^(\d{1,5})\.([a-z]+)$/.exec(value);
  const format = m?.[2] as ImageFormat | undefined;
  if (!m || !format || !IMAGE_FORMATS.includes(format)) throw badRequest(`format: must be one of ${IMAGE_FORMATS.join(', ')}`);
  const width = Number(m[1]);
  if (!allowed.includes(width)) throw badRequest(`width: must be one of ${allowed.join(', ')}`);
  return { width, format };
}

/**
 * Media (not under /api): covers and serial images for everyone; book pages only through the
 * signed, short-lived URLs that GET /api/browser/bookinfo/v2 hands out (`canServePage`).
 * Cover URLs carrying the current `?v=` (books.media_version) are immutable.
 */
export const mediaRoutes: FastifyPluginAsync<{ grants: MediaGrants }> = async (app, { grants }) => {
  const { db } = app.deps.database;
  const { mediaUrlKey } = app.deps.config.secrets;
  const media = new MediaService(db, app.deps.media, app.deps.drawings);

  async function send(reply: FastifyReply, ref: MediaRef, cacheControl: string) {
    const data = await media.get(ref);
    if (!data) throw notFound();
    return reply.header('content-type', contentTypes[ref.format]).header('cache-control', cacheControl).send(data);
  }

  const versioned = (request: FastifyRequest, version: number) =>
    (request.query as { v?: string }).v === String(version) ? `public, max-age=${YEAR}, immutable` : `public, max-age=${DAY}`;

  app.get<{ Params: { bookId: string; page: string; file: string } }>('/media/pages/:bookId/:page/:file', async (request, reply) => {
    const bookId = id('bookId', request.params.bookId);
    const page = pageNo(request.params.page);
    const { width, format } = file(request.params.file, PAGE_WIDTHS);
    const now = app.deps.clock().getTime();
    const signed = verifyPageQuery(mediaUrlKey, bookId, page, request.query as Record<string, unknown>, now);
    if (!signed.ok) throw new AppError(403, ErrorCode.FORBIDDEN);
    const access = await loadPageAccess(db, bookId, now);
    if (!access || page >= access.pageCount) throw notFound();
    if (!(await canServePage(grants, db, signed.grant, access, page))) throw new AppError(403, ErrorCode.FORBIDDEN);
    return send(reply, { kind: 'page', bookId, page, width, format }, signedCache(signed, now));
  });

  // An image inside a text book's chapter: served to whoever may read its chapter (the chapter's
  // sample rule, a free book, or a member who still holds the book), as its signed URL says.
  app.get<{ Params: { bookId: string; image: string; file: string } }>('/media/figures/:bookId/:image/:file', async (request, reply) => {
    const bookId = id('bookId', request.params.bookId);
    const image = pageNo(request.params.image);
    const { width, format } = file(request.params.file, PAGE_WIDTHS);
    const now = app.deps.clock().getTime();
    const signed = verifyFigureQuery(mediaUrlKey, bookId, image, request.query as Record<string, unknown>, now);
    if (!signed.ok) throw new AppError(403, ErrorCode.FORBIDDEN);
    const [access, figure] = await Promise.all([loadPageAccess(db, bookId, now), textImage(db, bookId, image)]);
    if (!access || !figure) throw notFound();
    if (!(await canServePage(grants, db, signed.grant, access, figure.chapterNo))) throw new AppError(403, ErrorCode.FORBIDDEN);
    return send(reply, { kind: 'figure', bookId, image, width, format }, signedCache(signed, now));
  });

  app.get<{ Params: { episodeId: string; page: string; file: string } }>(
    '/media/episodes/:episodeId/:page/:file',
    async (request, reply) => {
      const episodeId = id('episodeId', request.params.episodeId);
      const page = pageNo(request.params.page);
      const { width, format } = file(request.params.file, PAGE_WIDTHS);
      const now = app.deps.clock().getTime();
      const signed = verifyEpisodeQuery(mediaUrlKey, episodeId, page, request.query as Record<string, unknown>, now);
      if (!signed.ok) throw new AppError(403, ErrorCode.FORBIDDEN);
      const episode = await episodePageCount(db, episodeId);
      if (!episode || page >= episode.page_count) throw notFound();
      // The right to read is checked again now: a rental that ended stops its URLs.
      if (!(await grants.canServeEpisodePage(db, signed.grant, episodeId, now))) throw new AppError(403, ErrorCode.FORBIDDEN);
      return send(reply, { kind: 'episode', episodeId, page, width, format }, signedCache(signed, now));
    },
  );

  publicImageRoutes(app, db, send, versioned);
};

/** Images anyone may see: covers (kept for good at their current `v`), serials' key visuals and the console's banners. */
function publicImageRoutes(
  app: FastifyInstance,
  db: Kysely<Database>,
  send: (reply: FastifyReply, ref: MediaRef, cacheControl: string) => Promise<FastifyReply>,
  versioned: (request: FastifyRequest, version: number) => string,
): void {
  async function bookAccess(bookId: number) {
    const book = await bookMediaRow(db, bookId);
    if (!book) throw notFound();
    return book;
  }

  app.get<{ Params: { bookId: string; file: string } }>('/media/covers/:bookId/:file', async (request, reply) => {
    const bookId = id('bookId', request.params.bookId);
    const { width, format } = file(request.params.file, COVER_WIDTHS);
    const book = await bookAccess(bookId);
    return send(reply, { kind: 'cover', bookId, width, format }, versioned(request, book.media_version));
  });

  app.get<{ Params: { serialId: string; file: string } }>('/media/serials/:serialId/:file', async (request, reply) => {
    const serialId = id('serialId', request.params.serialId);
    const { width, format } = file(request.params.file, SERIAL_WIDTHS);
    // An uploaded key visual's addresses carry its version: kept for good when `v` is the current one.
    const version = await serialImageVersion(db, serialId);
    if (version === null) throw notFound();
    return send(reply, { kind: 'serial', serialId, width, format }, versioned(request, version));
  });

  // A banner image the console uploaded: an id's image never changes (a new upload is a new id).
  app.get<{ Params: { imageId: string; file: string } }>('/media/banners/:imageId/:file', async (request, reply) => {
    const imageId = id('imageId', request.params.imageId);
    const { width, format } = file(request.params.file, BANNER_WIDTHS);
    return send(reply, { kind: 'banner', imageId, width, format }, `public, max-age=${YEAR}, immutable`);
  });
}
