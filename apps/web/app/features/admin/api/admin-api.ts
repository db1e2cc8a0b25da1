import type { ImportAnswer } from '@hondana/domain/admin/admin-api';
import type { BannerImage } from '@hondana/domain/admin/admin-commerce-api';
import type { AppealImage } from '@hondana/domain/admin/admin-non-login-appeals-api';
import type { BookMediaView as BookMedia } from '@hondana/domain/admin/admin-media-api';
import { ApiError, apiRequest, createToken } from '../../../lib/api/client';
import { type UploadRequest, uploadFile } from '../../../lib/api/upload';
import { adminCopy, jaAdmin } from '../../../i18n/ja-admin';
import { secondFactorCopy } from '../../../i18n/ja-admin-second-factor';
import { withSecondFactor } from './second-factor';

export type {
  AdminBook,
  AdminCoupon,
  AdminTitle,
  AuditView,
  CancelOrderAnswer,
  ImportAnswer,
  MemberDetail,
  MemberListItem,
  RefundState,
  RetryRefundAnswer,
  SalesRow,
  TitleListItem,
} from '@hondana/domain/admin/admin-api';
/** A book's cover and sample as the console edits them. */
export type { BookMediaView as BookMedia } from '@hondana/domain/admin/admin-media-api';

/** The console's calls (`/api/admin/...`): reads through `adminGet`, changes with a fresh one-time token each. */
export const adminGet = <T>(path: string, query?: Record<string, string | number | undefined>) =>
  apiRequest<T>(`/admin${path}`, { method: 'GET', query });

export function adminChange<T>(method: 'POST' | 'PUT' | 'DELETE', path: string, body: object): Promise<T> {
  // A money action asks the second factor again after ten minutes: the code is asked and the change sent again.
  return withSecondFactor(async () => {
    const token = await createToken('/admin/create_token');
    return apiRequest<T>(`/admin${path}`, { method, json: { token, ...body } });
  });
}

/** How an archive goes (the CBZ, ZIP or EPUB import and an episode's pages take their bytes as they are). */
const ARCHIVE = 'application/octet-stream';

/**
 * Sends a file as the body of a console change (`POST /api/admin{path}` with a fresh one-time
 * token and `query`) through the client's upload: its progress, errors, 401 and idle timeout.
 */
function adminUpload<T>(path: string, file: File, request: UploadRequest = {}): Promise<T> {
  return withSecondFactor(async () => {
    const token = await createToken('/admin/create_token');
    return uploadFile<T>(`/admin${path}`, file, { ...request, query: { ...request.query, token } });
  });
}

/**
 * Uploads a book file into a title (the same import as `npm run import`), reporting the upload's
 * progress; the server answers once the book is in the catalog.
 */
export const uploadBook = (titleId: number, file: File, onProgress: (percent: number) => void) =>
  adminUpload<ImportAnswer>(`/titles/${titleId}/import`, file, { query: { name: file.name }, type: ARCHIVE, onProgress });

/**
 * Uploads a CBZ or ZIP of page images as an episode's pages, against the version the operator saw
 * (409 when it moved), reporting the upload's progress; answers with the episode as it now is.
 */
export const uploadEpisodePages = (episodeId: number, version: number, file: File, onProgress: (percent: number) => void) =>
  adminUpload<AdminEpisode>(`/episodes/${episodeId}/pages`, file, { query: { version }, type: ARCHIVE, onProgress });

/** Why a serial's image was refused, in Japanese: not an image, or not §9's 522×327 shape. */
export function serialImageError(error: unknown): string {
  const message = error instanceof ApiError ? (error.messages[0] ?? '') : '';
  const shape = /^file: must be 522×327 .*, not (\d+×\d+)$/.exec(message);
  if (shape) return adminCopy('serials.image.badShape', { size: shape[1]! });
  if (/^file: not a (decodable|JPEG)/.test(message)) return adminCopy('serials.image.notImage');
  return changeError(error);
}

/** Why an episode's file was refused, in Japanese: not a ZIP, no images, or the page image that does not decode. */
export function episodeFileError(error: unknown): string {
  const message = error instanceof ApiError ? (error.messages[0] ?? '') : '';
  if (message.startsWith('file: not a ZIP archive')) return adminCopy('serials.pages.notZip');
  if (message.startsWith('file: no page images')) return adminCopy('serials.pages.noImages');
  const broken = /^file: (.+): not (?:a decodable|a JPEG)/.exec(message);
  if (broken) return adminCopy('serials.pages.badImage', { entry: broken[1]! });
  return changeError(error);
}

/** The message to show for a failed change, in Japanese: the concurrent edit, or the fields the server named. */
export function changeError(error: unknown): string {
  if (error instanceof ApiError && error.errorCode === 'EDIT_CONFLICT') return adminCopy('common.conflict');
  if (error instanceof ApiError && error.errorCode === 'SECOND_FACTOR_REQUIRED') return secondFactorCopy('again.cancelled');
  // The client's own words for a call that gave up or found no network (an upload still for 60 s, a change after 30 s).
  if (error instanceof ApiError && error.errorCode === 'REQUEST_TIMEOUT' && error.messages[0]) return error.messages[0];
  if (error instanceof ApiError && error.messages.length > 0) {
    const fields = jaAdmin.fields as Record<string, string>;
    const named = error.messages.map((m) => m.split(':')[0]!.trim()).map((f) => fields[f] ?? fields[f.split('.')[0]!]);
    if (named.every(Boolean)) return [...new Set(named)].map((field) => adminCopy('common.invalid', { field: field! })).join('　');
  }
  return adminCopy('common.failedChange', { code: error instanceof ApiError ? error.errorCode : 'ERROR' });
}

import type { AdminEpisode, AdminSerial } from '@hondana/domain/admin/admin-serials-api';
export type {
  AdminEpisode,
  AdminSerial,
  AdminSerialListItem,
  CoinPackSalesRow,
  TopTitleRow,
} from '@hondana/domain/admin/admin-serials-api';

/** Uploads an image as the serial's key visual, against the version the operator saw (409 when it moved). */
export const uploadSerialImage = (serialId: number, version: number, file: File) =>
  adminUpload<AdminSerial>(`/serials/${serialId}/image`, file, { query: { version } });
/** Uploads an image as the book's cover, against the version the operator saw (409 when it moved). */
export const uploadCover = (bookId: number, version: number, file: File) =>
  adminUpload<BookMedia>(`/books/${bookId}/cover`, file, { query: { version } });

/** Uploads a banner's image into the media store; a banner then names it by its id. */
export const uploadBannerImage = (file: File) => adminUpload<BannerImage>('/banner_images', file);

/** Uploads a non-login appeal's image; answers the address the store serves it at (the appeal's `imageUrl`). */
export const uploadAppealImage = (file: File) => adminUpload<AppealImage>('/non_login_appeal_images', file);
