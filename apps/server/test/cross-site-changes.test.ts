import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, buildTestApp } from './support/build-test-app';
import { staffMember } from './support/admin-factories';
import { apiChanges } from './support/routes';
import { createMember } from './support/members';
import { member, tokenFor } from './support/wallet-factories';

/**
 * ASVS 4.0 V4.2.2 (issue 41): every call of the API that changes something (POST, PUT, DELETE)
 * is refused when another site made the browser send it, whatever the cookie and token: by
 * Sec-Fetch-Site, or, from a browser that does not send it, by Origin or Referer. The store's own
 * pages (same-origin), a typed address and native clients (no such header) are served.
 */
let t: TestApp;
let cookie: string;
let operatorCookie: string;
beforeAll(async () => {
  t = await buildTestApp();
  cookie = (await member(t.app)).cookie;
  // The console's calls are tried as an operator's: a member's are refused for their role first.
  operatorCookie = (await staffMember(t.app, t.database.db, 'operator')).cookie;
});
afterAll(() => t.close());

const refusedCrossSite = (response: { statusCode: number; body: string }) =>
  response.statusCode === 403 && /this call is accepted only from the store's own pages/.test(response.body);

describe('changes from another site', () => {
  it('every POST, PUT and DELETE of /api is 403 FORBIDDEN when another site sent it (but the browser’s CSP reports)', async () => {
    const routes = apiChanges(t.app);
    expect(routes.length).toBeGreaterThan(100);
    const served: string[] = [];
    for (const route of routes) {
      if (route.url === '/api/csp-report') continue;
      for (const headers of [
        { 'sec-fetch-site': 'cross-site' },
        { 'sec-fetch-site': 'same-site' },
        { origin: 'https://evil.example' },
        { referer: 'https://evil.example/page' },
      ]) {
        const response = await t.app.inject({
          method: route.method as 'POST',
          url: route.url,
          headers: { cookie: route.url.startsWith('/api/admin/') ? operatorCookie : cookie, ...headers },
          payload: {},
        });
        if (!refusedCrossSite(response)) served.push(`${route.method} ${route.url} ${JSON.stringify(headers)} → ${response.statusCode}`);
        else expect(response.json()).toMatchObject({ errorCode: 'FORBIDDEN' });
      }
    }
    expect(served).toEqual([]);
  });

  it('the store’s own pages, a typed address and a native client are served as before', async () => {
    const token = () => tokenFor(t.app, cookie, '/api/order/book/manga_coin/create_token');
    const host = { host: 'store.example' };
    for (const headers of [
      { 'sec-fetch-site': 'same-origin' },
      { 'sec-fetch-site': 'none' },
      { origin: 'http://store.example', ...host },
      {},
    ]) {
      // A sign-up answers as usual: 200 from the store's own page, no refusal.
      const signup = await t.app.inject({ method: 'POST', url: '/api/auth/signup', headers, payload: createMember() });
      expect(signup.statusCode, `${JSON.stringify(headers)}: ${signup.body}`).toBe(200);
      // A purchase call reaches its own checks (an unknown book), past the cross-site one.
      const buy = await t.app.inject({
        method: 'POST',
        url: '/api/order/book/manga_coin/buy',
        headers: { cookie, ...headers },
        payload: { token: await token(), book_id: 999_999, checked_price: 100 },
      });
      expect(refusedCrossSite(buy), buy.body).toBe(false);
    }
  });

  it('a CSP report from the browser is taken whatever site it names', async () => {
    const report = {
      'csp-report': { 'document-uri': 'http://store.example/', 'violated-directive': 'script-src', 'blocked-uri': 'inline' },
    };
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/csp-report',
      headers: { 'sec-fetch-site': 'cross-site', 'content-type': 'application/csp-report' },
      payload: JSON.stringify(report),
    });
    expect(response.statusCode).toBeLessThan(300);
  });
});
