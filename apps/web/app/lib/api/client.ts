/**
 * The browser's one way to call `/api` (spec §7): the session cookie sent along, a 30 s timeout
 * (§9), JSON or form bodies, and every failure turned into an `ApiError` carrying the server's
 * §8 `errorCode`. A 401 sends the reader to login with a callback to the page they were on,
 * unless the caller says a guest answer is expected. A file sent with its progress goes through
 * upload.ts, under the same errors and 401.
 */

import { apiCopy } from '../../i18n/ja-api';
import { send, sessionEpoch } from './transport';

/** §9: every call gives up after 30000 ms (the answer's body included). */
export const API_TIMEOUT_MS = 30_000;

/** The Japanese message a reader sees when a call gave up after 30 s (or the network failed). */

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly errorCode: string,
    readonly messages: string[] = [],
  ) {
    super(`${errorCode} (${status})`);
    this.name = 'ApiError';
  }
}

export type Query = Record<string, string | number | boolean | undefined | null>;
type FormFields = Record<string, string | number | boolean | undefined>;

interface ApiRequest {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  query?: Query;
  /** Sent as JSON. */
  json?: unknown;
  /** Sent as `application/x-www-form-urlencoded` (§7 sends reviews, comments and wishes as forms). */
  form?: FormFields;
  signal?: AbortSignal;
  /** A 401 is an answer the caller handles (guests probing), not a reason to go to login. */
  allowUnauthorized?: boolean;
}

/** `/api` + path + query, dropping undefined and null values. */
export function apiUrl(path: string, query?: Query): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null) params.set(key, String(value));
  }
  const qs = params.toString();
  const base = path.startsWith('/api/') ? path : `/api${path}`;
  return qs ? `${base}${base.includes('?') ? '&' : '?'}${qs}` : base;
}

function encodeForm(form: FormFields): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(form)) {
    if (value !== undefined) params.set(key, typeof value === 'boolean' ? (value ? '1' : '0') : String(value));
  }
  return params.toString();
}

/** The login page, coming back to where the reader is now. */
export function loginHref(callback: string): string {
  return `/login?callback=${encodeURIComponent(callback)}`;
}

/**
 * A 401 sends the reader to login, coming back here; but a 401 of a call sent before the page let
 * go of its session, or while it was letting go of it (transport.ts), is the logout itself.
 * `sentInEpoch` is `sessionEpoch()` when the call was sent (upload.ts answers its 401s through
 * this too).
 */
export function redirectToLogin(sentInEpoch: number): void {
  if (typeof window === 'undefined' || sentInEpoch % 2 === 1 || sentInEpoch !== sessionEpoch()) return;
  const here = `${window.location.pathname}${window.location.search}`;
  if (window.location.pathname !== '/login') window.location.assign(loginHref(here));
}

/**
 * A request under the §9 rules: given up after 30 s, and a timeout or no network at all turned into
 * REQUEST_TIMEOUT with a message a reader can act on. `read` reads the body within the 30 s.
 */
async function timedFetch<R>(
  url: string,
  init: RequestInit,
  signal: AbortSignal | undefined,
  read: (response: Response) => Promise<R>,
): Promise<R> {
  const timeout = AbortSignal.timeout(API_TIMEOUT_MS);
  let response: Response;
  try {
    response = await send(url, { ...init, signal: signal ? AbortSignal.any([signal, timeout]) : timeout });
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new ApiError(408, 'REQUEST_TIMEOUT', [timeout.aborted ? apiCopy.timeout : apiCopy.network]);
  }
  const result = await read(response);
  // The 30 s cover the body too: a body cut off by the timeout is a timeout, not an empty answer.
  if (timeout.aborted && !signal?.aborted) throw new ApiError(408, 'REQUEST_TIMEOUT', [apiCopy.timeout]);
  return result;
}

export async function apiRequest<T>(path: string, request: ApiRequest = {}): Promise<T> {
  const { method = request.json !== undefined || request.form ? 'POST' : 'GET', query, json, form, signal } = request;
  const epoch = sessionEpoch();
  const headers: Record<string, string> = { accept: 'application/json' };
  let body: string | undefined;
  if (json !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(json);
  } else if (form) {
    headers['content-type'] = 'application/x-www-form-urlencoded';
    body = encodeForm(form);
  }
  const { response, payload } = await timedFetch(apiUrl(path, query), { method, headers, body }, signal, async (response) => ({
    response,
    payload: (await response.json().catch(() => null)) as { errorCode?: string; messages?: string[] } | null,
  }));
  if (!response.ok) {
    if (response.status === 401 && !request.allowUnauthorized) redirectToLogin(epoch);
    throw new ApiError(response.status, payload?.errorCode ?? 'INTERNAL_SERVER_ERROR', payload?.messages ?? []);
  }
  return payload as T;
}

/**
 * A JSON POST to a payment provider's own endpoint, outside `/api` (the sandbox's card fields post
 * the card to `/sandbox/cards`: a card number never goes to the store's API), under the same 30 s
 * and §8 error rules as `apiRequest`.
 */
export async function providerPost<T>(url: string, json: unknown): Promise<T> {
  const init = { method: 'POST', headers: { accept: 'application/json', 'content-type': 'application/json' }, body: JSON.stringify(json) };
  const { response, payload } = await timedFetch(url, init, undefined, async (response) => ({
    response,
    payload: (await response.json().catch(() => null)) as { errorCode?: string; messages?: string[] } | null,
  }));
  if (!response.ok) throw new ApiError(response.status, payload?.errorCode ?? 'INTERNAL_SERVER_ERROR', payload?.messages ?? []);
  return payload as T;
}

/** The errorCode of a file `fetchBlob` was refused (the answer is the file's host's, not a §8 body). */
export const FILE_NOT_FETCHED = 'FILE_NOT_FETCHED';

/**
 * A file an API answer pointed to (a signed page image or illustration URL) as a Blob, under the
 * same 30 s and network rules as `apiRequest`; a refusal is an ApiError with the HTTP status and
 * FILE_NOT_FETCHED.
 */
export async function fetchBlob(url: string, signal?: AbortSignal): Promise<Blob> {
  const blob = await timedFetch(url, {}, signal, async (response) => (response.ok ? response.blob().catch(() => null) : response.status));
  if (typeof blob === 'number') throw new ApiError(blob, FILE_NOT_FETCHED);
  if (blob === null) throw new ApiError(408, 'REQUEST_TIMEOUT', [apiCopy.network]);
  return blob;
}

export const apiGet = <T>(path: string, query?: Query, init: Omit<ApiRequest, 'method' | 'query'> = {}) =>
  apiRequest<T>(path, { ...init, method: 'GET', query });

/** A fresh one-time token from a `create_token` companion (`{ status: { token } }`, §7). */
export async function createToken(path: string, method: 'GET' | 'POST' = 'GET'): Promise<string> {
  const body = await apiRequest<{ status?: { token?: string } }>(path, { method });
  const token = body.status?.token;
  if (!token) throw new ApiError(500, 'INVALID_TOKEN');
  return token;
}

/** A §7 mutation: its token first, then the call with `?token=`. */
export async function withToken<T>(
  tokenPath: string,
  path: string,
  request: ApiRequest = {},
  tokenMethod: 'GET' | 'POST' = 'GET',
): Promise<T> {
  const token = await createToken(tokenPath, tokenMethod);
  return apiRequest<T>(path, { method: 'POST', ...request, query: { ...request.query, token } });
}
