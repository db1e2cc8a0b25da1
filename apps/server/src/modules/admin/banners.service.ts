import {
  type AdminBannerView,
  type BannerFields,
  type BannerImage,
  type CreateBannerBody,
  type UpdateBannerBody,
} from '@hondana/domain/admin/admin-commerce-api';
import { checkBanner } from '@hondana/domain/admin/admin-commerce';
import { instantToTokyoMinute } from '@hondana/domain/common/time';
import { applyPatch, checkRule } from '@hondana/domain/admin/admin-edits';
import { AppError, ErrorCode, badRequest, notFound } from '@hondana/domain/common/errors';
import type { Transaction } from 'kysely';
import type { Database, Db } from '../../db/schema';
import { type StoredImage, storeImage } from '../../import/page-images';
import { BANNER_SIZE, BANNER_WIDTHS } from '../../media/media-spec';
import type { MediaStore } from '../../media/media-store';
import type { AuditEntry } from './audit.repository';
import { type ColumnWriters, columnsOf } from './edit-columns';
import * as repo from './banners.repository';

/**
 * The console's reach banners (§3 Banner, §7 `GET /reach_banner/get_banners/v2|v3`): the store
 * shows those in their period, highest priority first, then the newest. Their images are uploaded
 * into the media store first, as covers are, and served by `/media/banners/<id>/<width>.webp`.
 */
type Change<T> = Promise<{ body: T; audit: AuditEntry[] }>;

const conflict = () => new AppError(409, ErrorCode.EDIT_CONFLICT, ['banner: changed by someone else since it was loaded; load it again']);

function bannerView(b: repo.BannerRow, now: number): AdminBannerView {
  const start = Number(b.start_at);
  const end = Number(b.end_at);
  return {
    id: b.id,
    imageId: b.image_id,
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

// Banner images

/** Where the store serves an uploaded image: at twice the banner's width when it is that wide, for sharp screens. */
const imageUrl = (image: { id: number; width: number }) =>
  `/media/banners/${image.id}/${image.width >= BANNER_WIDTHS[1] ? BANNER_WIDTHS[1] : BANNER_WIDTHS[0]}.webp`;

/** A banner's shape: 480×90 (§9) or the same shape larger, within 3 %. */
const ASPECT = BANNER_SIZE.width / BANNER_SIZE.height;
const bannerShaped = (i: { width: number; height: number }) =>
  i.width >= BANNER_SIZE.width && Math.abs(i.width / i.height / ASPECT - 1) <= 0.03;

/**
 * The uploaded image, proved a whole JPEG, PNG, WebP or AVIF by decoding it (the import's
 * `storeImage`, as for covers: the file's name and type say nothing) and of a banner's shape;
 * stored under its hash before the catalog write.
 */
export async function storeBannerImage(media: MediaStore, data: Buffer): Promise<StoredImage> {
  const image = await storeImage(data, media, (message) => badRequest('file', message));
  if (!bannerShaped(image))
    throw badRequest(
      'file',
      `must be ${BANNER_SIZE.width}×${BANNER_SIZE.height} or the same shape larger (e.g. 960×180), not ${image.width}×${image.height}`,
    );
  return image;
}

/** Records the stored image (once per image, however often it is uploaded) and answers where the store serves it. */
export async function addBannerImage(trx: Transaction<Database>, image: StoredImage, now: number): Change<BannerImage> {
  const id = await repo.addBannerImage(trx, { original_key: image.key, width: image.width, height: image.height, uploaded_at: now });
  const body = { imageId: id, imageUrl: imageUrl({ id, width: image.width }), width: image.width, height: image.height };
  return { body, audit: [{ action: 'banner.image', subject: `banner_image:${id}`, after: { ...body, original: image.key } }] };
}

// Banners

/** A banner's columns, each from its field (its image's address is found with the image, `imageColumns`). */
const bannerWriters: ColumnWriters<BannerFields, repo.BannerColumns> = {
  imageId: (v) => ({ image_id: v }),
  jumpUrl: (v) => ({ jump_url: v }),
  colorCode: (v) => ({ color_code: v }),
  location: (v) => ({ location: v }),
  priority: (v) => ({ priority: v }),
  start: (v) => ({ start_at: v }),
  end: (v) => ({ end_at: v }),
};

/** The columns of the fields sent, with the address the store serves the chosen image at. */
async function bannerColumns(trx: Db, fields: Partial<BannerFields>): Promise<Partial<repo.BannerColumns>> {
  const columns = columnsOf(fields, bannerWriters);
  if (fields.imageId !== undefined) {
    const image = await repo.bannerImage(trx, fields.imageId);
    if (!image) throw badRequest('imageId', 'must be an uploaded banner image');
    columns.banner_url = imageUrl(image);
  }
  return columns;
}

/** The banner's fields as it holds them (an image typed before uploads has no id: 0 stands for it in the rules). */
const bannerFields = (b: repo.BannerRow): BannerFields => ({
  imageId: b.image_id ?? 0,
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
  const id = await repo.insertBanner(trx, (await bannerColumns(trx, fields)) as repo.BannerColumns);
  const after = bannerView(await loadBanner(trx, id), now);
  return { body: after, audit: [{ action: 'banner.create', subject: `banner:${id}`, after }] };
}

/** Changes the fields sent and keeps the others; its period is checked as the save leaves it. */
export async function updateBanner(trx: Transaction<Database>, id: number, input: UpdateBannerBody, now: number): Change<AdminBannerView> {
  const { token: _token, version, ...fields } = input;
  const row = await loadBanner(trx, id);
  checkRule(checkBanner, applyPatch(bannerFields(row), fields));
  const before = bannerView(row, now);
  if (!(await repo.updateBannerAt(trx, id, version, await bannerColumns(trx, fields)))) throw conflict();
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
