import {
  type AdminEpisode,
  type AdminSerial,
  type AdminSerialListItem,
  type CreateEpisodeBody,
  type CreateSerialBody,
  type EpisodeFields,
  SERIAL_IMAGE_SIZE,
  type SerialFields,
  type UpdateEpisodeBody,
  type UpdateSerialBody,
} from '@hondana/domain/admin/admin-serials-api';
import { episodeRules } from '@hondana/domain/admin/admin-serials';
import { instantToTokyoMinute } from '@hondana/domain/common/time';
import { applyPatch, checkRule } from '@hondana/domain/admin/admin-edits';
import { AppError, ErrorCode, badRequest, notFound } from '@hondana/domain/common/errors';
import { SpendType } from '@hondana/domain/serials/serials';
import type { Transaction } from 'kysely';
import type { Database, Db } from '../../db/schema';
import { type StoredImage, storeImage } from '../../import/page-images';
import { mediaUrl } from '../../media/media-spec';
import type { MediaStore } from '../../media/media-store';
import { lockTitle } from '../catalog/catalog-writes';
import type { AuditEntry } from './audit.repository';
import { type ColumnWriters, columnsOf } from './edit-columns';
import * as repo from './admin-serials.repository';

const conflict = (what: string) =>
  new AppError(409, ErrorCode.EDIT_CONFLICT, [`${what}: changed by someone else since it was loaded; load it again`]);

export function episodeView(e: repo.EpisodeRow): AdminEpisode {
  const derived = e.free_flg === 1 || e.price === 0 ? SpendType.FREE : null;
  return {
    id: e.id,
    orderSequence: e.order_sequence,
    title: e.title,
    price: e.price,
    spendType: e.spend_type ?? derived ?? SpendType.CHARGE,
    releaseAt: instantToTokyoMinute(Number(e.release_datetime)),
    endAt: e.end_datetime === null ? null : instantToTokyoMinute(Number(e.end_datetime)),
    pageCount: e.page_count,
    layoutType: e.layout_type,
    bookId: e.book_id,
    pagesUploaded: e.media_version > 0,
    mediaVersion: e.media_version,
    version: e.version,
  };
}

export async function searchSerials(db: Db, q: string, offset: number): Promise<AdminSerialListItem[]> {
  const rows = await repo.searchSerials(db, q, offset);
  return rows.map((r) => ({ id: r.id, name: r.name, titleId: r.title_id, episodeCount: Number(r.episode_count ?? 0) }));
}

export async function serialDetail(db: Db, serialId: number): Promise<AdminSerial> {
  const s = await repo.serialRow(db, serialId);
  if (!s) throw notFound('serial');
  const [episodes, volumes] = await Promise.all([
    repo.serialEpisodes(db, serialId),
    s.title_id === null ? [] : repo.titleVolumes(db, s.title_id),
  ]);
  return {
    id: s.id,
    name: s.name,
    titleId: s.title_id,
    description: s.description,
    themeColor: s.theme_color,
    subColor: s.sub_color,
    category: s.category,
    rewardUsable: s.reward_usable === 1,
    endAt: s.end_datetime === null ? null : instantToTokyoMinute(Number(s.end_datetime)),
    chargeMinutes: s.charge_minutes,
    rentalMinutes: s.rental_minutes,
    orderOnly: s.order_only === 1,
    ticketUsable: s.ticket_usable === 1,
    imageUrl: mediaUrl(
      { kind: 'serial', serialId: s.id, width: SERIAL_IMAGE_SIZE.width, format: 'webp' },
      s.image_version > 0 ? s.image_version : undefined,
    ),
    imageUploaded: s.image_key !== null,
    version: s.version,
    episodes: episodes.map(episodeView),
    volumes,
  };
}

const settings = (s: AdminSerial) => ({
  chargeMinutes: s.chargeMinutes,
  rentalMinutes: s.rentalMinutes,
  orderOnly: s.orderOnly,
  ticketUsable: s.ticketUsable,
  version: s.version,
});

const serialWriters: ColumnWriters<SerialFields, repo.SerialColumns> = {
  chargeMinutes: (v) => ({ charge_minutes: v }),
  rentalMinutes: (v) => ({ rental_minutes: v }),
  orderOnly: (v) => ({ order_only: v ? 1 : 0 }),
  ticketUsable: (v) => ({ ticket_usable: v ? 1 : 0 }),
};

/** The serial's normal ticket refill, rental length, order-only and special-ticket settings: the fields sent, the others kept. */
export async function updateSerial(
  trx: Transaction<Database>,
  serialId: number,
  input: UpdateSerialBody,
): Promise<{ body: AdminSerial; audit: AuditEntry[] }> {
  const { token: _token, version, ...fields } = input;
  const before = await serialDetail(trx, serialId);
  if (fields.chargeMinutes === 0 && before.episodes.some((e) => e.spendType === SpendType.CHARGE && e.price > 0))
    throw badRequest('chargeMinutes', 'episodes open with the normal ticket: set them to coins first, or keep a refill time');
  if (!(await repo.updateSerialAt(trx, serialId, version, columnsOf(fields, serialWriters)))) throw conflict('serial');
  const after = await serialDetail(trx, serialId);
  return {
    body: after,
    audit: [{ action: 'serial.update', subject: `serial:${serialId}`, before: settings(before), after: settings(after) }],
  };
}

/**
 * A new serial for an existing title, with no episodes yet (the store lists it once one is
 * released). A title has at most one serial: the store's book and title pages show one.
 */
export async function createSerial(
  trx: Transaction<Database>,
  input: CreateSerialBody,
  now: number,
): Promise<{ body: AdminSerial; audit: AuditEntry[] }> {
  const { token: _token, ...f } = input;
  if (!(await lockTitle(trx, f.titleId))) throw new AppError(404, ErrorCode.NOT_FOUND, ['titleId: no such title']);
  const id = await repo.insertSerialForTitle(
    trx,
    {
      title_id: f.titleId,
      name: f.name,
      description: f.description,
      theme_color: f.themeColor.toLowerCase(),
      sub_color: f.subColor.toLowerCase(),
      category: f.category,
      ticket_usable: f.ticketUsable ? 1 : 0,
      reward_usable: f.rewardUsable ? 1 : 0,
      charge_minutes: f.chargeMinutes,
      rental_minutes: f.rentalMinutes,
      order_only: f.orderOnly ? 1 : 0,
      end_datetime: f.endAt,
    },
    now,
  );
  if (id === 'taken') throw badRequest('titleId', 'the title already has a serial (a title has one serial): edit that one');
  const after = await serialDetail(trx, id);
  const { episodes: _episodes, ...shown } = after;
  return { body: after, audit: [{ action: 'serial.create', subject: `serial:${id}`, after: shown }] };
}

/** An episode's columns, each from its field (its spend type sets the free flag too). */
const episodeWriters: ColumnWriters<EpisodeFields, repo.EpisodeColumns> = {
  title: (v) => ({ title: v }),
  price: (v) => ({ price: v }),
  spendType: (v) => ({ spend_type: v, free_flg: v === SpendType.FREE ? 1 : 0 }),
  releaseAt: (v) => ({ release_datetime: v }),
  endAt: (v) => ({ end_datetime: v }),
  layoutType: (v) => ({ layout_type: v }),
  bookId: (v) => ({ book_id: v }),
};

/** An episode is collected only in a volume of its serial's own title: its owners then read the episode. */
async function checkCollectedIn(trx: Db, serial: repo.SerialRow, bookId: number | null | undefined) {
  if (bookId === undefined || bookId === null) return;
  if (serial.title_id === null || !(await repo.isVolumeOf(trx, bookId, serial.title_id)))
    throw badRequest('bookId', "must be a volume of the serial's title");
}

/** A normal-ticket episode needs the serial to have a normal ticket. */
function checkSpendType(serial: repo.SerialRow, spendType: number | undefined) {
  if (spendType === SpendType.CHARGE && serial.charge_minutes === 0)
    throw badRequest('spendType', 'the serial has no normal ticket (chargeMinutes is 0): choose coins');
}

async function loadSerial(trx: Db, serialId: number): Promise<repo.SerialRow> {
  const s = await repo.serialRow(trx, serialId);
  if (!s) throw notFound('serial');
  return s;
}

/** Schedules a new episode after the last one, with its spend type, price and release (Asia/Tokyo). */
export async function createEpisode(
  trx: Transaction<Database>,
  serialId: number,
  input: CreateEpisodeBody,
  now: number,
): Promise<{ body: AdminEpisode; audit: AuditEntry[] }> {
  const serial = await loadSerial(trx, serialId);
  checkSpendType(serial, input.spendType);
  await checkCollectedIn(trx, serial, input.bookId);
  const { token: _token, pageCount, ...fields } = input;
  // Every field is sent on a create, so every column is set.
  const id = await repo.insertEpisode(trx, serialId, columnsOf(fields, episodeWriters) as repo.EpisodeColumns, pageCount, now);
  const after = episodeView((await repo.episodeRow(trx, id))!);
  return { body: after, audit: [{ action: 'episode.create', subject: `episode:${id}`, after: { serialId, ...after } }] };
}

/** Changes the fields sent and keeps the others; the episode's rules are checked as the save leaves it. */
export async function updateEpisode(
  trx: Transaction<Database>,
  episodeId: number,
  input: UpdateEpisodeBody,
): Promise<{ body: AdminEpisode; audit: AuditEntry[] }> {
  const { token: _token, version, ...fields } = input;
  const row = await repo.episodeRow(trx, episodeId);
  if (!row) throw notFound('episode');
  const held = episodeView(row);
  const next = applyPatch(
    {
      price: row.price,
      spendType: held.spendType as EpisodeFields['spendType'],
      releaseAt: Number(row.release_datetime),
      endAt: row.end_datetime === null ? null : Number(row.end_datetime),
    },
    fields,
  );
  checkRule(episodeRules, next);
  const serial = await loadSerial(trx, row.serial_id);
  checkSpendType(serial, fields.spendType);
  await checkCollectedIn(trx, serial, fields.bookId);
  if (!(await repo.updateEpisodeAt(trx, episodeId, version, columnsOf(fields, episodeWriters)))) throw conflict('episode');
  const after = episodeView((await repo.episodeRow(trx, episodeId))!);
  return {
    body: after,
    audit: [
      {
        action: 'episode.update',
        subject: `episode:${episodeId}`,
        before: { serialId: row.serial_id, ...episodeView(row) },
        after: { serialId: row.serial_id, ...after },
      },
    ],
  };
}

const SERIAL_ASPECT = SERIAL_IMAGE_SIZE.width / SERIAL_IMAGE_SIZE.height;
const serialShaped = (i: { width: number; height: number }) =>
  i.width >= SERIAL_IMAGE_SIZE.width && Math.abs(i.width / i.height / SERIAL_ASPECT - 1) <= 0.03;

/**
 * A serial's key visual (issue 37): proved a whole JPEG, PNG, WebP or AVIF by decoding it (the
 * import's `storeImage`, as for covers and banners), of §9's 522×327 shape, stored under its hash
 * before the catalog write.
 */
export async function storeSerialImage(media: MediaStore, data: Buffer): Promise<StoredImage> {
  const image = await storeImage(data, media, (message) => badRequest('file', message));
  if (!serialShaped(image)) {
    throw badRequest(
      'file',
      `must be ${SERIAL_IMAGE_SIZE.width}×${SERIAL_IMAGE_SIZE.height} or the same shape larger (e.g. 1044×654), not ${image.width}×${image.height}`,
    );
  }
  return image;
}

/** The serial shows the uploaded key visual from now on, if it is still at `version` (409 otherwise). */
export async function setSerialImage(
  trx: Transaction<Database>,
  serialId: number,
  input: { version: number; image: StoredImage },
): Promise<{ body: AdminSerial; audit: AuditEntry[] }> {
  const before = await serialDetail(trx, serialId);
  if (!(await repo.setSerialImageAt(trx, serialId, input.version, input.image.key))) throw conflict('serial');
  const after = await serialDetail(trx, serialId);
  return {
    body: after,
    audit: [
      {
        action: 'serial.image',
        subject: `serial:${serialId}`,
        before: { imageUrl: before.imageUrl, uploaded: before.imageUploaded },
        after: { imageUrl: after.imageUrl, original: input.image.key, width: input.image.width, height: input.image.height },
      },
    ],
  };
}

/** The old key visual's sizes are dropped: the next request makes them from the new original. */
export const dropSerialImageDerivatives = (media: MediaStore, serialId: number) => media.deletePrefix(`serials/${serialId}/`);
