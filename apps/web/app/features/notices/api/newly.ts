import type { NewlyMessage, NewlyNoticeSetting, NoticeCount, NotificationSettings } from '@hondana/domain/notices-rules';
import type { ReviewNotice } from '@hondana/server/modules/reviews/review-notices';
import { createToken, getJson, postForm, sendJson } from '../../../lib/member-api';

export const getNoticeCount = () => getJson<NoticeCount>('/api/user/get_notice_count');

export const getNewlyMessages = (offset: number, limit: number) =>
  getJson<{ totalCount: number; unreadCount: number; newlyMessages: NewlyMessage[] }>(`/api/newly/get_newly_message?offset=${offset}&limit=${limit}`);

export const markDisplayed = (ids: number[]) => sendJson('POST', '/api/newly/books/display', { newlyMessageIds: ids, display: true });

export async function deleteNewlyMessage(id: number) {
  const token = await createToken('/api/newly/delete_newly_notice/create_token');
  return getJson(`/api/newly/delete_newly_notice?id=${id}&token=${encodeURIComponent(token)}`);
}

export const getFollow = (titleId: number) => getJson<NewlyNoticeSetting>(`/api/newly/newly_notices/${titleId}`);

export async function setFollow(titleId: number, type: 'title' | 'author', status: boolean) {
  const token = await createToken('/api/newly/newly_notices/create_token');
  return postForm<NewlyNoticeSetting>(`/api/newly/newly_notices/${titleId}`, { token, type, status });
}

export const getNotificationSettings = () => getJson<NotificationSettings>('/api/user/notification_settings/v2');
export const saveNotificationSettings = (settings: NotificationSettings) =>
  sendJson<NotificationSettings>('POST', '/api/user/notification_settings/v2', settings);

/** `GET /reviews/notice`: likes and comments on my reviews; listing marks them read. */
export const getReviewNotices = () =>
  getJson<{ totalCount: number; unreadCount: number; notices: ReviewNotice[] }>('/api/reviews/notice?offset=0&limit=20');
