/**
 * The browser's one way to send a file to `/api` (the console's imports and images): under
 * client.ts's rules (an `ApiError` carrying the server's §8 `errorCode` and messages, a 401 sent to
 * login), through XMLHttpRequest because fetch cannot report an upload's progress. Its own module:
 * only the console loads it.
 */

import { apiCopy } from '../../i18n/ja-api';
import { ApiError, type Query, apiUrl, redirectToLogin } from './client';
import { sessionEpoch } from './transport';

/**
 * While the file is being sent, an upload gives up after 60 s in which nothing moved (no bytes
 * sent), not after a total: a large EPUB on a slow line takes minutes and is still going.
 */
export const UPLOAD_IDLE_TIMEOUT_MS = 60_000;

/**
 * Once the whole file is sent, the server works on it before it answers (an import draws the
 * pages' derivatives), which is no byte moving either: the wait for the answer has a limit of its
 * own, past the server's (§9: a handler is answered 408 after 30 s).
 */
export const UPLOAD_ANSWER_TIMEOUT_MS = 2 * 60_000;

export interface UploadRequest {
  query?: Query;
  /** The body's content-type: the file's own by default (`application/octet-stream` when the browser knows none). */
  type?: string;
  /** The whole percent of the file sent so far, as it goes. */
  onProgress?: (percent: number) => void;
  /** Stops the upload; the promise rejects with the signal's reason, as fetch does. */
  signal?: AbortSignal;
  /** A 401 is an answer the caller handles, not a reason to go to login. */
  allowUnauthorized?: boolean;
}

type ErrorBody = { errorCode?: string; messages?: string[] } | null;

function parse(text: string): unknown {
  try {
    return JSON.parse(text || 'null');
  } catch {
    return null; // a proxy's HTML page, not the store's JSON
  }
}

/** POSTs `file` as the body to `/api{path}` and answers with the server's JSON. */
export function uploadFile<T>(path: string, file: Blob, request: UploadRequest = {}): Promise<T> {
  const { query, type = file.type || 'application/octet-stream', onProgress, signal, allowUnauthorized } = request;
  const epoch = sessionEpoch();
  return new Promise<T>((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const xhr = new XMLHttpRequest();
    let idle: ReturnType<typeof setTimeout> | undefined;
    let settled = false;
    // The first of the answer, a failure, the idle timeout or the caller's abort decides; what follows is ignored.
    const settle = (outcome: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(idle);
      signal?.removeEventListener('abort', stop);
      outcome();
    };
    const cancel = (reason: unknown) =>
      settle(() => {
        xhr.abort();
        reject(reason);
      });
    const stop = () => cancel(signal?.reason);
    const waitAtMost = (ms: number) => {
      clearTimeout(idle);
      idle = setTimeout(() => cancel(new ApiError(408, 'REQUEST_TIMEOUT', [apiCopy.timeout])), ms);
    };
    let sent = false;
    const moved = () => waitAtMost(sent ? UPLOAD_ANSWER_TIMEOUT_MS : UPLOAD_IDLE_TIMEOUT_MS);

    xhr.open('POST', apiUrl(path, query));
    xhr.setRequestHeader('accept', 'application/json');
    xhr.setRequestHeader('content-type', type);
    xhr.upload.onprogress = (e) => {
      moved();
      if (onProgress && e.lengthComputable && e.total > 0) onProgress(Math.round((e.loaded / e.total) * 100));
    };
    xhr.upload.onload = () => {
      sent = true;
      moved();
    };
    xhr.onprogress = moved;
    xhr.onload = () =>
      settle(() => {
        const payload = parse(xhr.responseText);
        if (xhr.status >= 200 && xhr.status < 300) return resolve(payload as T);
        if (xhr.status === 401 && !allowUnauthorized) redirectToLogin(epoch);
        const body = payload as ErrorBody;
        reject(new ApiError(xhr.status, body?.errorCode ?? 'INTERNAL_SERVER_ERROR', body?.messages ?? []));
      });
    // No answer at all (the network, or the connection cut): the same words as a fetch that failed.
    xhr.onerror = () => settle(() => reject(new ApiError(408, 'REQUEST_TIMEOUT', [apiCopy.network])));
    signal?.addEventListener('abort', stop);
    moved();
    xhr.send(file);
  });
}
