import type { ImportAnswer } from '@hondana/domain/admin/admin-api';
import type { BannerImage } from '@hondana/domain/admin/admin-commerce-api';
import type { AppealImage } from '@hondana/domain/admin/admin-non-login-appeals-api';
import type { BookMediaView as BookMedia } from '@hondana/domain/admin/admin-media-api';
import { ApiError, apiRequest, apiUrl, createToken } from '../../../lib/api/client';
import { adminCopy, jaAdmin } from '../../../i18n/ja-admin';
import { secondFactorCopy } from '../../../i18n/ja-admin-second-factor';
import { withSecondFactor } from './second-factor';

export type { AdminBook, AdminCoupon, AdminTitle, AuditView, CancelOrderAnswer, ImportAnswer, MemberDetail, MemberListItem, RefundState, RetryRefundAnswer, SalesRow, TitleListItem } from '@hondana/domain/admin/admin-api';
/** A book's cover and sample as the console edits them. */
export type { BookMediaView as BookMedia } from '@hondana/domain/admin/admin-media-api';

/** The console's calls (`/api/admin/...`): reads through `adminGet`, changes with a fresh one-time token each. */
export const adminGet = <T>(path: string, query?: Record<string, string | number | undefined>) => apiRequest<T>(`/admin${path}`, { method: 'GET', query });

export function adminChange<T>(method: 'POST' | 'PUT' | 'DELETE', path: string, body: object): Promise<T> {
  // A money action asks the second factor again after ten minutes: the code is asked and the change sent again.
  return withSecondFactor(async () => {
    const token = await createToken('/admin/create_token');
    return apiRequest<T>(`/admin${path}`, { method, json: { token, ...body } });
  });
}

/**
 * Sends a file as the body of a console change (`POST /api/admin{path}` with a fresh one-time
 * token and `query`), reporting the upload's progress; answers with the server's JSON, or
 * rejects with the `ApiError` of its `errorCode`. Through XMLHttpRequest: fetch cannot report an
 * upload's progress.
 */
function postFile<T>(path: string, query: Record<string, string | number>, file: File, onProgress?: (percent: number) => void, type = 'application/octet-stream'): Promise<T> {
  return withSecondFactor(() => sendFile<T>(path, query, file, onProgress, type));
}

async function sendFile<T>(path: string, query: Record<string, string | number>, file: File, onProgress: ((percent: number) => void) | undefined, type: string): Promise<T> {
  const token = await createToken('/admin/create_token');
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', apiUrl(`/admin${path}`, { token, ...query }));
    xhr.setRequestHeader('content-type', type);
    if (onProgress) xhr.upload.onprogress = (e) => e.lengthComputable && onProgress(Math.round((e.loaded / e.total) * 100));
    xhr.onload = () => {
      const body = JSON.parse(xhr.responseText || 'null') as (T & { errorCode?: string; messages?: string[] }) | null;
      if (xhr.status >= 200 && xhr.status < 300 && body) resolve(body);
      else reject(new ApiError(xhr.status, body?.errorCode ?? 'INTERNAL_SERVER_ERROR', body?.messages ?? []));
    };
    xhr.onerror = () => reject(new ApiError(0, 'INTERNAL_SERVER_ERROR'));
    xhr.send(file);
  });
}

/**
 * Uploads a book file into a title (the same import as `npm run import`), reporting the upload's
 * progress; the server answers once the book is in the catalog.
 */
export const uploadBook = (titleId: number, file: File, onProgress: (percent: number) => void) => postFile<ImportAnswer>(`/titles/${titleId}/import`, { name: file.name }, file, onProgress);

/**
 * Uploads a CBZ or ZIP of page images as an episode's pages, against the version the operator saw
 * (409 when it moved), reporting the upload's progress; answers with the episode as it now is.
 */
export const uploadEpisodePages = (episodeId: number, version: number, file: File, onProgress: (percent: number) => void) =>
  postFile<AdminEpisode>(`/episodes/${episodeId}/pages`, { version }, file, onProgress);

/** Why an episode's file was refused, in Japanese: not a ZIP, no images, or the page image that does not decode. */
/** Why a serial's image was refused, in Japanese: not an image, or not §9's 522×327 shape. */
export function serialImageError(error: unknown): string {
  const message = error instanceof ApiError ? (error.messages[0] ?? '') : '';
  const shape = /^file: must be 522×327 .*, not (\d+×\d+)$/.exec(message);
  if (shape) return adminCopy('serials.image.badShape', { size: shape[1]! });
  if (/^file: not a (decodable|JPEG)/.test(message)) return adminCopy('serials.image.notImage');
  return changeError(error);
}

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
  if (error instanceof ApiError && error.messages.length > 0) {
    const fields = jaAdmin.fields as Record<string, string>;
    const named = error.messages.map((m) => m.split(':')[0]!.trim()).map((f) => fields[f] ?? fields[f.split('.')[0]!]);
    if (named.every(Boolean)) return [...new Set(named)].map((field) => adminCopy('common.invalid', { field: field! })).join('　');
  }
  return adminCopy('common.failedChange', { code: error instanceof ApiError ? error.errorCode : 'ERROR' });
}

import type { AdminEpisode, AdminSerial } from '@hondana/domain/admin/admin-serials-api';
export type { AdminEpisode, AdminSerial, AdminSerialListItem, CoinPackSalesRow, TopTitleRow } from '@hondana/domain/admin/admin-serials-api';

/** Uploads an image as the book's cover, against the version the operator saw (409 when it moved). */
export const uploadSerialImage = (serialId: number, version: number, file: File) =>
  postFile<AdminSerial>(`/serials/${serialId}/image`, { version }, file, undefined, file.type || 'application/octet-stream');
export const uploadCover = (bookId: number, version: number, file: File) => postFile<BookMedia>(`/books/${bookId}/cover`, { version }, file, undefined, file.type || 'application/octet-stream');

/** Uploads a banner's image into the media store; a banner then names it by its id. */
export const uploadBannerImage = (file: File) => postFile<BannerImage>('/banner_images', {}, file, undefined, file.type || 'application/octet-stream');

/** Uploads a non-login appeal's image; answers the address the store serves it at (the appeal's `imageUrl`). */
export const uploadAppealImage = (file: File) => postFile<AppealImage>('/non_login_appeal_images', {}, file, undefined, file.type || 'application/octet-stream');
