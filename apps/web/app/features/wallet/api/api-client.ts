/**
 * The browser's calls to `/api` for the wallet and orders pages: JSON in and out, the session
 * cookie sent, and every failure turned into an `ApiError` carrying the §8 `errorCode`.
 */

/** §9 timeout 30000 ms. */
const TIMEOUT_MS = 30_000;

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

type Query = Record<string, string | number | undefined>;

function url(path: string, query?: Query): string {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query ?? {})) if (v !== undefined) params.set(k, String(v));
  const qs = params.toString();
  return `/api${path}${qs ? `?${qs}` : ''}`;
}

async function call<T>(method: 'GET' | 'POST', path: string, query?: Query, body?: unknown): Promise<T> {
  let response: Response;
  try {
    response = await fetch(url(path, query), {
      method,
      credentials: 'same-origin',
      headers: body === undefined ? { accept: 'application/json' } : { accept: 'application/json', 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
  } catch {
    throw new ApiError(408, 'REQUEST_TIMEOUT');
  }
  const payload = (await response.json().catch(() => null)) as { errorCode?: string; messages?: string[] } | null;
  if (!response.ok) {
    throw new ApiError(response.status, payload?.errorCode ?? 'INTERNAL_SERVER_ERROR', payload?.messages ?? []);
  }
  return payload as T;
}

export const apiGet = <T>(path: string, query?: Query) => call<T>('GET', path, query);
export const apiPost = <T>(path: string, body: unknown, query?: Query) => call<T>('POST', path, query, body);

/** `create_token` companions answer `{ status: { code: 0, token } }` (§7). */
export async function createToken(path: string): Promise<string> {
  const body = await apiGet<{ status: { code: number; token: string } }>(path);
  if (body.status.code !== 0 || !body.status.token) throw new ApiError(500, 'INVALID_TOKEN');
  return body.status.token;
}
