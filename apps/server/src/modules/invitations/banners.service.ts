import type { Banner, NonLoginAppeal, ReachBanner } from '@hondana/domain/invitations/invitations-api';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { activeNonLoginAppeal, activeReachBanners } from './banners.repository';

type Db = Kysely<Database>;

/** `GET /reach_banner/get_banners/v2`: reach banners in their period by priority (§3 reach banner fields). */
export async function reachBannersV2(db: Db, now: number, location?: string): Promise<ReachBanner[]> {
  return (await activeReachBanners(db, now, location)).map((b) => ({ bannerId: b.id, bannerUrl: b.banner_url, bannerJumpUrl: b.jump_url, colorCode: b.color_code }));
}

/** `GET /reach_banner/get_banners/v3`: the same banners as §3 Banner (id, url, jumpUrl, colorCode). */
export async function reachBannersV3(db: Db, now: number, location?: string): Promise<Banner[]> {
  return (await activeReachBanners(db, now, location)).map((b) => ({ id: b.id, url: b.banner_url, jumpUrl: b.jump_url, colorCode: b.color_code }));
}

/** `GET /non_login_appeal`: the appeal for guests; null for members or when none runs. */
export async function nonLoginAppeal(db: Db, now: number, loggedIn: boolean): Promise<NonLoginAppeal | null> {
  if (loggedIn) return null;
  const row = await activeNonLoginAppeal(db, now);
  return row ? { name: row.name, imageUrl: row.image_url, appealText: row.appeal_text } : null;
}
