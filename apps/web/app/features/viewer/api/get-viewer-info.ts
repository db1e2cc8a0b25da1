import type { BookText, ViewerInfo } from '@hondana/domain/reading/reading-api';
import { apiRequest } from '../../../lib/api/client';

/** §2 tracking parameters, passed on to bookinfo (the server accepts and ignores them). */
export const TRACKING_PARAMS = ['blogGenreId', 'themeId', 'tagIds', 'algorithmId', 'did'] as const;
export type Tracking = Partial<Record<(typeof TRACKING_PARAMS)[number], string>> & { putLog?: string };

/**
 * The reader always asks with `ac=1` (§6): the server serves an R18 book only to a member whose
 * age is confirmed, and answers the others 403 ADULT_CHECK_REQUIRED (the age dialog).
 */
export function bookInfoUrl(bookId: number, tracking: Tracking = {}): string {
  const query = new URLSearchParams({ bookId: String(bookId), ac: '1' });
  for (const name of TRACKING_PARAMS) {
    const value = tracking[name];
    if (value) query.set(name, value);
  }
  if (tracking.putLog) query.set('put_log', tracking.putLog);
  return `/api/browser/bookinfo/v2?${query}`;
}

/**
 * `GET /api/browser/bookinfo/v2`, then `GET /api/browser/custom_sample/{book_id}` when §4 says
 * the custom sample applies (its pages replace v2's). Throws the client's `ApiError` on failure.
 */
export async function getViewerInfo(bookId: number, tracking: Tracking = {}): Promise<ViewerInfo> {
  const info = await apiRequest<ViewerInfo>(bookInfoUrl(bookId, tracking), { allowUnauthorized: true });
  if (!info.book_data.useCustomSample) return info;
  const query = tracking.putLog ? `?ac=1&put_log=${encodeURIComponent(tracking.putLog)}` : '?ac=1';
  return apiRequest<ViewerInfo>(`/api/browser/custom_sample/${bookId}${query}`, { allowUnauthorized: true });
}

/** `GET /api/browser/book_text`: a reflow book's chapters as HTML with <ruby> (null html: not readable). */
export const getBookText = (bookId: number): Promise<BookText> =>
  apiRequest<BookText>(`/api/browser/book_text?book_id=${bookId}&ac=1`, { allowUnauthorized: true });
