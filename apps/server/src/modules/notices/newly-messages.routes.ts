import {
  DeleteNewlyInput,
  DeleteNewlyResponse,
  NewlyDisplayInput,
  NewlyDisplayResponse,
  NewlyMessagesQuery,
  NewlyMessagesResponse,
  NoticeCount,
  NoticeCountQuery,
  NotificationSettings,
  NotificationSettingsBody,
} from '@hondana/domain/notices/notices-api';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sendStored } from '../../http/stored-reply';
import { adultAllowed } from '../accounts/adult-access';
import { memberFirst, requireUser } from '../accounts/session-plugin';
import { unreadReviewNotices } from '../reviews/review-notices';
import { withOneTimeToken } from '../tokens/one-time-tokens';
import * as newly from './newly.service';
import type { NoticeRouteContext } from './notice-route-context';
import { getNotificationSettings, saveNotificationSettings } from './notification-settings';

/** A member's notices (§7 user notices): new-release messages (listed, shown, deleted), the badge's count and the notification settings. */
export function newlyMessageRoutes(base: FastifyInstance, { db, now }: NoticeRouteContext): void {
  const app = base.withTypeProvider<ZodTypeProvider>();
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
}
