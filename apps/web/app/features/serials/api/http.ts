/** JSON over fetch for the serial pages; errors keep the server's §8 errorCode. */
export class SerialApiError extends Error {
  constructor(
    readonly status: number,
    readonly errorCode: string,
  ) {
    super(`${errorCode} (${status})`);
  }
}

export async function api<T>(url: string, init: RequestInit = {}): Promise<T> {
  const response = await fetch(url, {
    credentials: 'same-origin',
    ...init,
    headers: { accept: 'application/json', ...(init.body ? { 'content-type': 'application/json' } : {}), ...init.headers },
  });
  if (!response.ok) {
    const body = (await response.json().catch(() => ({}))) as { errorCode?: string };
    throw new SerialApiError(response.status, body.errorCode ?? 'INTERNAL_SERVER_ERROR');
  }
  return (await response.json()) as T;
}

/** A mutation of §7: fetch its one-time token from the `/token` companion, then call it with `?token=`. */
export async function withToken<T>(tokenUrl: string, url: string, init: RequestInit = { method: 'POST' }): Promise<T> {
  const { status } = await api<{ status: { token: string } }>(tokenUrl, { method: 'POST' });
  const sep = url.includes('?') ? '&' : '?';
  return api<T>(`${url}${sep}token=${encodeURIComponent(status.token)}`, init);
}
