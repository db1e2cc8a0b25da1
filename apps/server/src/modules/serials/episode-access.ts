import { AppError, ErrorCode } from '@hondana/domain/common/errors';
import { type PagesData } from '@hondana/domain/reading/reading-api';
import { PAGE_IMAGE_WIDTHS } from '@hondana/domain/reading/reading';
import type { EpisodeBrowser } from '@hondana/domain/serials/serials-api';
import { isAdultCategory, isRenting } from '@hondana/domain/serials/serials';
import { type PageGrant, signEpisodeQuery, urlExpiry } from '../../media/signed-urls';
import { ownsBook } from '../orders/entitlements';
import type { EpisodeRow, SerialRow } from './serials.repository';
import type { Db } from '../../db/schema';
import * as repo from './serials.repository';
import { baseSpendType, isExpired, isReleased, toEpisode } from './serial-views';
import { requireEpisode, requireSerial } from './serials.service';
import { userEpisodeRow } from './user-serials.repository';

/**
 * Who may see an episode's pages, now: anyone while it is free and released; a member while
 * their rental runs (ticket or coins) or while they own the volume that collects it.
 * Returns the grant to sign URLs with and until when it holds, or null.
 */
export async function episodeGrant(
  db: Db,
  userId: number | null,
  serial: SerialRow,
  episode: EpisodeRow,
  now: number,
): Promise<{ grant: PageGrant; until: number } | null> {
  if (isExpired(serial, now) || !isReleased(episode, now)) return null;
  if (baseSpendType(episode, serial) === 0) return { grant: { kind: 'free' }, until: Number.MAX_SAFE_INTEGER };
  if (userId === null) return null;
  const row = await userEpisodeRow(db, userId, episode.id);
  if (row && isRenting(row.rental_end, now)) return { grant: { kind: 'member', userId }, until: row.rental_end! };
  if (episode.bookId !== null && (await ownsBook(db, userId, episode.bookId, now))) {
    return { grant: { kind: 'member', userId }, until: Number.MAX_SAFE_INTEGER };
  }
  return null;
}

/** The media route's check at request time: the signed grant must still hold. */
export async function canServeEpisodePage(db: Db, grant: PageGrant, episodeId: number, now: number): Promise<boolean> {
  const episode = await repo.findEpisode(db, episodeId);
  if (!episode) return false;
  const serial = await repo.findSerial(db, episode.serialId, now);
  if (!serial) return false;
  const holds = await episodeGrant(db, grant.kind === 'member' ? grant.userId : null, serial, episode, now);
  return holds !== null && (grant.kind === 'member' || holds.grant.kind === 'free');
}

/**
 * `GET /serial_episode_browsers/{serial_episode_id}` (§7): the episode with signed page URLs
 * (like bookinfo/v2's pages_data). A guest on a locked episode gets 401, a member without a
 * rental 403 FORBIDDEN; §8 sends both to the serial's detail page.
 */
export async function episodeBrowser(
  db: Db,
  q: { userId: number | null; adult: boolean; episodeId: number; mediaKey: string; now: number },
): Promise<EpisodeBrowser> {
  const episode = await requireEpisode(db, q.episodeId);
  const serial = await requireSerial(db, episode.serialId, q.now);
  // §4 adult gate: a serial in an adult category before the age check.
  if (isAdultCategory(serial.category) && !q.adult) throw new AppError(403, ErrorCode.ADULT_CHECK_REQUIRED);
  if (isExpired(serial, q.now)) throw new AppError(400, ErrorCode.NOT_ON_RELEASE, ['serial: distribution has ended']);
  if (!isReleased(episode, q.now)) throw new AppError(400, ErrorCode.EPISODE_NOT_ON_RELEASE, ['serial_episode_id: not on release']);
  const access = await episodeGrant(db, q.userId, serial, episode, q.now);
  if (!access) {
    if (q.userId === null) throw new AppError(401, ErrorCode.UNAUTHORIZED, ['login required to read this episode']);
    throw new AppError(403, ErrorCode.FORBIDDEN, ['serial_episode_id: not rented']);
  }
  const [pages, neighbours, row] = await Promise.all([
    repo.episodePages(db, episode.id),
    repo.neighbourEpisodes(db, episode),
    q.userId === null ? null : userEpisodeRow(db, q.userId, episode.id),
  ]);
  const renting = row ? isRenting(row.rental_end, q.now) : false;
  return {
    episode: toEpisode(episode, serial, q.now),
    serial: { id: serial.id, name: serial.name, titleId: serial.titleId, rentalMinutes: serial.rentalMinutes },
    layoutType: episode.layoutType,
    renting,
    rentalPeriodTime: renting ? row!.rental_end : null,
    prevEpisodeId: neighbours.prev?.id ?? null,
    nextEpisodeId: neighbours.next?.id ?? null,
    pages_data: pagesData(episode.id, pages, access, q.mediaKey, q.now),
  };
}

function pagesData(
  episodeId: number,
  pages: { page: number; width: number; height: number; mediaVersion: number }[],
  access: { grant: PageGrant; until: number },
  key: string,
  now: number,
): PagesData {
  // A URL never outlives the rental it was signed for.
  const expiresAt = Math.min(urlExpiry(now), Math.floor(access.until / 1000) * 1000);
  return {
    totalPage: pages.length,
    urlExpiresAt: pages.length ? expiresAt : null,
    pages: pages.map((p) => {
      // `v` is not signed: it only makes the URL new when the console uploads the pages again.
      const query = `${signEpisodeQuery(key, episodeId, p.page, access.grant, expiresAt)}&v=${p.mediaVersion}`;
      return {
        page: p.page,
        width: p.width,
        height: p.height,
        wide: false,
        side: null,
        text: false,
        sample: false,
        accessible: true,
        images: PAGE_IMAGE_WIDTHS.map((width) => ({
          width,
          webp: `/media/episodes/${episodeId}/${p.page}/${width}.webp?${query}`,
          jpg: `/media/episodes/${episodeId}/${p.page}/${width}.jpg?${query}`,
        })),
      };
    }),
  };
}
