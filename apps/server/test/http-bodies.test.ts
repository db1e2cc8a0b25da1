import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, buildTestApp } from './support/build-test-app';
import { insertTitle } from './support/catalog-factories';
import { apiChanges } from './support/routes';
import { member, tokenFor } from './support/wallet-factories';

/**
 * Request bodies: an empty or missing body is `{}` to every route (400 naming
 * each missing field, never "expected object"), JSON numbers are accepted where the spec's
 * fields are numbers, and a body over 1 MB is 413 with an errorCode.
 */
let t: TestApp;
let cookie: string;
beforeAll(async () => {
  t = await buildTestApp();
  cookie = (await member(t.app)).cookie;
});
afterAll(() => t.close());

const writes = () => apiChanges(t.app);

const BODY_ERRORS = /expected object|Body cannot be empty|expected string, received number|received null|received undefined/;

describe('empty and missing bodies', () => {
  it('every POST and DELETE reads an empty JSON body or no body as {}: 2xx or a 4xx naming fields, never "expected object"', async () => {
    const failures: string[] = [];
    const routes = writes();
    expect(routes.length).toBeGreaterThan(50);
    for (const route of routes) {
      for (const variant of [{ headers: { cookie, 'content-type': 'application/json' }, payload: '' }, { headers: { cookie } }]) {
        const response = await t.app.inject({ method: route.method as 'POST', url: route.url, ...variant });
        const label = `${route.method} ${route.url} ${'payload' in variant ? '(empty JSON)' : '(no body)'} → ${response.statusCode} ${response.body.slice(0, 160)}`;
        if (response.statusCode >= 500 || BODY_ERRORS.test(response.body)) failures.push(label);
        if (response.statusCode === 400) {
          const messages = response.json<{ messages?: string[] }>().messages ?? [];
          if (!messages.every((m) => /^[\w.[\]]+: /.test(m))) failures.push(`${label} (a message names no field)`);
        }
      }
    }
    expect(failures).toEqual([]);
  }, 120_000);
});

describe("JSON numbers for the spec's numeric fields", () => {
  it('no route refuses a numeric id as "expected string"', async () => {
    const failures: string[] = [];
    const ids = [
      'book_id',
      'title_id',
      'serial_id',
      'serial_episode_id',
      'review_id',
      'comment_id',
      'order_id',
      'id',
      'bookId',
      'titleId',
      'reviewId',
      'commentId',
      'itemId',
    ];
    for (const route of writes()) {
      const payload = Object.fromEntries(ids.map((f) => [f, 1]));
      const response = await t.app.inject({ method: route.method as 'POST', url: route.url, headers: { cookie }, payload });
      if (response.statusCode >= 500 || /expected string, received number/.test(response.body))
        failures.push(`${route.method} ${route.url} → ${response.body.slice(0, 160)}`);
    }
    expect(failures).toEqual([]);
  }, 120_000);

  it('a wish-list add with a JSON numeric title_id is taken', async () => {
    const m = await member(t.app);
    const titleId = await insertTitle(t.database.db);
    const token = await tokenFor(t.app, m.cookie, '/api/wish_title/add/create_token');
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/wish_title/add',
      headers: { cookie: m.cookie },
      payload: { token, title_id: titleId },
    });
    expect(response.statusCode, response.body).toBe(200);
  });
});

describe('body size', () => {
  it('a body over 1 MB is 413 PAYLOAD_TOO_LARGE', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/cart/items/refresh',
      headers: { cookie, 'content-type': 'application/json' },
      payload: JSON.stringify({ pad: 'x'.repeat(1024 * 1024) }),
    });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({ errorCode: 'PAYLOAD_TOO_LARGE', messages: ['body: at most 1 MB'] });
  });
});
