import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { mailScanWatermark } from '../mail/outbox';
import { enqueuePush } from '../push/push-outbox';
import { claimEpisodeNotice, serialFollowersWithBrowsers, unannouncedEpisodes } from './new-episode-push.repository';

export const NEW_EPISODE_SCAN_EVERY_MS = 60 * 1000;
/** The scan's first run: episodes released before it are not announced. */
const STARTED = 'new-episode-push-start';
/** An episode whose release is further back than this when the scan first sees it is not news. */
const LOOKBACK_MS = 7 * 24 * 60 * 60 * 1000;
/** Episodes announced per run; the rest in the next. */
const BATCH = 50;

/**
 * The new-episode push (run by the scheduler): each serial episode whose release time has passed
 * and that was not announced yet goes as Web Push to every member who has the serial's
 * notification (更新通知) on and a browser that takes pushes — whether its release time passed
 * while it was scheduled, or the operator added it or moved it earlier to a time already past
 * (within a week). Per episode, one transaction marks it announced and writes its pushes, so a
 * second run or process finds it marked (and the push's event key is the member's and the
 * episode's: one push each). The first run starts from now: episodes out before are not announced.
 */
export async function pushNewEpisodes(db: Kysely<Database>, now: number): Promise<number> {
  const started = await mailScanWatermark.read(db, STARTED);
  if (started === null) {
    await mailScanWatermark.advance(db, STARTED, now);
    return 0;
  }
  const episodes = await unannouncedEpisodes(db, { after: Math.max(started, now - LOOKBACK_MS), now, limit: BATCH });
  let written = 0;
  for (const episode of episodes) {
    written += await db.transaction().execute(async (trx) => {
      if (!(await claimEpisodeNotice(trx, episode.episode_id, now))) return 0;
      const members = await serialFollowersWithBrowsers(trx, episode.serial_id);
      const data = {
        serialName: episode.serial_name,
        episodeTitle: episode.episode_title,
        serialId: episode.serial_id,
        episodeId: episode.episode_id,
      };
      for (const userId of members)
        await enqueuePush(trx, { kind: 'NEW_EPISODE', key: `new-episode:${userId}:${episode.episode_id}`, userId, data }, now);
      return members.length;
    });
  }
  return written;
}
