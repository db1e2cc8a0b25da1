import type { AdminBannerView, CreateBannerBody, UpdateBannerBody } from '@hondana/domain/admin/admin-commerce-api';
import { instantToTokyoMinute } from '@hondana/domain/admin/admin-api';
import { AppError, ErrorCode, badRequest, notFound } from '@hondana/domain/common/errors';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema';
import type { AuditEntry } from './audit.repository';
import * as repo from './banners.repository';

/**
 * The console's reach banners (§3 Banner, §7 `GET /reach_banner/get_banners/v2|v3`): the store
 * shows those in their period, highest priority first, then the newest.
 */
type Db = Kysely<Database> | Transaction<Database>;
type Change<T> = Promise<{ body: T; audit: AuditEntry[] }>;

const conflict = () => new AppError(409, ErrorCode.EDIT_CONFLICT, ['banner: changed by someone else since it was loaded; load it again']);

function bannerView(b: repo.BannerRow, now: number): AdminBannerView {
  const start = Number(b.start_at);
  const end = Number(b.end_at);
  return {
    id: b.id,
    imageUrl: b.banner_url,
    jumpUrl: b.jump_url,
    colorCode: b.color_code,
    location: b.location,
    priority: b.priority,
    start: instantToTokyoMinute(start),
    end: instantToTokyoMinute(end),
    // The store's own test (`activeReachBanners`): from its start until its end.
    showing: start <= now && now < end,
    ended: end <= now,
    version: b.version,
  };
}

export async function listBanners(db: Db, now: number): Promise<AdminBannerView[]> {
  return (await repo.bannerRows(db)).map((b) => bannerView(b, now));
}

async function loadBanner(trx: Db, id: number) {
  const row = await repo.bannerRow(trx, id);
  if (!row) throw notFound('banner');
  return row;
}

const bannerColumns = (input: CreateBannerBody) => ({
  banner_url: input.imageUrl,
  jump_url: input.jumpUrl,
  color_code: input.colorCode,
  location: input.location,
  priority: input.priority,
  start_at: input.start,
  end_at: input.end,
});

export async function createBanner(trx: Transaction<Database>, input: CreateBannerBody, now: number): Change<AdminBannerView> {
  const id = await repo.insertBanner(trx, bannerColumns(input));
  const after = bannerView(await loadBanner(trx, id), now);
  return { body: after, audit: [{ action: 'banner.create', subject: `banner:${id}`, after }] };
}

export async function updateBanner(trx: Transaction<Database>, id: number, input: UpdateBannerBody, now: number): Change<AdminBannerView> {
  const before = bannerView(await loadBanner(trx, id), now);
  if (!(await repo.updateBannerAt(trx, id, input.version, bannerColumns(input)))) throw conflict();
  const after = bannerView(await loadBanner(trx, id), now);
  return { body: after, audit: [{ action: 'banner.update', subject: `banner:${id}`, before, after }] };
}

/** Ends a banner now: the store stops showing it at once; it stays listed with its history. */
export async function endBanner(trx: Transaction<Database>, id: number, version: number, now: number): Change<AdminBannerView> {
  const row = await loadBanner(trx, id);
  if (Number(row.end_at) <= now) throw badRequest('end', 'has already ended');
  if (!(await repo.updateBannerAt(trx, id, version, { start_at: Math.min(Number(row.start_at), now), end_at: now }))) throw conflict();
  const after = bannerView(await loadBanner(trx, id), now);
  return { body: after, audit: [{ action: 'banner.end', subject: `banner:${id}`, before: bannerView(row, now), after }] };
}
