import { notFound } from '@hondana/domain/common/errors';
import {
  Title,
  TitleIdPath,
  TitleInfo,
  TitleInfoList,
  TitleList,
  TitleListQuery,
  TitleNotes,
  TitleQuery,
  TitlesQuery,
} from '@hondana/domain/catalog/titles-api';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { adultAllowed } from '../accounts/adult-access';
import * as titles from './titles.service';

/** Titles (§7 "Titles"). An unknown title, or an R18 one the viewer may not see, is 404 NOT_FOUND. */
export const titlesRoutes: FastifyPluginAsync = async (base) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps.database;
  const now = () => app.deps.clock().getTime();

  app.get('/titles/:title_id', { schema: { params: TitleIdPath, querystring: TitleQuery, response: { 200: Title } } }, async (request) => {
    const title = await titles.getTitle(db, {
      titleId: request.params.title_id,
      includeAdult: await adultAllowed(request, request.query.ac),
      now: now(),
    });
    if (!title) throw notFound('title');
    return title;
  });

  app.get('/titles', { schema: { querystring: TitlesQuery, response: { 200: TitleList } } }, async (request) => {
    const list = await titles.getTitles(db, {
      titleIds: request.query.title_id,
      includeAdult: await adultAllowed(request, request.query.ac),
      now: now(),
    });
    return { totalCount: list.length, titles: list };
  });

  app.get(
    '/title_infos/:title_id',
    { schema: { params: TitleIdPath, querystring: TitleQuery, response: { 200: TitleInfo } } },
    async (request) => {
      const info = await titles.getTitleInfo(db, {
        titleId: request.params.title_id,
        includeAdult: await adultAllowed(request, request.query.ac),
        now: now(),
      });
      if (!info) throw notFound('title');
      return info;
    },
  );

  /** `GET /title_infos` and `/title/infos`: the infos of the listed titles (`title_id=1,2`), hidden and unknown ones left out. */
  for (const path of ['/title_infos', '/title/infos']) {
    app.get(path, { schema: { querystring: TitlesQuery, response: { 200: TitleInfoList } } }, async (request) => {
      const infos = await titles.getTitleInfos(db, {
        titleIds: request.query.title_id,
        includeAdult: await adultAllowed(request, request.query.ac),
        now: now(),
      });
      return { totalCount: infos.length, titleInfos: infos };
    });
  }

  app.get('/title/list', { schema: { querystring: TitleListQuery, response: { 200: TitleList } } }, async (request) => {
    const { ac, title_id, offset, limit } = request.query;
    return titles.listCatalogTitles(db, {
      titleIds: title_id,
      offset,
      limit,
      includeAdult: await adultAllowed(request, ac),
      now: now(),
    });
  });

  app.get(
    '/titles/notes/:title_id',
    { schema: { params: TitleIdPath, querystring: TitleQuery, response: { 200: TitleNotes } } },
    async (request) => {
      const notes = await titles.getTitleNotes(db, {
        titleId: request.params.title_id,
        includeAdult: await adultAllowed(request, request.query.ac),
      });
      if (!notes) throw notFound('title');
      return notes;
    },
  );
};
