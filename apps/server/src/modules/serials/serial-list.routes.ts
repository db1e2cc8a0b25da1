import {
  ByMetaQuery,
  CategoryPageQuery,
  PageQuery,
  Serial,
  SerialByMeta,
  SerialIdPath,
  SerialIdsQuery,
  SerialList,
  SerialOsusumeList,
  SerialOsusumePage,
  SerialRankList,
  SerialReadRanks,
  SerialTypicals,
  TitleIdQuery,
} from '@hondana/domain/serials/serials-api';
import { TitleIdPath } from '@hondana/domain/catalog/titles-api';
import { idParam } from '@hondana/domain/common/params';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sessionUser } from '../accounts/session-plugin';
import { PageType, isPageType } from '@hondana/domain/catalog/catalog';
import { AppError, ErrorCode } from '@hondana/domain/common/errors';
import * as discovery from './serial-discovery.service';
import { toSerial } from './serial-views';
import * as serials from './serials.service';

/**
 * §7 serial lists: by id, recents, read ranks, by title, by meta, typicals, osusumes and one
 * serial. Serials in an adult category are listed and served only to a member whose age is
 * confirmed (§4 adult gate, §6); one asked for directly answers 403 ADULT_CHECK_REQUIRED.
 */
/** `GET /serial_osusumes/{osusume_id}`. */
const OsusumeIdPath = z.object({ osusume_id: idParam });

export const serialListRoutes: FastifyPluginAsync = async (base) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps.database;
  const now = () => app.deps.clock().getTime();
  const visibility = async (request: FastifyRequest): Promise<discovery.Visibility> => ({
    includeAdult: (await sessionUser(request))?.adultState === 'ADULT',
    now: now(),
  });
  const list = async (request: FastifyRequest, q: Omit<Parameters<typeof serials.listSerials>[1], 'includeAdult'>) => {
    const v = await visibility(request);
    return serials.listSerials(db, { ...q, includeAdult: v.includeAdult }, v.now);
  };

  app.get('/serials', { schema: { querystring: SerialIdsQuery, response: { 200: SerialList } } }, async (request) => ({
    serials: await list(request, { ids: request.query.serial_id, order: 'recent', offset: 0, limit: 100 }),
  }));
  /** §8 CATEGORY_NOT_EXISTS: a serial's category is a §9 page type; `all` (or none) lists every one. */
  const categoryOf = (category: string | undefined): string | undefined => {
    if (category === undefined || category === PageType.ALL) return undefined;
    if (!isPageType(category)) throw new AppError(404, ErrorCode.CATEGORY_NOT_EXISTS, ['category: no such category']);
    return category;
  };
  app.get('/serials/recents', { schema: { querystring: CategoryPageQuery, response: { 200: SerialList } } }, async (request) => {
    const q = request.query;
    return { serials: await list(request, { category: categoryOf(q.category), order: 'recent', offset: q.offset, limit: q.limit }) };
  });
  app.get('/serial_read_ranks', { schema: { querystring: CategoryPageQuery, response: { 200: SerialRankList } } }, async (request) => {
    const q = request.query;
    const ranked = await list(request, { category: categoryOf(q.category), order: 'reads', offset: q.offset, limit: q.limit });
    return { ranks: ranked.map((serial, i) => ({ rank: q.offset + i + 1, serial })) };
  });
  app.get('/serials/by_title/:title_id', { schema: { params: TitleIdPath, response: { 200: SerialList } } }, async (request) => ({
    serials: await list(request, { titleId: request.params.title_id, order: 'recent', offset: 0, limit: 20 }),
  }));
  app.get('/serials/by_title', { schema: { querystring: TitleIdQuery, response: { 200: SerialList } } }, async (request) => ({
    serials: await list(request, { titleId: request.query.title_id, order: 'recent', offset: 0, limit: 20 }),
  }));
  app.get('/serials/by_meta', { schema: { querystring: ByMetaQuery, response: { 200: SerialByMeta } } }, async (request) => {
    const q = request.query;
    return discovery.byMeta(db, { metaId: q.meta_id, offset: q.offset, limit: q.limit }, await visibility(request));
  });
  app.get('/serials/typicals', { schema: { response: { 200: SerialTypicals } } }, async (request) =>
    discovery.typicals(db, await visibility(request)),
  );
  app.get('/serial_osusumes', { schema: { querystring: PageQuery, response: { 200: SerialOsusumeList } } }, async (request) =>
    discovery.osusumes(db, request.query, await visibility(request)),
  );
  app.get(
    '/serial_osusumes/:osusume_id',
    { schema: { params: OsusumeIdPath, querystring: PageQuery, response: { 200: SerialOsusumePage } } },
    async (request) => discovery.osusume(db, request.params.osusume_id, request.query, await visibility(request)),
  );
  app.get('/serials/:serial_id/read_ranks', { schema: { params: SerialIdPath, response: { 200: SerialReadRanks } } }, async (request) =>
    discovery.readRanks(db, request.params.serial_id, await visibility(request)),
  );
  app.get('/serials/:serial_id', { schema: { params: SerialIdPath, response: { 200: Serial } } }, async (request) => {
    const v = await visibility(request);
    return toSerial(await discovery.requireVisibleSerial(db, request.params.serial_id, v), v.now);
  });
};
