import type { BookText, ViewerInfo } from '@hondana/domain/reading';
import { requestJson } from './http';

/** §2 tracking parameters, passed on to bookinfo (the server accepts and ignores them). */
export const TRACKING_PARAMS = ['blogGenreId', 'themeId', 'tagIds', 'algorithmId', 'did'] as const;
export type Tracking = Partial<Record<(typeof TRACKING_PARAMS)[number], string>> & { putLog?: string };

export function bookInfoUrl(bookId: number, tracking: Tracking = {}): string {
  const query = new URLSearchParams({ bookId: String(bookId) });
  for (const name of TRACKING_PARAMS) {
    const value = tracking[name];
    if (value) query.set(name, value);
  }
  if (tracking.putLog) query.set('put_log', tracking.putLog);
  return `/api/browser/bookinfo/v2?${query}`;
}

/**
 * `GET /api/browser/bookinfo/v2`, then `GET /api/browser/custom_sample/{book_id}` when §4 says
 * the custom sample applies (its pages replace v2's). Throws 'Failed to fetch
 * fetchViewerBookInfo' (§8) on failure.
 */
export async function getViewerInfo(bookId: number, tracking: Tracking = {}): Promise<ViewerInfo> {
  const failure = 'Failed to fetch fetchViewerBookInfo';
  const info = await requestJson<ViewerInfo>(bookInfoUrl(bookId, tracking), {}, failure);
  if (!info.book_data.useCustomSample) return info;
  const query = tracking.putLog ? `?put_log=${encodeURIComponent(tracking.putLog)}` : '';
  return requestJson<ViewerInfo>(`/api/browser/custom_sample/${bookId}${query}`, {}, failure);
}

/** `GET /api/browser/book_text`: a reflow book's chapters as HTML with <ruby> (null html: not readable). */
export const getBookText = (bookId: number): Promise<BookText> =>
  requestJson<BookText>(`/api/browser/book_text?book_id=${bookId}`, {}, 'Failed to fetch book text');
