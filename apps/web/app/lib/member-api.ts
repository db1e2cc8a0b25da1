/**
 * The browser's calls to `/api` for member actions (§7): JSON in, JSON out, the session
 * cookie sent along, and the one-time token of a create_token endpoint fetched right before
 * each mutation. Errors carry the server's `errorCode` (§8).
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly errorCode: string,
    readonly messages: string[] = [],
  ) {
    super(`${status} ${errorCode}`);
    this.name = 'ApiError';
  }
}

type Json = Record<string, unknown>;

async function send<T>(url: string, init: RequestInit = {}): Promise<T> {
  const response = await fetch(url, {
    credentials: 'same-origin',
    ...init,
    headers: { accept: 'application/json', ...init.headers },
  });
  const body = (await response.json().catch(() => ({}))) as Json;
  if (!response.ok) {
    throw new ApiError(response.status, String(body.errorCode ?? 'INTERNAL_SERVER_ERROR'), (body.messages as string[]) ?? []);
  }
  return body as T;
}

export const getJson = <T>(url: string): Promise<T> => send<T>(url);

/** A fresh one-time token from a create_token endpoint (`status.token`). */
export async function createToken(path: string): Promise<string> {
  const body = await send<{ status: { token: string } }>(path);
  return body.status.token;
}

/** A form post (§7 sends review, comment and wish mutations as forms). */
export const postForm = <T>(url: string, form: Record<string, string | number | boolean | undefined>): Promise<T> =>
  send<T>(url, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(
      Object.entries(form)
        .filter(([, v]) => v !== undefined)
        .map(([k, v]): [string, string] => [k, typeof v === 'boolean' ? (v ? '1' : '0') : String(v)]),
    ).toString(),
  });

export const sendJson = <T>(method: 'POST' | 'DELETE', url: string, payload: unknown): Promise<T> =>
  send<T>(url, { method, headers: { 'content-type': 'application/json' }, body: JSON.stringify(payload) });

/** `yyyy年M月d日` in Asia/Tokyo (§9) with the browser's Intl, so no date library ships to the page. */
export function japaneseDate(instant: number): string {
  const parts = new Intl.DateTimeFormat('ja-JP', { timeZone: 'Asia/Tokyo', year: 'numeric', month: 'numeric', day: 'numeric' }).formatToParts(instant);
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('year')}年${part('month')}月${part('day')}日`;
}
