import {
  ByMetaQuery,
  CategoryPageQuery,
  PageQuery,
  Serial,
  SerialByMeta,
  SerialIdsQuery,
  SerialList,
  SerialOsusumeList,
  SerialOsusumePage,
  SerialRankList,
  SerialReadRanks,
  SerialTypicals,
  TitleIdQuery,
} from '@hondana/domain/serials/serials-api';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sessionUser } from '../accounts/session-plugin';
import { parseInput } from '../../http/parse-input';
import { PageType, isPageType } from '@hondana/domain/catalog/catalog';
import { AppError, ErrorCode } from '@hondana/domain/common/errors';
import { pathId } from './path-id';
import * as discovery from './serial-discovery.service';
import { toSerial } from './serial-views';
import * as serials from './serials.service';

/**
 * §7 serial lists: by id, recents, read ranks, by title, by meta, typicals, osusumes and one
 * serial. Serials in an adult category are listed and served only to a member whose age is
 * confirmed (§4 adult gate, §6); one asked for directly answers 403 ADULT_CHECK_REQUIRED.
 */
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

  app.get('/serials', { schema: { response: { 200: SerialList } } }, async (request) => {
    const { serial_id } = parseInput(SerialIdsQuery, request);
    return { serials: await list(request, { ids: serial_id, order: 'recent', offset: 0, limit: 100 }) };
  });
  /** §8 CATEGORY_NOT_EXISTS: a serial's category is a §9 page type; `all` (or none) lists every one. */
  const categoryOf = (category: string | undefined): string | undefined => {
    if (category === undefined || category === PageType.ALL) return undefined;
    if (!isPageType(category)) throw new AppError(404, ErrorCode.CATEGORY_NOT_EXISTS, ['category: no such category']);
    return category;
  };
  app.get('/serials/recents', { schema: { response: { 200: SerialList } } }, async (request) => {
    const q = parseInput(CategoryPageQuery, request);
    return { serials: await list(request, { category: categoryOf(q.category), order: 'recent', offset: q.offset, limit: q.limit }) };
  });
  app.get('/serial_read_ranks', { schema: { response: { 200: SerialRankList } } }, async (request) => {
    const q = parseInput(CategoryPageQuery, request);
    const ranked = await list(request, { category: categoryOf(q.category), order: 'reads', offset: q.offset, limit: q.limit });
    return { ranks: ranked.map((serial, i) => ({ rank: q.offset + i + 1, serial })) };
  });
  app.get('/serials/by_title/:id', { schema: { response: { 200: SerialList } } }, async (request) => ({
    serials: await list(request, { titleId: pathId(request, 'title_id'), order: 'recent', offset: 0, limit: 20 }),
  }));
  app.get('/serials/by_title', { schema: { response: { 200: SerialList } } }, async (request) => {
    const { title_id } = parseInput(TitleIdQuery, request);
    return { serials: await list(request, { titleId: title_id, order: 'recent', offset: 0, limit: 20 }) };
  });
  app.get('/serials/by_meta', { schema: { response: { 200: SerialByMeta } } }, async (request) => {
    const q = parseInput(ByMetaQuery, request);
    return discovery.byMeta(db, { metaId: q.meta_id, offset: q.offset, limit: q.limit }, await visibility(request));
  });
  app.get('/serials/typicals', { schema: { response: { 200: SerialTypicals } } }, async (request) => discovery.typicals(db, await visibility(request)));
  app.get('/serial_osusumes', { schema: { response: { 200: SerialOsusumeList } } }, async (request) => discovery.osusumes(db, parseInput(PageQuery, request), await visibility(request)));
  app.get('/serial_osusumes/:id', { schema: { response: { 200: SerialOsusumePage } } }, async (request) => {
    const osusumeId = pathId(request, 'osusume_id');
    return discovery.osusume(db, osusumeId, parseInput(PageQuery, request), await visibility(request));
  });
  app.get('/serials/:id/read_ranks', { schema: { response: { 200: SerialReadRanks } } }, async (request) => discovery.readRanks(db, pathId(request, 'serial_id'), await visibility(request)));
  app.get('/serials/:id', { schema: { response: { 200: Serial } } }, async (request) => {
    const v = await visibility(request);
    return toSerial(await discovery.requireVisibleSerial(db, pathId(request, 'serial_id'), v), v.now);
  });
};
