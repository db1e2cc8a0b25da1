/** JSON over fetch for the viewer's calls (no Zod in the browser: the server validates and shapes). */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
  }
}

export async function requestJson<T>(url: string, init: RequestInit = {}, failure = 'Failed to fetch'): Promise<T> {
  const response = await fetch(url, {
    ...init,
    headers: { accept: 'application/json', ...(init.body ? { 'content-type': 'application/json' } : {}), ...init.headers },
  });
  if (!response.ok) throw new ApiError(`${failure} (${response.status})`, response.status);
  return (await response.json()) as T;
}

export const jsonBody = (body: unknown): RequestInit => ({ method: 'POST', body: JSON.stringify(body) });
