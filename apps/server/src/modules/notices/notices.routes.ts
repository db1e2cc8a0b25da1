import {
  DeleteNewlyInput,
  DeleteNewlyResponse,
  NewlyDisplayInput,
  NewlyDisplayResponse,
  NewlyMessagesQuery,
  NewlyMessagesResponse,
  NewlyNoticeInput,
  NewlyNoticeSetting,
  NewlyNoticesQuery,
  NewlyNoticesResponse,
  NewlyNoticePath,
  NoticeCount,
  NoticeCountQuery,
  NotificationSettings,
  NotificationSettingsBody,
  UpdateNewlyNoticeQuery,
  UpdateNewlyNoticeResponse,
  WishBulkDeleteBody,
  WishBulkDeleteQuery,
  WishBulkDeleteResponse,
  WishBulkDeleteWrapped,
  WishInput,
  WishListQuery,
  WishListResponse,
  WishResponse,
} from '@hondana/domain/notices/notices-api';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { adultAllowed } from '../accounts/adult-access';
import { memberFirst, requireUser } from '../accounts/session-plugin';
import { forgetTitleFacts } from '../catalog/title-facts';
import { unreadReviewNotices } from '../reviews/review-notices';
import { reviewVisibility } from '../reviews/review-visibility';
import { withOneTimeToken } from '../tokens/one-time-tokens';
import { sendStored } from '../../http/stored-reply';
import { registerTokenEndpoints } from '../accounts/token.routes';
import { refuseCrossSite } from '../../http/same-site';
import * as newly from './newly.service';
import { getNotificationSettings, saveNotificationSettings } from './notification-settings';
import { NEW_VOLUME_SCAN_EVERY_MS, mailNewVolumes } from './new-volume-mails';
import { NEW_EPISODE_SCAN_EVERY_MS, pushNewEpisodes } from './new-episode-pushes';
import * as wishes from './wish-list.service';

const TOKEN_ENDPOINTS: Record<string, string> = {
  '/wish_title/add/create_token': 'wish_add',
  '/wish_title/delete/create_token': 'wish_delete',
  '/newly/newly_notices/create_token': 'newly_notice',
  '/newly/delete_newly_notice/create_token': 'newly_delete',
};

/** My list (§7 "Wish list") and new-release notices (§7 "Mission and newly", user notices). */
/**
 * `DELETE /wish_title/titles`'s body: `{ titleIds }`, or the same wrapped as §5 names it
 * (`{ deleteWishTitleBody: { titleIds } }`); anything else is a 400 naming `deleteWishTitleBody`.
 */
const WishBulkDeleteInput = z.preprocess(
  (body) => (WishBulkDeleteBody.safeParse(body).success ? { deleteWishTitleBody: body } : body),
  WishBulkDeleteWrapped,
);

export const noticesRoutes: FastifyPluginAsync = async (base) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps.database;
  const now = () => app.deps.clock().getTime();

  registerTokenEndpoints(app, TOKEN_ENDPOINTS);

  for (const [path, wished] of [
    ['/wish_title/add', true],
    ['/wish_title/delete', false],
  ] as const) {
    app.post(
      path,
      { preValidation: memberFirst, config: { queryOrBody: true }, schema: { body: WishInput, response: { 200: WishResponse } } },
      async (request, reply) => {
        const user = await requireUser(request);
        const { token, title_id, is_silent } = request.body;
        if (wished) await reviewVisibility(db, request).title(title_id);
        const use = { token, userId: user.userId, purpose: wished ? 'wish_add' : 'wish_delete', now: now(), request: { title_id } };
        const result = await withOneTimeToken<WishResponse>(db, use, async (trx) => ({
          body: {
            status: { code: 0 },
            result: { ...(await wishes.setWish(trx, user.userId, title_id, wished, now())), silent: is_silent },
          },
        }));
        forgetTitleFacts(db, title_id);
        return sendStored(reply, result);
      },
    );
  }

  app.delete(
    '/wish_title/titles',
    {
      preValidation: memberFirst,
      schema: { querystring: WishBulkDeleteQuery, body: WishBulkDeleteInput, response: { 200: WishBulkDeleteResponse } },
    },
    async (request, reply) => {
      const user = await requireUser(request);
      const { token } = request.query;
      const { titleIds } = request.body.deleteWishTitleBody;
      const use = { token, userId: user.userId, purpose: 'wish_delete', now: now(), request: { titleIds } };
      const result = await withOneTimeToken<WishBulkDeleteResponse>(db, use, async (trx) => ({
        body: { status: { code: 0 }, result: await wishes.deleteWishes(trx, user.userId, titleIds) },
      }));
      for (const id of titleIds) forgetTitleFacts(db, id);
      return sendStored(reply, result);
    },
  );

  app.get(
    '/wish_title/list',
    { preValidation: memberFirst, schema: { querystring: WishListQuery, response: { 200: WishListResponse } } },
    async (request) => {
      const user = await requireUser(request);
      const { offset, limit, ac } = request.query;
      return wishes.listWishes(db, user.userId, offset, limit, now(), await adultAllowed(request, ac));
    },
  );

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

  for (const path of ['/newly/get_newly_message', '/newly/books']) {
    app.get(path, { schema: { querystring: NewlyMessagesQuery, response: { 200: NewlyMessagesResponse } } }, async (request) => {
      const user = await requireUser(request);
      return newly.listMessages(db, user.userId, {
        ...request.query,
        includeAdult: await adultAllowed(request, request.query.ac),
        now: now(),
      });
    });
  }

  app.get(
    '/newly/get_newly_notice',
    { preValidation: memberFirst, schema: { querystring: NewlyNoticesQuery, response: { 200: NewlyNoticesResponse } } },
    async (request) => {
      const user = await requireUser(request);
      return newly.listFollows(db, user.userId, request.query);
    },
  );

  app.post(
    '/newly/books/display',
    { preValidation: memberFirst, schema: { body: NewlyDisplayInput, response: { 200: NewlyDisplayResponse } } },
    async (request) => {
      const user = await requireUser(request);
      const { newlyMessageIds, display } = request.body;
      return newly.markDisplayed(db, user.userId, newlyMessageIds, display);
    },
  );

  app.get(
    '/newly/delete_newly_notice',
    { preValidation: memberFirst, schema: { querystring: DeleteNewlyInput, response: { 200: DeleteNewlyResponse } } },
    async (request, reply) => {
      const user = await requireUser(request);
      const { id, token } = request.query;
      const use = { token, userId: user.userId, purpose: 'newly_delete', now: now(), request: { id } };
      const result = await withOneTimeToken(db, use, async (trx) => ({ body: await newly.deleteMessage(trx, user.userId, id, now()) }));
      return sendStored(reply, result);
    },
  );

  app.get('/user/get_notice_count', { schema: { querystring: NoticeCountQuery, response: { 200: NoticeCount } } }, async (request) => {
    const user = await requireUser(request);
    const since = request.query.start_datetime;
    await newly.materialise(db, user.userId, now());
    const [newlyCount, reviewNoticeCount] = await Promise.all([
      newly.undisplayedCount(db, user.userId, since),
      unreadReviewNotices(db, user.userId, since),
    ]);
    return { newlyCount, reviewNoticeCount, total: newlyCount + reviewNoticeCount };
  });

  app.get('/user/notification_settings/v2', { schema: { response: { 200: NotificationSettings } } }, async (request) => {
    const user = await requireUser(request);
    return getNotificationSettings(db, user.userId);
  });

  app.post(
    '/user/notification_settings/v2',
    { preValidation: memberFirst, schema: { body: NotificationSettingsBody, response: { 200: NotificationSettings } } },
    async (request) => {
      const user = await requireUser(request);
      return saveNotificationSettings(db, user.userId, request.body, now());
    },
  );

  // New volumes come out with no request: the scheduler mails the members waiting for them.
  app.ops.scheduler.register({
    name: 'new-volume-mails',
    everyMs: NEW_VOLUME_SCAN_EVERY_MS,
    run: ({ db: jobDb, now: at }) => mailNewVolumes(jobDb, at),
  });
  // Serial episodes come out the same way: the scheduler pushes them to the members whose notification is on.
  app.ops.scheduler.register({
    name: 'new-episode-pushes',
    everyMs: NEW_EPISODE_SCAN_EVERY_MS,
    run: ({ db: jobDb, now: at }) => pushNewEpisodes(jobDb, at),
  });
};
