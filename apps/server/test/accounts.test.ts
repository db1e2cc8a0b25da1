import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, buildTestApp } from './support/build-test-app';
import { createMember, sessionCookieOf, signUp } from './support/members';

let t: TestApp;
const now = new Date('2026-11-22T03:00:00Z'); // 12:00 in Tokyo
beforeAll(async () => {
  t = await buildTestApp({ clock: () => now });
});
afterAll(() => t.close());

const inject = (options: InjectOptions) => t.app.inject(options);

describe('signup', () => {
  it('creates a member, sets an httpOnly SameSite=Lax session cookie and returns the safe callback', async () => {
    const member = createMember();
    const response = await inject({
      method: 'POST',
      url: '/api/auth/signup?callback_url=/series_list/series_id=3&redirect=true',
      payload: member,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ callback: '/series_list/series_id=3', redirect: true });
    const setCookie = String(response.headers['set-cookie']);
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/SameSite=Lax/i);
    const status = await inject({ url: '/api/common/get_status', headers: { cookie: sessionCookieOf(setCookie) } });
    expect(status.json()).toMatchObject({ isLogin: true, loggedIn: true, age: 36, adultState: 'NONE' });
  });

  it('stores the password as an argon2id hash and the session id only as a digest', async () => {
    const member = createMember();
    const cookie = await signUp(t.app, member);
    const user = await t.database.db.selectFrom('users').selectAll().where('email', '=', member.email).executeTakeFirstOrThrow();
    expect(user.password_hash).toMatch(/^\$argon2id\$/);
    const sessions = await t.database.db.selectFrom('sessions').select('id_hash').where('user_id', '=', user.id).execute();
    expect(sessions.map((s) => s.id_hash)).not.toContain(cookie.split('=')[1]);
  });

  it('refuses a second signup with the same email, whatever its case', async () => {
    const member = createMember();
    await signUp(t.app, member);
    const again = await inject({
      method: 'POST',
      url: '/api/auth/signup',
      payload: { ...member, email: member.email.toUpperCase() },
    });
    expect(again.statusCode).toBe(400);
    expect(again.json().errorCode).toBe('EMAIL_ALREADY_REGISTERED');
  });

  it.each([
    ['email', { email: undefined }],
    ['email', { email: 'not-an-email' }],
    ['password', { password: 'short' }],
    ['nickname', { nickname: '' }],
    ['birth_date', { birth_date: '2001-02-29' }],
    ['birth_date', { birth_date: '1990/04/01' }],
    ['birth_date', { birth_date: '2030-01-01' }],
  ])('names the bad field %s', async (field, override) => {
    const response = await inject({ method: 'POST', url: '/api/auth/signup', payload: { ...createMember(), ...override } });
    expect(response.statusCode).toBe(400);
    const body = response.json();
    expect(body.errorCode).toBe('BAD_REQUEST');
    expect(body.messages.join(' ')).toContain(field);
  });

  it('falls back to the top page for a callback on another origin', async () => {
    const response = await inject({
      method: 'POST',
      url: '/api/auth/signup?callback_url=https://evil.example/x',
      payload: createMember(),
    });
    expect(response.json().callback).toBe('/');
  });
});

describe('login and logout', () => {
  it('logs in, returns to a same-origin callback, and logs out', async () => {
    const member = createMember();
    await signUp(t.app, member);
    const login = await inject({
      method: 'POST',
      url: '/api/auth/login?callback=/mypage',
      payload: { email: member.email, password: member.password },
    });
    expect(login.statusCode).toBe(200);
    expect(login.json().callback).toBe('/mypage');
    const cookie = sessionCookieOf(login.headers['set-cookie']);
    expect((await inject({ url: '/api/common/is_valid_login_session', headers: { cookie } })).json()).toEqual({ isValid: true });

    const logout = await inject({ method: 'POST', url: '/api/auth/logout', headers: { cookie } });
    expect(logout.statusCode).toBe(200);
    expect((await inject({ url: '/api/common/is_valid_login_session', headers: { cookie } })).json()).toEqual({ isValid: false });
    expect((await inject({ url: '/api/user/get_profile', headers: { cookie } })).statusCode).toBe(401);
  });

  it.each(['//evil.example', 'https://evil.example', '/\\evil.example', 'javascript:alert(1)'])(
    'sends a login with callback %s back to the top page',
    async (callback) => {
      const member = createMember();
      await signUp(t.app, member);
      const login = await inject({
        method: 'POST',
        url: `/api/auth/login?callback=${encodeURIComponent(callback)}`,
        payload: { email: member.email, password: member.password },
      });
      expect(login.json().callback).toBe('/');
    },
  );

  it('answers a wrong password and an unknown email alike, with 401', async () => {
    const member = createMember();
    await signUp(t.app, member);
    const wrongPassword = await inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: member.email, password: 'wrong password!' },
    });
    const unknownEmail = await inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'nobody@example.jp', password: member.password },
    });
    expect(wrongPassword.statusCode).toBe(401);
    expect(unknownEmail.statusCode).toBe(401);
    expect(wrongPassword.json()).toEqual(unknownEmail.json());
    expect(wrongPassword.json().errorCode).toBe('INVALID_CREDENTIALS');
  });
});

describe('member calls', () => {
  it.each([
    ['GET', '/api/user/get_profile'],
    ['GET', '/api/user/create_token'],
    ['POST', '/api/user/mod_profile?token=x'],
    ['GET', '/api/user/withdrawal?token=x'],
    ['GET', '/api/adult/check'],
  ] as const)('%s %s answers 401 UNAUTHORIZED without a session', async (method, url) => {
    const response = await inject({ method, url, payload: method === 'POST' ? { name: 'a', profile: '', image_flg: 0 } : undefined });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ errorCode: 'UNAUTHORIZED' });
  });

  it('answers a guest get_status as logged out, without a session', async () => {
    const response = await inject({ url: '/api/common/get_status' });
    expect(response.json()).toMatchObject({ isLogin: false, userId: null, adultState: 'NONE', baseDate: '2026-11-22' });
  });

  it('gives the time in both instant and zone', async () => {
    expect((await inject({ url: '/api/common/get_time' })).json()).toEqual({
      epochMillis: now.getTime(),
      datetime: now.toISOString(),
      timeZone: 'Asia/Tokyo',
    });
  });

  it('changes the profile with a one-time token, and a replay changes nothing more', async () => {
    const cookie = await signUp(t.app);
    const token = (await inject({ url: '/api/user/create_token', headers: { cookie } })).json().status.token;
    const change = (name: string) =>
      inject({
        method: 'POST',
        url: `/api/user/mod_profile?token=${token}`,
        headers: { cookie, 'content-type': 'application/x-www-form-urlencoded' },
        payload: `name=${encodeURIComponent(name)}&profile=${encodeURIComponent('よろしく')}&image_flg=1`,
      });
    expect((await change('新しい名前')).json()).toEqual({ result: 'OK' });
    expect((await change('新しい名前')).json()).toEqual({ result: 'OK' });
    const differentRequest = await change('別の名前');
    expect(differentRequest.statusCode).toBe(400);
    expect(differentRequest.json().errorCode).toBe('TOKEN_REUSED_WITH_DIFFERENT_REQUEST');
    const profile = (await inject({ url: '/api/user/get_profile', headers: { cookie } })).json();
    expect(profile).toMatchObject({ nickname: '新しい名前', profile: 'よろしく', imageFlg: 1 });
  });

  it("refuses another member's token", async () => {
    const alice = await signUp(t.app);
    const bob = await signUp(t.app);
    const token = (await inject({ url: '/api/user/create_token', headers: { cookie: alice } })).json().status.token;
    const response = await inject({
      method: 'POST',
      url: `/api/user/mod_profile?token=${token}`,
      headers: { cookie: bob },
      payload: { name: 'bob', profile: '', image_flg: 0 },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().errorCode).toBe('INVALID_TOKEN');
  });

  it('withdraws with a token once the password was given: the session ends and the email can sign up again', async () => {
    const member = createMember();
    const cookie = await signUp(t.app, member);
    const missingToken = await inject({ url: '/api/user/withdrawal', headers: { cookie } });
    expect(missingToken.statusCode).toBe(400);
    expect(missingToken.json().messages.join(' ')).toContain('token');
    const token = (await inject({ url: '/api/user/create_token', headers: { cookie } })).json().status.token;
    const withoutPassword = await inject({ url: `/api/user/withdrawal?token=${token}`, headers: { cookie } });
    expect(withoutPassword.statusCode).toBe(403);
    expect(withoutPassword.json().messages.join(' ')).toContain('password');
    const given = await inject({
      method: 'POST',
      url: '/api/user/reauthenticate',
      headers: { cookie },
      payload: { password: member.password },
    });
    expect(given.statusCode).toBe(200);
    expect((await inject({ url: `/api/user/withdrawal?token=${token}`, headers: { cookie } })).statusCode).toBe(200);
    expect((await inject({ url: '/api/user/get_profile', headers: { cookie } })).statusCode).toBe(401);
    await signUp(t.app, member);
  });
});

describe('adult check', () => {
  it('confirms a member of 18 and the status says ADULT', async () => {
    const cookie = await signUp(t.app, createMember({ birth_date: '2008-11-22' })); // 18 today in Tokyo
    const check = await inject({ url: '/api/adult/check', headers: { cookie } });
    expect(check.json()).toEqual({ adultState: 'ADULT', age: 18 });
    expect((await inject({ url: '/api/common/get_status', headers: { cookie } })).json().adultState).toBe('ADULT');
  });

  it('refuses a member who turns 18 tomorrow', async () => {
    const cookie = await signUp(t.app, createMember({ birth_date: '2008-11-23' }));
    const check = await inject({ url: '/api/adult/check', headers: { cookie } });
    expect(check.statusCode).toBe(403);
    expect(check.json().errorCode).toBe('FORBIDDEN');
    expect((await inject({ url: '/api/common/get_status', headers: { cookie } })).json().adultState).toBe('NONE');
  });
});
