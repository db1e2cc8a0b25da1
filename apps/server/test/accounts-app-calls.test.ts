import type { FastifyRequest } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appSessionHeaderOf } from '../src/modules/accounts/app-session';
import { readsInApp } from '../src/modules/accounts/app-settings.service';
import { type TestApp, buildTestApp } from './support/build-test-app';
import { insertBook, insertTitle } from './support/catalog-factories';
import { grantTo, member } from './support/wallet-factories';

/** §7 User and common calls the app wrapper makes: user_specify_top/register, common/update_user_login, user/set_sns. */
const NOW = Date.parse('2026-11-25T03:00:00Z');
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ clock: () => new Date(NOW) });
});
afterAll(() => t.close());

const db = () => t.database.db;
const call = (method: 'GET' | 'POST', url: string, cookie?: string, payload?: object | string, type?: string) =>
  t.app.inject({
    method,
    url,
    headers: { ...(cookie ? { cookie } : {}), ...(type ? { 'content-type': type } : {}) },
    ...(payload !== undefined ? { payload } : {}),
  });
const status = async (cookie?: string) => (await call('GET', '/api/common/get_status', cookie)).json();

describe('POST /user_specify_top/register', () => {
  it('stores the chosen top page, which get_status then reports; form bodies and pageType are taken', async () => {
    const m = await member(t.app);
    expect((await status(m.cookie)).userSpecifyTop).toBeNull();
    const first = await call('POST', '/api/user_specify_top/register', m.cookie, 'page_type=female', 'application/x-www-form-urlencoded');
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toEqual({ status: { code: 0 }, userSpecifyTop: 'female' });
    expect((await status(m.cookie)).userSpecifyTop).toBe('female');
    const second = await call('POST', '/api/user_specify_top/register', m.cookie, { pageType: 'bl' });
    expect(second.json().userSpecifyTop).toBe('bl');
    expect((await status(m.cookie)).userSpecifyTop).toBe('bl');
    expect((await status((await member(t.app)).cookie)).userSpecifyTop).toBeNull();
    expect((await status()).userSpecifyTop).toBeNull();
  });

  it('answers a guest 401, a missing page_type 400 naming it, an unknown one PAGE_TYPE_NOT_EXISTS', async () => {
    expect((await call('POST', '/api/user_specify_top/register', undefined, { page_type: 'male' })).statusCode).toBe(401);
    const m = await member(t.app);
    const missing = await call('POST', '/api/user_specify_top/register', m.cookie, {});
    expect([missing.statusCode, missing.json().errorCode]).toEqual([400, 'BAD_REQUEST']);
    expect(missing.json().messages.join(' ')).toContain('page_type');
    const unknown = await call('POST', '/api/user_specify_top/register', m.cookie, { page_type: 'cooking' });
    expect([unknown.statusCode, unknown.json().errorCode]).toEqual([400, 'PAGE_TYPE_NOT_EXISTS']);
    expect((await status(m.cookie)).userSpecifyTop).toBeNull();
  });
});

describe('GET /common/update_user_login', () => {
  it('records the member’s login ping with its referrer and hash; a guest gets 401', async () => {
    expect((await call('GET', '/api/common/update_user_login?referrer=x')).statusCode).toBe(401);
    const m = await member(t.app);
    const ping = await call(
      'GET',
      `/api/common/update_user_login?referrer=${encodeURIComponent('https://example.com/a')}&hash=abc`,
      m.cookie,
    );
    expect(ping.statusCode, ping.body).toBe(200);
    expect(ping.json()).toEqual({ status: { code: 0 } });
    const row = await db().selectFrom('user_app_settings').selectAll().where('user_id', '=', m.userId).executeTakeFirstOrThrow();
    expect([Number(row.last_login_at), row.login_referrer, row.login_hash]).toEqual([NOW, 'https://example.com/a', 'abc']);
    // A later ping keeps a registered top page.
    await call('POST', '/api/user_specify_top/register', m.cookie, { page_type: 'male' });
    await call('GET', '/api/common/update_user_login', m.cookie);
    const after = await db().selectFrom('user_app_settings').selectAll().where('user_id', '=', m.userId).executeTakeFirstOrThrow();
    expect([after.specify_top, after.login_referrer, after.login_hash]).toEqual(['male', null, null]);
    const long = await call('GET', `/api/common/update_user_login?hash=${'h'.repeat(201)}`, m.cookie);
    expect([long.statusCode, long.json().errorCode]).toEqual([400, 'BAD_REQUEST']);
    expect(long.json().messages.join(' ')).toContain('hash');
  });
});

describe('GET /user/set_sns', () => {
  it('links and unlinks an SNS per member; needs auth_name and status', async () => {
    expect((await call('GET', '/api/user/set_sns?auth_name=twitter&status=1')).statusCode).toBe(401);
    const m = await member(t.app);
    expect((await call('GET', '/api/user/set_sns?auth_name=twitter&status=1', m.cookie)).json()).toEqual({
      status: { code: 0 },
      links: [{ authName: 'twitter', status: 1 }],
    });
    expect((await call('GET', '/api/user/set_sns?auth_name=line&status=1', m.cookie)).json().links).toHaveLength(2);
    expect((await call('GET', '/api/user/set_sns?auth_name=twitter&status=0', m.cookie)).json().links).toEqual([
      { authName: 'line', status: 1 },
      { authName: 'twitter', status: 0 },
    ]);
    const other = await member(t.app);
    expect((await call('GET', '/api/user/set_sns?auth_name=line&status=0', other.cookie)).json().links).toEqual([
      { authName: 'line', status: 0 },
    ]);
    for (const [query, field] of [
      ['status=1', 'auth_name'],
      ['auth_name=line', 'status'],
      ['auth_name=line&status=2', 'status'],
      ['auth_name=%3Cx%3E&status=1', 'auth_name'],
    ]) {
      const bad = await call('GET', `/api/user/set_sns?${query}`, m.cookie);
      expect([bad.statusCode, bad.json().errorCode], query).toEqual([400, 'BAD_REQUEST']);
      expect(bad.json().messages.join(' ')).toContain(field);
    }
  });
});

describe('the app-session header', () => {
  const recorded = async (userId: number) =>
    (await db()
      .selectFrom('user_app_settings')
      .select(['app_session', 'app_session_call'])
      .where('user_id', '=', userId)
      .executeTakeFirst()) ?? null;
  /** The header is recorded after the reply is sent: wait for it a little. */
  const settle = async (userId: number, expected: string | null) => {
    for (let i = 0; i < 50 && (await recorded(userId))?.app_session !== expected; i += 1) await new Promise((r) => setTimeout(r, 20));
    return recorded(userId);
  };
  const withSession = (cookie: string, session: string) => ({ cookie, 'x-app-session': session });

  it('is accepted on any call and recorded with the calls §7 names it on, for members, when they succeed', async () => {
    const m = await member(t.app);
    const book = await insertBook(db(), await insertTitle(db()), 1, { price: 300 });
    await grantTo(db(), m.userId, 'COIN', 300, { now: NOW });
    // Not a call §7 names the header on: accepted, not recorded.
    const other = await t.app.inject({ url: '/api/common/get_time', headers: withSession(m.cookie, 'app-1') });
    expect(other.statusCode).toBe(200);
    // A refused call (400) records nothing.
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/order/buy_check',
      headers: withSession(m.cookie, 'app-1'),
      payload: {},
    });
    expect(refused.statusCode).toBe(400);
    // A malformed value is ignored, the call still answered.
    const odd = await t.app.inject({
      method: 'POST',
      url: '/api/order/buy_check',
      headers: withSession(m.cookie, 'bad value!'),
      payload: { book_id: book, book_type: 0, use_point: 0, buy_free_flag: 0 },
    });
    expect(odd.statusCode, odd.body).toBe(200);
    expect(await settle(m.userId, null)).toBeNull();

    const check = await t.app.inject({
      method: 'POST',
      url: '/api/order/buy_check',
      headers: withSession(m.cookie, 'app-session.42'),
      payload: { book_id: book, book_type: 0, use_point: 0, buy_free_flag: 0 },
    });
    expect(check.statusCode).toBe(200);
    expect(await settle(m.userId, 'app-session.42')).toEqual({ app_session: 'app-session.42', app_session_call: '/api/order/buy_check' });

    // A guest's header is accepted and records nothing.
    const guest = await t.app.inject({
      method: 'POST',
      url: '/api/order/buy_check',
      headers: { 'x-app-session': 'guest-1' },
      payload: { book_id: book, book_type: 0, use_point: 0, buy_free_flag: 0 },
    });
    expect(guest.statusCode).toBe(401);
    expect(await db().selectFrom('user_app_settings').select('user_id').where('app_session', '=', 'guest-1').execute()).toEqual([]);
  });
});

describe("'read in app' on the order-complete last page (§2, decision 027)", () => {
  it('shows for a request from the app wrapper, or for a member whose app session was recorded', async () => {
    const m = await member(t.app);
    expect(await readsInApp(db(), m.userId, null)).toBe(false);
    expect(await readsInApp(db(), null, null)).toBe(false);
    expect(await readsInApp(db(), null, 'app-page-1')).toBe(true);
    // A §7 call from the app records its session: the member's pages offer the app from then on.
    const book = await insertBook(db(), await insertTitle(db()), 1, { price: 300 });
    await grantTo(db(), m.userId, 'COIN', 300, { now: NOW });
    const check = await t.app.inject({
      method: 'POST',
      url: '/api/order/buy_check',
      headers: { cookie: m.cookie, 'x-app-session': 'app-session.7' },
      payload: { book_id: book, book_type: 0, use_point: 0, buy_free_flag: 0 },
    });
    expect(check.statusCode).toBe(200);
    await expect.poll(() => readsInApp(db(), m.userId, null)).toBe(true);
  });

  it('takes the header on a page request only when well-formed', () => {
    const request = (value: string | undefined) =>
      ({ headers: value === undefined ? {} : { 'x-app-session': value } }) as unknown as FastifyRequest;
    expect(appSessionHeaderOf(request('app.1:x-y'))).toBe('app.1:x-y');
    expect(appSessionHeaderOf(request('bad value!'))).toBeNull();
    expect(appSessionHeaderOf(request(undefined))).toBeNull();
  });
});
