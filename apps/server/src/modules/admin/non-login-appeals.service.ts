import { instantToTokyoMinute } from '@hondana/domain/common/time';
import { checkNonLoginAppeal } from '@hondana/domain/admin/admin-non-login-appeals';
import { applyPatch, checkRule } from '@hondana/domain/admin/admin-edits';
import {
  type AdminNonLoginAppealView,
  type AppealImage,
  type AppealState,
  type CreateNonLoginAppealBody,
  type NonLoginAppealFields,
  type UpdateNonLoginAppealBody,
} from '@hondana/domain/admin/admin-non-login-appeals-api';
import { AppError, ErrorCode, badRequest, notFound } from '@hondana/domain/common/errors';
import type { Transaction } from 'kysely';
import type { Database, Db } from '../../db/schema';
import { type StoredImage, storeImage } from '../../import/page-images';
import { BANNER_WIDTHS } from '../../media/media-spec';
import type { MediaStore } from '../../media/media-store';
import type { AuditEntry } from './audit.repository';
import { addBannerImage } from './banners.repository';
import { type ColumnWriters, columnsOf } from './edit-columns';
import * as repo from './non-login-appeals.repository';

/**
 * The console's non-login appeals (§3 Non-login appeal, §7 `GET /non_login_appeal`): the appeal
 * guests see on the top page while it runs (the one ending first when several do). Its image is an
 * address (a site path or https), or one uploaded here into the media store as banner images are
 * and served by `/media/banners/<id>/<width>.webp`.
 */
type Change<T> = Promise<{ body: T; audit: AuditEntry[] }>;

const conflict = () =>
  new AppError(409, ErrorCode.EDIT_CONFLICT, ['non-login appeal: changed by someone else since it was loaded; load it again']);

const stateAt = (a: { start_at: number; end_at: number }, now: number): AppealState =>
  Number(a.end_at) <= now ? 'ended' : Number(a.start_at) > now ? 'scheduled' : 'running';

function appealView(a: repo.AppealRow, now: number): AdminNonLoginAppealView {
  return {
    id: a.id,
    name: a.name,
    imageUrl: a.image_url,
    appealText: a.appeal_text,
    start: instantToTokyoMinute(Number(a.start_at)),
    end: instantToTokyoMinute(Number(a.end_at)),
    state: stateAt(a, now),
    version: a.version,
  };
}

export async function listNonLoginAppeals(db: Db, state: AppealState | undefined, now: number): Promise<AdminNonLoginAppealView[]> {
  return (await repo.appealRows(db, state, now)).map((a) => appealView(a, now));
}

async function loadAppeal(db: Db, id: number) {
  const row = await repo.appealRow(db, id);
  if (!row) throw notFound('non-login appeal');
  return row;
}

const appealWriters: ColumnWriters<NonLoginAppealFields, repo.AppealColumns> = {
  name: (v) => ({ name: v }),
  imageUrl: (v) => ({ image_url: v }),
  appealText: (v) => ({ appeal_text: v }),
  start: (v) => ({ start_at: v }),
  end: (v) => ({ end_at: v }),
};

const appealFields = (a: repo.AppealRow): NonLoginAppealFields => ({
  name: a.name,
  imageUrl: a.image_url,
  appealText: a.appeal_text,
  start: Number(a.start_at),
  end: Number(a.end_at),
});

/** The appeal's image is shown 96 px square: smaller ones would blur. */
const MIN_SIDE = 96;

/** The uploaded image, proved a whole JPEG, PNG, WebP or AVIF by decoding it, stored under its hash. */
export async function storeAppealImage(media: MediaStore, data: Buffer): Promise<StoredImage> {
  const image = await storeImage(data, media, (message) => badRequest('file', message));
  if (image.width < MIN_SIDE || image.height < MIN_SIDE)
    throw badRequest('file', `must be at least ${MIN_SIDE}×${MIN_SIDE}, not ${image.width}×${image.height}`);
  return image;
}

/** Records the stored image (once per image) and answers where the store serves it, for the appeal's `imageUrl`. */
export async function addAppealImage(trx: Transaction<Database>, image: StoredImage, now: number): Change<AppealImage> {
  const id = await addBannerImage(trx, { original_key: image.key, width: image.width, height: image.height, uploaded_at: now });
  const body = { imageUrl: `/media/banners/${id}/${BANNER_WIDTHS[0]}.webp`, width: image.width, height: image.height };
  return { body, audit: [{ action: 'non_login_appeal.image', subject: `banner_image:${id}`, after: { ...body, original: image.key } }] };
}

/** A new appeal (the demo's seed calls this too, in its own transaction). */
export async function createNonLoginAppeal(
  trx: Db,
  input: Omit<CreateNonLoginAppealBody, 'token'>,
  now: number,
): Change<AdminNonLoginAppealView> {
  const { name, imageUrl, appealText, start, end } = input;
  const fields = { name, imageUrl, appealText, start, end };
  // The request's schema checked these; a caller with no request (the demo) is checked the same.
  checkRule(checkNonLoginAppeal, fields);
  const id = await repo.insertAppeal(trx, columnsOf(fields, appealWriters) as repo.AppealColumns);
  const after = appealView(await loadAppeal(trx, id), now);
  return { body: after, audit: [{ action: 'non_login_appeal.create', subject: `non_login_appeal:${id}`, after }] };
}

/** Changes the fields sent and keeps the others; its period is checked as the save leaves it. */
export async function updateNonLoginAppeal(
  trx: Transaction<Database>,
  id: number,
  input: UpdateNonLoginAppealBody,
  now: number,
): Change<AdminNonLoginAppealView> {
  const { token: _token, version, ...fields } = input;
  const row = await loadAppeal(trx, id);
  checkRule(checkNonLoginAppeal, applyPatch(appealFields(row), fields));
  const before = appealView(row, now);
  if (!(await repo.updateAppealAt(trx, id, version, columnsOf(fields, appealWriters)))) throw conflict();
  const after = appealView(await loadAppeal(trx, id), now);
  return { body: after, audit: [{ action: 'non_login_appeal.update', subject: `non_login_appeal:${id}`, before, after }] };
}

/** Ends an appeal now: guests stop seeing it at once; it stays listed. (One not started yet gets a start a moment before.) */
export async function endNonLoginAppeal(
  trx: Transaction<Database>,
  id: number,
  version: number,
  now: number,
): Change<AdminNonLoginAppealView> {
  const row = await loadAppeal(trx, id);
  if (row.version !== version) throw conflict();
  if (Number(row.end_at) <= now) throw badRequest('end', 'has already ended');
  const before = appealView(row, now);
  if (!(await repo.updateAppealAt(trx, id, version, { start_at: Math.min(Number(row.start_at), now - 1), end_at: now }))) throw conflict();
  const after = appealView(await loadAppeal(trx, id), now);
  return { body: after, audit: [{ action: 'non_login_appeal.end', subject: `non_login_appeal:${id}`, before, after }] };
}
