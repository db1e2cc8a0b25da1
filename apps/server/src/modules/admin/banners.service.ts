import { type AdminBannerView, type BannerFields, type CreateBannerBody, type UpdateBannerBody, checkBanner } from '@hondana/domain/admin/admin-commerce-api';
import { applyPatch, checkRule } from '@hondana/domain/admin/admin-edits';
import { instantToTokyoMinute } from '@hondana/domain/admin/admin-api';
import { AppError, ErrorCode, badRequest, notFound } from '@hondana/domain/common/errors';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema';
import type { AuditEntry } from './audit.repository';
import { type ColumnWriters, columnsOf } from './edit-columns';
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

/** A banner's columns, each from its field. */
const bannerWriters: ColumnWriters<BannerFields, repo.BannerColumns> = {
  imageUrl: (v) => ({ banner_url: v }),
  jumpUrl: (v) => ({ jump_url: v }),
  colorCode: (v) => ({ color_code: v }),
  location: (v) => ({ location: v }),
  priority: (v) => ({ priority: v }),
  start: (v) => ({ start_at: v }),
  end: (v) => ({ end_at: v }),
};

/** The banner's fields as it holds them. */
const bannerFields = (b: repo.BannerRow): BannerFields => ({
  imageUrl: b.banner_url,
  jumpUrl: b.jump_url,
  colorCode: b.color_code,
  location: b.location as BannerFields['location'],
  priority: b.priority,
  start: Number(b.start_at),
  end: Number(b.end_at),
});

export async function createBanner(trx: Transaction<Database>, input: CreateBannerBody, now: number): Change<AdminBannerView> {
  const { token: _token, ...fields } = input;
  // Every field is sent on a create, so every column is set.
  const id = await repo.insertBanner(trx, columnsOf(fields, bannerWriters) as repo.BannerColumns);
  const after = bannerView(await loadBanner(trx, id), now);
  return { body: after, audit: [{ action: 'banner.create', subject: `banner:${id}`, after }] };
}

/** Changes the fields sent and keeps the others; its period is checked as the save leaves it. */
export async function updateBanner(trx: Transaction<Database>, id: number, input: UpdateBannerBody, now: number): Change<AdminBannerView> {
  const { token: _token, version, ...fields } = input;
  const row = await loadBanner(trx, id);
  checkRule(checkBanner, applyPatch(bannerFields(row), fields));
  const before = bannerView(row, now);
  if (!(await repo.updateBannerAt(trx, id, version, columnsOf(fields, bannerWriters)))) throw conflict();
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
