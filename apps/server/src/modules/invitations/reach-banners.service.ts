import type { Banner, NonLoginAppeal, ReachBanner } from '@hondana/domain/invitations/invitations-api';
import type { Db } from '../../db/schema';
import { activeNonLoginAppeal, activeReachBanners, nonLoginAppealsNotEnded } from './reach-banners.repository';

/** `GET /reach_banner/get_banners/v2`: reach banners in their period by priority (§3 reach banner fields). */
export async function reachBannersV2(db: Db, now: number, location?: string): Promise<ReachBanner[]> {
  return (await activeReachBanners(db, now, location)).map((b) => ({
    bannerId: b.id,
    bannerUrl: b.banner_url,
    bannerJumpUrl: b.jump_url,
    colorCode: b.color_code,
  }));
}

/** `GET /reach_banner/get_banners/v3`: the same banners as §3 Banner (id, url, jumpUrl, colorCode). */
export async function reachBannersV3(db: Db, now: number, location?: string): Promise<Banner[]> {
  return (await activeReachBanners(db, now, location)).map((b) => ({
    id: b.id,
    url: b.banner_url,
    jumpUrl: b.jump_url,
    colorCode: b.color_code,
  }));
}

/** `GET /non_login_appeal`: the appeal for guests; null for members or when none runs. */
export async function nonLoginAppeal(db: Db, now: number, loggedIn: boolean): Promise<NonLoginAppeal | null> {
  if (loggedIn) return null;
  const row = await activeNonLoginAppeal(db, now);
  return row ? { name: row.name, imageUrl: row.image_url, appealText: row.appeal_text } : null;
}

type AppealRow = Awaited<ReturnType<typeof nonLoginAppealsNotEnded>>[number];

/**
 * The appeals not ended when read, kept per database for the top page a guest is sent (a hot
 * route: its warm render runs no statement) from the instant they were read until the next
 * instant one starts or ends, and forgotten on a catalog change (`forgetKeptAppeals`; the
 * console's appeal editor counts one). A clock moved back reads them again.
 */
const keptAppeals = new WeakMap<object, { from: number; until: number; rows: Promise<AppealRow[]> }>();

export function forgetKeptAppeals(db: Db): void {
  keptAppeals.delete(db);
}

function appealsKept(db: Db, now: number): Promise<AppealRow[]> {
  const kept = keptAppeals.get(db);
  if (kept && kept.from <= now && now < kept.until) return kept.rows;
  const entry = {
    from: now,
    until: now,
    rows: nonLoginAppealsNotEnded(db, now).then((rows) => {
      entry.until = Math.min(
        Number.POSITIVE_INFINITY,
        ...rows.flatMap((r) => [Number(r.start_at), Number(r.end_at)]).filter((t) => t > now),
      );
      return rows;
    }),
  };
  keptAppeals.set(db, entry);
  // A failed read is not kept.
  entry.rows.catch(() => keptAppeals.get(db) === entry && keptAppeals.delete(db));
  return entry.rows;
}

/** The guests' appeal as `GET /non_login_appeal` answers a guest (the one running that ends first), from the kept list: for the pages. */
export async function keptNonLoginAppeal(db: Db, now: number): Promise<NonLoginAppeal | null> {
  // Kept in `end_at, id` order: the first running one is the one the API answers.
  const row = (await appealsKept(db, now)).find((r) => Number(r.start_at) <= now && now < Number(r.end_at));
  return row ? { name: row.name, imageUrl: row.image_url, appealText: row.appeal_text } : null;
}
