import type { OfflineCheckResponse } from '@hondana/domain/bookshelf/bookshelf-api';
import { ApiError, apiRequest } from '../../../lib/api/client';
import { type OfflineDb, listSaved, putPosition, removeSaved, unsyncedPositions } from './offline-store';

/** The server's limit of ids per call (MAX_IDS_PER_CALL of the domain's common/params.ts, which brings Zod with it). */
const IDS_PER_CALL = 100;

/**
 * Asks the server which saved books the member may still read (`GET /api/user_books/me/offline`)
 * and deletes the others from the device (an order cancelled). Without an answer nothing is
 * deleted: offline, the books stay readable. Returns the ids removed.
 */
export async function removeEnded(db: OfflineDb): Promise<number[]> {
  const saved = (await listSaved(db)).map((b) => b.bookId);
  const removed: number[] = [];
  for (let i = 0; i < saved.length; i += IDS_PER_CALL) {
    const ids = saved.slice(i, i + IDS_PER_CALL);
    const answer = await apiRequest<OfflineCheckResponse>('/user_books/me/offline', {
      query: { book_ids: ids.join(',') },
      allowUnauthorized: true,
    }).catch(() => null);
    if (!answer) return removed;
    const kept = new Set(answer.bookIds);
    for (const id of ids.filter((id) => !kept.has(id))) {
      await removeSaved(db, id);
      removed.push(id);
    }
  }
  return removed;
}

/** The viewer's device id (features/viewer/api/page-sync.ts keeps it under this key), so both readers are one device. */
function deviceId(): string {
  try {
    return localStorage.getItem('hondana.viewer.device') ?? 'offline-reader';
  } catch {
    return 'offline-reader';
  }
}

/**
 * Sends the positions read offline to `POST /api/book/sync_page` with the time they were read.
 * A 409 (a newer position from another device) counts as done: the server keeps the newer one.
 */
export async function syncPositions(db: OfflineDb): Promise<void> {
  for (const position of await unsyncedPositions(db)) {
    const sent = await apiRequest('/book/sync_page', {
      method: 'POST',
      json: {
        book_id: position.bookId,
        reading_page: position.page,
        read_at: position.readAt,
        device_id: deviceId(),
        ac: 1,
        // A text book's page belongs to the font size it was laid out in (§5).
        ...(position.font ? { font: position.font } : {}),
      },
      allowUnauthorized: true,
    }).then(
      () => true,
      (error: unknown) => error instanceof ApiError && error.status === 409,
    );
    if (!sent) return;
    await putPosition(db, { ...position, synced: true });
  }
}
