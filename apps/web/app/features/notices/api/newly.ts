import type {
  DeleteNewlyResponse,
  NewlyDisplayResponse,
  NewlyMessagesResponse,
  NewlyNoticeSetting,
  NoticeCount,
  NotificationSettings,
} from '@hondana/domain/notices/notices-api';
import type { ReviewNotice } from '@hondana/domain/reviews/reviews-api';
import { apiGet, apiRequest, createToken } from '../../../lib/api/client';

export const getNoticeCount = () => apiGet<NoticeCount>('/api/user/get_notice_count');

export const getNewlyMessages = (offset: number, limit: number) =>
  apiGet<NewlyMessagesResponse>(`/api/newly/get_newly_message?offset=${offset}&limit=${limit}&ac=1`);

export const markDisplayed = (ids: number[]) =>
  apiRequest<NewlyDisplayResponse>('/api/newly/books/display', { method: 'POST', json: { newlyMessageIds: ids, display: true } });

export async function deleteNewlyMessage(id: number) {
  const token = await createToken('/api/newly/delete_newly_notice/create_token');
  return apiGet<DeleteNewlyResponse>(`/api/newly/delete_newly_notice?id=${id}&token=${encodeURIComponent(token)}`);
}

export const getFollow = (titleId: number) => apiGet<NewlyNoticeSetting>(`/api/newly/newly_notices/${titleId}`);

export async function setFollow(titleId: number, type: 'title' | 'author', status: boolean) {
  const token = await createToken('/api/newly/newly_notices/create_token');
  return apiRequest<NewlyNoticeSetting>(`/api/newly/newly_notices/${titleId}`, { method: 'POST', form: { token, type, status } });
}

export const getNotificationSettings = () => apiGet<NotificationSettings>('/api/user/notification_settings/v2');
export const saveNotificationSettings = (settings: NotificationSettings) =>
  apiRequest<NotificationSettings>('/api/user/notification_settings/v2', { method: 'POST', json: settings });

/** `GET /reviews/notice`: likes and comments on my reviews; listing marks them read. */
export const getReviewNotices = () =>
  apiGet<{ totalCount: number; unreadCount: number; notices: ReviewNotice[] }>('/api/reviews/notice?offset=0&limit=20&ac=1');
