import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, buildTestApp } from './support/build-test-app';
import { routesOf } from './support/routes';
import { member } from './support/wallet-factories';

/**
 * Every route, every id: an id past PostgreSQL's `integer` (2147483648) in a
 * path, a query or a JSON body is a 400 naming the field, never a 500 (run on both dialects).
 */
let t: TestApp;
let cookie: string;
beforeAll(async () => {
  t = await buildTestApp();
  cookie = (await member(t.app)).cookie;
});
afterAll(() => t.close());

const TOO_BIG = '2147483648';

const ID_FIELDS = [
  'book_id',
  'title_id',
  'serial_id',
  'serial_episode_id',
  'episode_id',
  'review_id',
  'comment_id',
  'order_id',
  'author_id',
  'id',
  'bookId',
  'titleId',
  'reviewId',
  'commentId',
  'serialId',
  'serialEpisodeId',
  'itemId',
  'couponId',
  'bundle_id',
  'cart_ids',
  'book_ids',
];

type Probe = { method: string; url: string; payload?: object };

async function sweep(probes: Probe[], expectPathRefusal = false): Promise<string[]> {
  const failures: string[] = [];
  for (const probe of probes) {
    const response = await t.app.inject({
      method: probe.method as 'GET',
      url: probe.url,
      headers: { cookie },
      ...(probe.payload ? { payload: probe.payload } : {}),
    });
    const label = `${probe.method} ${probe.url} ${probe.payload ? JSON.stringify(probe.payload) : ''}`;
    if (response.statusCode >= 500) failures.push(`${label} → ${response.statusCode} ${response.body.slice(0, 100)}`);
    // 401 and 403 are refusals too: a route that checks who asks before it reads its input (the
    // console's upload refuses a member without the role before the file is read).
    else if (expectPathRefusal && ![400, 401, 403, 404].includes(response.statusCode)) failures.push(`${label} → ${response.statusCode}`);
  }
  return failures;
}

describe('ids past the integer range', () => {
  const api = () => routesOf(t.app).filter((r) => r.url.startsWith('/api/'));

  it('in a path: 400, never a 500, on every route', async () => {
    const routes = api();
    expect(routes.length).toBeGreaterThan(100);
    const probes = routes
      .filter((r) => r.url.includes(':'))
      .flatMap((r) =>
        r.methods.map((method) => ({ method, url: r.url.replace(/:[a-z_]+/gi, TOO_BIG), ...(method === 'GET' ? {} : { payload: {} }) })),
      );
    expect(await sweep(probes, true)).toEqual([]);
  }, 120_000);

  it('in a query or a JSON body: never a 500, on every route', async () => {
    const probes = api()
      .filter((r) => !r.url.includes(':'))
      .flatMap((r) =>
        r.methods.flatMap((method) =>
          ID_FIELDS.map((field) =>
            method === 'GET' || method === 'DELETE'
              ? { method, url: `${r.url}?${field}=${TOO_BIG}` }
              : { method, url: r.url, payload: { [field]: Number(TOO_BIG) } },
          ),
        ),
      );
    expect(await sweep(probes)).toEqual([]);
  }, 120_000);
});
