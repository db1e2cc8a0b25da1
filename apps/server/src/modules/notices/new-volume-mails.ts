import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { enqueueMail, mailScanWatermark } from '../mail/outbox';
import { enqueuePush } from '../push/push-outbox';
import { newVolumeReaders } from './new-volume-mail.repository';

export const NEW_VOLUME_SCAN_EVERY_MS = 60 * 1000;
const WATERMARK = 'new-volume';

/**
 * The notice mail of a new volume (run by the scheduler): every volume released since the last
 * run, to each member who wishes its title or follows it or one of its authors (newly notice
 * settings) — one mail per member and volume whatever the reasons (the event key), and the same
 * notice as Web Push. Whether the member takes notice mails at all is asked when it is sent; a
 * push goes to the browsers they allowed then. The first run starts from now:
 * volumes out before the store sent mail are not announced.
 */
export async function mailNewVolumes(db: Kysely<Database>, now: number): Promise<number> {
  const from = await mailScanWatermark.read(db, WATERMARK);
  if (from === null || from >= now) {
    if (from === null) await mailScanWatermark.advance(db, WATERMARK, now);
    return 0;
  }
  const rows = await newVolumeReaders(db, from, now);
  const seen = new Set<string>();
  let written = 0;
  await db.transaction().execute(async (trx) => {
    for (const row of rows) {
      const key = `new-volume:${row.user_id}:${row.book_id}`;
      if (seen.has(key)) continue;
      seen.add(key);
      const data = {
        titleName: row.title_name,
        vol: row.vol,
        bookId: row.book_id,
        titleId: row.title_id,
        reason: row.reason,
        releasedAt: row.released_at,
      };
      await enqueueMail(trx, { kind: 'NEW_VOLUME', key, userId: row.user_id, data }, now);
      // The same notice as Web Push, to the browsers the member allowed (none: skipped when sent).
      const { releasedAt: _releasedAt, ...pushed } = data;
      await enqueuePush(trx, { kind: 'NEW_VOLUME', key, userId: row.user_id, data: pushed }, now);
      written += 1;
    }
    await mailScanWatermark.advance(trx, WATERMARK, now);
  });
  return written;
}
