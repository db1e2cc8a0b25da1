import type { FastifyInstance } from 'fastify';

/** Calls of the reviews and notices areas, as a member with `cookie` makes them. */
export function memberClient(app: FastifyInstance, cookie?: string) {
  const headers = cookie ? { cookie } : {};
  return {
    get: (url: string) => app.inject({ method: 'GET', url, headers }),
    /** A form post, as the store's forms send it. */
    post: (url: string, form: Record<string, string | number | boolean>) =>
      app.inject({
        method: 'POST',
        url,
        headers: { ...headers, 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams(Object.entries(form).map(([k, v]): [string, string] => [k, String(v)])).toString(),
      }),
    json: (method: 'POST' | 'DELETE', url: string, payload: unknown) => app.inject({ method, url, headers, payload: payload as object }),
    /** A fresh one-time token from a create_token endpoint. */
    async token(path: string): Promise<string> {
      const response = await app.inject({ method: 'GET', url: path, headers });
      if (response.statusCode !== 200) throw new Error(`${path}: ${response.statusCode} ${response.body}`);
      return response.json().status.token as string;
    },
  };
}
