import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CSP_REPORTS_PER_MINUTE } from '../src/ops/csp-reports';
import { staffMember } from './support/admin-factories';
import { type TestApp, buildTestApp } from './support/build-test-app';
import { createCampaign } from './support/campaign-factories';
import { insertBook, insertTitle } from './support/catalog-factories';
import { createMember, signUp } from './support/members';
import { insertSerial } from './support/serial-factories';

/**
 * The pages' Content-Security-Policy (issue 41; docs/architecture.md, "Content-Security-Policy"): every page answers with a policy
 * carrying a nonce of its own, however the page was made (rendered, kept for guests, kept for
 * members), and every inline script of the page carries that nonce; what browsers report comes
 * to `POST /api/csp-report`, is counted in `/metrics` and limited per address.
 */
let t: TestApp;
let guestRoutes: string[];
let memberRoutes: string[];
let adminRoutes: string[];
let memberCookie: string;
let adminCookie: string;
let seriesUrl: string;

beforeAll(async () => {
  t = await buildTestApp({ web: true, config: { guestPageCacheSeconds: 60, metricsToken: 'scrape' } });
  const { db } = t.database;
  const titleId = await insertTitle(db, { name: 'ポリシー検証作品' });
  const bookId = await insertBook(db, titleId, 1);
  const { serialId } = await insertSerial(db);
  const { campaignId } = await createCampaign(db, { now: Date.now() });
  memberCookie = await signUp(t.app, createMember());
  const operator = await staffMember(t.app, db, 'operator');
  adminCookie = operator.cookie;
  seriesUrl = `/series_list/series_id=${titleId}`;
  // apps/web/app/routes.ts, with the ids made above for its params.
  guestRoutes = [
    '/',
    '/login',
    '/signup',
    '/password_reset',
    '/password_reset/confirm?token=x',
    '/email/confirm?token=x',
    '/mail/unsubscribe?token=x',
    seriesUrl,
    `/series_list/book_id=${bookId}`,
    '/ranking/daily/1',
    '/free',
    '/search?word=%E4%BD%9C%E5%93%81',
    '/search/author/1/1',
    '/serial',
    '/serial/ranking/general/1',
    `/serial/detail/${serialId}`,
    '/mangacoin',
    '/law/payment_services',
    '/accessibility',
    '/lottery',
    `/lottery/${campaignId}`,
    '/invitation',
    '/no/such/page',
  ];
  memberRoutes = [
    '/mypage',
    '/bookshelf',
    '/bookshelf/offline',
    '/mypage/wish_list',
    '/mypage/notices',
    '/mypage/profile',
    '/mypage/email',
    '/mypage/password',
    '/mypage/sessions',
    '/mypage/notification',
    '/mypage/withdrawal',
    `/series_list/review/editor/${titleId}`,
    `/series_list/line_notice/${titleId}`,
    `/viewer?cid=${bookId}`,
    '/mangacoin/subscription',
    '/wallet/manga_coin',
    '/order/payments',
    '/cart',
    `/preorder/confirm/book_id=${bookId}`,
    '/invitation/inviter',
    // Kept for members (decision 029).
    '/',
    seriesUrl,
    '/free',
  ];
  adminRoutes = [
    '/admin',
    '/admin/titles',
    `/admin/titles/${titleId}`,
    '/admin/coupons',
    '/admin/point-campaigns',
    '/admin/bundles',
    '/admin/coin-packs',
    '/admin/banners',
    '/admin/lottery',
    '/admin/members',
    '/admin/members/1',
    '/admin/reports',
    '/admin/audit',
    '/admin/mail',
    '/admin/staff',
    '/admin/passkeys',
    '/admin/serials',
    `/admin/serials/${serialId}`,
  ];
}, 120_000);
afterAll(() => t?.close());

const page = (url: string, cookie?: string) => t.app.inject({ url, headers: cookie ? { cookie } : {} });

/** The policy's nonce, after checking what the policy must say. */
function nonceOf(policy: string | string[] | number | undefined): string {
  expect(typeof policy).toBe('string');
  const text = policy as string;
  for (const directive of [
    "object-src 'none'",
    "base-uri 'none'",
    "frame-ancestors 'self'",
    'report-uri /api/csp-report',
    'report-to csp',
  ]) {
    expect(text).toContain(directive);
  }
  const match = /script-src 'nonce-([A-Za-z0-9_-]{22})' 'strict-dynamic'/.exec(text);
  expect(match, text).not.toBeNull();
  return match![1]!;
}

/** Each `<script` of the HTML and its nonce attribute (undefined: none). */
const scriptNonces = (html: string) => [...html.matchAll(/<script\b([^>]*)>/g)].map((m) => /\bnonce="([^"]*)"/.exec(m[1]!)?.[1]);
const preloadNonces = (html: string) =>
  [...html.matchAll(/<link\b[^>]*rel="modulepreload"[^>]*>/g)].map((m) => /\bnonce="([^"]*)"/.exec(m[0])?.[1]);

/** A page's answer: a policy with a nonce, and that nonce on every script and module preload of its HTML. */
async function checkPage(url: string, cookie?: string): Promise<{ nonce: string; status: number; cache: string | undefined }> {
  const response = await page(url, cookie);
  expect(response.statusCode, `${url}: ${response.statusCode}`).toBeLessThan(500);
  const nonce = nonceOf(response.headers['content-security-policy']);
  if (response.statusCode === 200) {
    const scripts = scriptNonces(response.body);
    expect(scripts.length, url).toBeGreaterThan(0);
    expect(
      scripts.every((n) => n === nonce),
      `${url}: ${JSON.stringify(scripts)} vs ${nonce}`,
    ).toBe(true);
    expect(
      preloadNonces(response.body).every((n) => n === nonce),
      url,
    ).toBe(true);
  }
  return { nonce, status: response.statusCode, cache: response.headers['x-page-cache'] as string | undefined };
}

describe('the pages’ Content-Security-Policy', () => {
  it('is on every page of the route table, its nonce on every inline script', async () => {
    const nonces = new Set<string>();
    for (const url of guestRoutes) nonces.add((await checkPage(url)).nonce);
    for (const url of memberRoutes) nonces.add((await checkPage(url, memberCookie)).nonce);
    for (const url of adminRoutes) {
      const answer = await checkPage(url, adminCookie);
      // The console's home sends an operator on to the titles.
      expect(answer.status, url).toBe(url === '/admin' ? 302 : 200);
      nonces.add(answer.nonce);
    }
    // Guests are sent to log in from a member's page: that answer has its policy too.
    expect((await checkPage('/mypage')).status).toBe(302);
    expect(nonces.size).toBe(guestRoutes.length + memberRoutes.length + adminRoutes.length);
  });

  it('gives a kept guest page a nonce of its own on each answer', async () => {
    const answers = [];
    for (let i = 0; i < 3; i++) answers.push(await checkPage(seriesUrl));
    expect(answers.slice(1).map((a) => a.cache)).toEqual(['hit', 'hit']);
    expect(new Set(answers.map((a) => a.nonce)).size).toBe(3);
  });

  it('gives a kept member page a nonce of its own on each answer, for the same member and another', async () => {
    const other = await signUp(t.app, createMember());
    const answers = [];
    for (const cookie of [memberCookie, memberCookie, other, other]) answers.push(await checkPage('/free', cookie));
    expect(answers.slice(1).map((a) => a.cache)).toEqual(['hit', 'hit', 'hit']);
    expect(new Set(answers.map((a) => a.nonce)).size).toBe(4);
  });

  it('leaves no marker in a page: a page sent twice differs only by its nonce', async () => {
    const first = await page(seriesUrl);
    const second = await page(seriesUrl);
    const a = nonceOf(first.headers['content-security-policy']);
    const b = nonceOf(second.headers['content-security-policy']);
    expect(first.body.split(a).join('NONCE')).toBe(second.body.split(b).join('NONCE'));
  });

  it('puts a policy with no inline script on the other documents, and none of the pages’ on the API', async () => {
    const media = await page('/media/covers/999999/106.webp?v=1');
    expect(media.headers['content-security-policy']).toContain("script-src 'self'");
    const api = await page('/api/books/1');
    expect(api.headers['content-security-policy']).toBeUndefined();
    // A method pages do not take (405) and the service worker's own file.
    const put = await t.app.inject({ method: 'PUT', url: '/' });
    expect(put.statusCode).toBe(405);
    expect(put.headers['content-security-policy']).toContain("script-src 'self'");
  });
});

describe('POST /api/csp-report', () => {
  const legacy = {
    'csp-report': {
      'document-uri': 'http://localhost/series_list/series_id=1',
      'violated-directive': 'script-src-elem',
      'effective-directive': 'script-src-elem',
      'blocked-uri': 'inline',
      'line-number': 12,
      disposition: 'enforce',
    },
  };
  const reportingApi = [
    {
      type: 'csp-violation',
      url: 'http://localhost/',
      age: 10,
      user_agent: 'x',
      body: {
        documentURL: 'http://localhost/',
        effectiveDirective: 'img-src',
        blockedURL: 'https://elsewhere.example/x.png',
        disposition: 'enforce',
      },
    },
    { type: 'deprecation', url: 'http://localhost/', body: {} },
  ];
  const report = (payload: unknown, contentType: string, address = '10.0.0.1') =>
    t.app.inject({
      method: 'POST',
      url: '/api/csp-report',
      remoteAddress: address,
      headers: { 'content-type': contentType },
      payload: JSON.stringify(payload),
    });
  const metrics = async () => (await t.app.inject({ url: '/metrics', headers: { authorization: 'Bearer scrape' } })).body;
  const counted = (text: string, directive: string) =>
    Number(new RegExp(`hondana_csp_violations_total\\{directive="${directive}"\\} (\\d+)`).exec(text)?.[1] ?? 0);

  it('accepts both report formats and counts each violation by directive in /metrics', async () => {
    const before = await metrics();
    expect((await report(legacy, 'application/csp-report')).statusCode).toBe(204);
    expect((await report(reportingApi, 'application/reports+json')).statusCode).toBe(204);
    const after = await metrics();
    expect(counted(after, 'script-src-elem') - counted(before, 'script-src-elem')).toBe(1);
    expect(counted(after, 'img-src') - counted(before, 'img-src')).toBe(1);
  });

  it('answers 400 BAD_REQUEST naming the field for a body that is not a report', async () => {
    const response = await report({ 'csp-report': { 'line-number': 'twelve' } }, 'application/csp-report', '10.0.0.2');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ errorCode: 'BAD_REQUEST' });
    expect(JSON.stringify(response.json())).toContain('line-number');
    const broken = await t.app.inject({
      method: 'POST',
      url: '/api/csp-report',
      remoteAddress: '10.0.0.2',
      headers: { 'content-type': 'application/csp-report' },
      payload: '{',
    });
    expect(broken.statusCode).toBe(400);
  });

  it('limits the reports of one address, counting the refused ones', async () => {
    const address = '10.0.0.3';
    for (let i = 0; i < CSP_REPORTS_PER_MINUTE; i++) expect((await report(legacy, 'application/csp-report', address)).statusCode).toBe(204);
    const refused = await report(legacy, 'application/csp-report', address);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ errorCode: 'TOO_MANY_REQUESTS' });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // Another address still reports.
    expect((await report(legacy, 'application/csp-report', '10.0.0.4')).statusCode).toBe(204);
    expect(Number(/hondana_csp_reports_limited_total (\d+)/.exec(await metrics())?.[1])).toBeGreaterThanOrEqual(1);
  });
});
