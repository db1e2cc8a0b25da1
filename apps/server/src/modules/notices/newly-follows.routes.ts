import {
  NewlyNoticeInput,
  NewlyNoticePath,
  NewlyNoticeSetting,
  NewlyNoticesQuery,
  NewlyNoticesResponse,
  UpdateNewlyNoticeQuery,
  UpdateNewlyNoticeResponse,
} from '@hondana/domain/notices/notices-api';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { refuseCrossSite } from '../../http/same-site';
import { sendStored } from '../../http/stored-reply';
import { memberFirst, requireUser } from '../accounts/session-plugin';
import { reviewVisibility } from '../reviews/review-visibility';
import { withOneTimeToken } from '../tokens/one-time-tokens';
import * as newly from './newly.service';
import type { NoticeRouteContext } from './notice-route-context';

/** §7 "Mission and newly": following a title's new releases (its setting, read and set) and the titles a member follows. */
export function newlyFollowRoutes(base: FastifyInstance, { db, now }: NoticeRouteContext): void {
  const app = base.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/newly/newly_notices/:title_id',
    { schema: { params: NewlyNoticePath, response: { 200: NewlyNoticeSetting } } },
    async (request) => {
      const user = await requireUser(request);
      return newly.getSetting(db, user.userId, request.params.title_id);
    },
  );

  app.post(
    '/newly/newly_notices/:title_id',
    {
      preValidation: memberFirst,
      config: { queryOrBody: true },
      schema: { params: NewlyNoticePath, body: NewlyNoticeInput, response: { 200: NewlyNoticeSetting } },
    },
    async (request, reply) => {
      const user = await requireUser(request);
      const { token, status, type } = request.body;
      const titleId = request.params.title_id;
      await reviewVisibility(db, request).title(titleId);
      const use = { token, userId: user.userId, purpose: 'newly_notice', now: now(), request: { titleId, status, type } };
      const result = await withOneTimeToken(db, use, async (trx) => ({
        body: await newly.setFollow(trx, user.userId, { titleId, type, status, now: now() }),
      }));
      return sendStored(reply, result);
    },
  );

  // A GET that changes a setting (spec §7, no token): refused when another site sends it.
  app.get(
    '/newly/update_newly_notice',
    { preValidation: memberFirst, schema: { querystring: UpdateNewlyNoticeQuery, response: { 200: UpdateNewlyNoticeResponse } } },
    async (request) => {
      const user = await requireUser(request);
      refuseCrossSite(request);
      const { book_id, status, type } = request.query;
      const titleId = await newly.titleOfBook(db, book_id);
      return { titleId, ...(await newly.setFollow(db, user.userId, { titleId, type, status, now: now() })) };
    },
  );

  app.get(
    '/newly/get_newly_notice',
    { preValidation: memberFirst, schema: { querystring: NewlyNoticesQuery, response: { 200: NewlyNoticesResponse } } },
    async (request) => {
      const user = await requireUser(request);
      return newly.listFollows(db, user.userId, request.query);
    },
  );
}
