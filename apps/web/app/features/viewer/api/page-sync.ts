import type { FinishReadResult, FontSize, PastLastPageResult, SyncPageResult } from '@hondana/domain/reading/reading-api';
import { apiRequest } from '../../../lib/api/client';

export type SyncPosition = { bookId: number; page: number; font: FontSize | null; readAt: number; deviceId: string };

const body = (p: SyncPosition) => ({
  book_id: p.bookId,
  reading_page: p.page,
  read_at: p.readAt,
  device_id: p.deviceId,
  ac: 1, // the reader's calls all say ac=1 (§6; see get-viewer-info.ts)
  ...(p.font ? { font: p.font } : {}),
});

/** `POST /api/book/sync_page` (409 when an older position would overwrite a newer one: ignored). */
export async function postSyncPage(position: SyncPosition): Promise<SyncPageResult | null> {
  try {
    return await apiRequest<SyncPageResult>('/api/book/sync_page', { method: 'POST', json: body(position), allowUnauthorized: true });
  } catch {
    return null;
  }
}

/** The same call on leaving the page: navigator.sendBeacon sends JSON as text/plain. */
export function beaconSyncPage(position: SyncPosition): boolean {
  if (typeof navigator === 'undefined' || !navigator.sendBeacon) return false;
  const blob = new Blob([JSON.stringify(body(position))], { type: 'text/plain;charset=UTF-8' });
  return navigator.sendBeacon('/api/book/sync_page', blob);
}

const DEVICE_KEY = 'hondana.viewer.device';

/** A random id per device (localStorage), so one device may move backwards through a book. */
export function deviceId(): string {
  try {
    const kept = localStorage.getItem(DEVICE_KEY);
    if (kept && /^[\w-]{1,64}$/.test(kept)) return kept;
    const fresh = crypto.randomUUID();
    localStorage.setItem(DEVICE_KEY, fresh);
    return fresh;
  } catch {
    return 'no-storage';
  }
}

/** `POST /api/finish_read/register` (§4 read-end, owned books). */
export const registerFinishRead = (bookId: number, page: number): Promise<FinishReadResult> =>
  apiRequest<FinishReadResult>('/api/finish_read/register', {
    method: 'POST',
    json: { book_id: bookId, reading_page: page, ac: 1 },
    allowUnauthorized: true,
  });

/** §4 reading progress: the member moved past the last page (the server turns the newly notice on once). */
export function postPastLastPage(bookId: number): Promise<PastLastPageResult | null> {
  return apiRequest<PastLastPageResult>('/api/reading/past_last_page', {
    method: 'POST',
    json: { book_id: bookId, ac: 1 },
    allowUnauthorized: true,
  }).catch(() => null);
}
