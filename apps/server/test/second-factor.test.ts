import { TZDate } from '@date-fns/tz';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setRole } from '../src/modules/admin/staff.repository';
import { adminClient, enrolSecondFactor, staffMember, titleInput, totpCode } from './support/admin-factories';
import { type TestApp, buildTestApp } from './support/build-test-app';
import { createMember, sessionCookieOf, signUp } from './support/members';
import { testClock } from './support/subscription-factories';
import { member } from './support/wallet-factories';

/** The staff's second factor (issue 41): TOTP enrolment, the check, recovery codes and the gate on /api/admin. */
const START = new TZDate(2027, 2, 1, 10, 0, 0, 'Asia/Tokyo').getTime();
const MINUTE = 60_000;
const clock = testClock(START);
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ clock });
});
afterAll(() => t.close());
const db = () => t.database.db;

/** A member made operator (or support) by the shell, signed in, not enrolled yet: their credentials and console client. */
async function newStaff(role: 'operator' | 'support' = 'operator') {
  const input = createMember();
  const before = await signUp(t.app, input);
  const userId = (await t.app.inject({ url: '/api/common/get_status', headers: { cookie: before } })).json<{ userId: number }>().userId;
  // The grant ends the member's sessions: the console is used from a new sign-in.
  await setRole(db(), userId, role, clock.now());
  const cookie = await signIn(input);
  return { input, userId, cookie, ...adminClient(t.app, cookie) };
}

const signIn = async (input: { email: string; password: string }) => {
  const r = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: input.email, password: input.password } });
  expect(r.statusCode, r.body).toBe(200);
  return sessionCookieOf(r.headers['set-cookie']);
};
const check = (cookie: string, code: string) =>
  t.app.inject({ method: 'POST', url: '/api/admin/second_factor', headers: { cookie }, payload: { code } });
/** The session's cookie after a check (the check gives it a new id). */
const rotated = (r: { headers: Record<string, unknown> }) => sessionCookieOf(r.headers['set-cookie'] as string[]);
const required = (r: { statusCode: number; json: () => unknown }) =>
  expect([r.statusCode, r.json()]).toEqual([403, { errorCode: 'SECOND_FACTOR_REQUIRED' }]);

describe('enrolment', () => {
  it('a new operator is refused the console until they enrol; the secret is shown with its QR code and confirmed by a code', async () => {
    clock.set(START);
    const op = await newStaff();
    // Who they are and where they stand are answered; the console itself is not.
    expect((await op.get('/me')).json()).toEqual({ userId: op.userId, role: 'operator' });
    expect((await op.get('/second_factor')).json()).toEqual({ enrolled: false, totp: false, passkeys: 0, checked: false, checkedAt: null });
    for (const url of ['/titles', '/members?q=a', '/create_token', '/audit']) required(await op.get(url));
    required(await op.send('POST', '/titles', { token: 'x', ...titleInput() }));

    const started = await op.send('POST', '/second_factor/totp', {});
    expect(started.statusCode, started.body).toBe(200);
    const { secret, uri, qrCode } = started.json<{ secret: string; uri: string; qrCode: string }>();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(uri).toBe(`otpauth://totp/Hondana:${encodeURIComponent(op.input.email)}?secret=${secret}&issuer=Hondana`);
    expect(qrCode).toMatch(/^data:image\/svg\+xml;base64,/);
    const svg = Buffer.from(qrCode.split(',')[1]!, 'base64').toString();
    expect(svg).toContain('<svg');
    // Modules only: nothing in it is drawn with a font.
    expect(svg).not.toMatch(/<text|font/);
    // The secret is kept as given (the authenticator needs it), not confirmed until its first code.
    expect(
      await db().selectFrom('staff_totp').select(['secret', 'confirmed_at']).where('user_id', '=', op.userId).executeTakeFirst(),
    ).toEqual({ secret, confirmed_at: null });

    const wrong = await op.send('POST', '/second_factor/totp/confirm', {
      code: '000000' === (await totpCode(t.app, secret)) ? '111111' : '000000',
    });
    expect([wrong.statusCode, wrong.json().errorCode, wrong.json().messages[0]]).toEqual([
      400,
      'BAD_REQUEST',
      expect.stringMatching(/^code: /),
    ]);
    required(await op.get('/titles'));

    const confirmed = await op.send('POST', '/second_factor/totp/confirm', { code: await totpCode(t.app, secret) });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const { recoveryCodes } = confirmed.json<{ recoveryCodes: string[] }>();
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);
    for (const code of recoveryCodes) expect(code).toMatch(/^[a-z2-9]{4}-[a-z2-9]{4}-[a-z2-9]{4}$/);
    // Stored hashed: no code is in the table as given.
    const stored = await db()
      .selectFrom('staff_recovery_codes')
      .select(['code_hash', 'used_at'])
      .where('user_id', '=', op.userId)
      .execute();
    expect(stored).toHaveLength(10);
    for (const code of recoveryCodes) expect(stored.map((s) => s.code_hash).join()).not.toContain(code.replace(/-/g, ''));

    // The enrolment's code was the check of this sign-in: the console opens, under the session's new id.
    const after = adminClient(t.app, rotated(confirmed));
    expect((await op.get('/titles')).statusCode).toBe(401);
    expect((await after.get('/titles')).statusCode).toBe(200);
    expect((await after.get('/second_factor')).json()).toEqual({
      enrolled: true,
      totp: true,
      passkeys: 0,
      checked: true,
      checkedAt: START,
    });
    // A second enrolment is refused while one is confirmed.
    const again = await after.send('POST', '/second_factor/totp', {});
    expect([again.statusCode, again.json().errorCode]).toEqual([409, 'ALREADY_EXISTS']);
  });

  it('a member without a console role is refused enrolment and the check (403 FORBIDDEN), a guest 401', async () => {
    const m = await member(t.app);
    const plain = adminClient(t.app, m.cookie);
    for (const [url, body] of [
      ['/second_factor/totp', {}],
      ['/second_factor/totp/confirm', { code: '123456' }],
      ['/second_factor', { code: '123456' }],
    ] as const) {
      const r = await plain.send('POST', url, body);
      expect([r.statusCode, r.json()]).toEqual([403, { errorCode: 'FORBIDDEN' }]);
      expect((await adminClient(t.app, '').send('POST', url, body)).statusCode).toBe(401);
    }
    expect((await plain.get('/second_factor')).statusCode).toBe(403);
    expect(await db().selectFrom('staff_totp').select('user_id').where('user_id', '=', m.userId).execute()).toEqual([]);
  });

  it('an enrolment asked from another site is refused', async () => {
    const op = await newStaff();
    const r = await t.app.inject({
      method: 'POST',
      url: '/api/admin/second_factor/totp',
      headers: { cookie: op.cookie, 'sec-fetch-site': 'cross-site' },
      payload: {},
    });
    expect(r.statusCode).toBe(403);
    expect(await db().selectFrom('staff_totp').select('user_id').where('user_id', '=', op.userId).execute()).toEqual([]);
  });
});

describe('the check in each sign-in', () => {
  it('a new sign-in asks the factor again; a wrong code is 400 naming code; a code already taken is refused; the next code opens the console', async () => {
    clock.set(START);
    const op = await newStaff();
    const { secret } = await enrolSecondFactor(t.app, op.cookie);
    const enrolCode = await totpCode(t.app, secret);

    const cookie = await signIn(op.input);
    const c = adminClient(t.app, cookie);
    expect((await c.get('/second_factor')).json()).toEqual({ enrolled: true, totp: true, passkeys: 0, checked: false, checkedAt: null });
    required(await c.get('/titles'));

    const wrong = await check(cookie, enrolCode === '123456' ? '654321' : '123456');
    expect([wrong.statusCode, wrong.json().messages]).toEqual([400, [expect.stringMatching(/^code: is not the current code/)]]);
    // The enrolment's code, in the same 30 s step: refused as replayed.
    const replayed = await check(cookie, enrolCode);
    expect([replayed.statusCode, replayed.json().messages]).toEqual([400, ['code: was used already: wait for the next code']]);
    required(await c.get('/titles'));

    // Thirty seconds on, the new code passes, once.
    clock.set(START + 30_000);
    const code = await totpCode(t.app, secret);
    const passed = await check(cookie, code);
    expect(passed.json()).toEqual({ method: 'totp', recoveryCodesLeft: 10 });
    // A new session id at the check (ASVS): the cookie it was sent with is ended, the new one opens the console.
    expect((await c.get('/titles')).statusCode).toBe(401);
    const passedSession = adminClient(t.app, rotated(passed));
    expect((await passedSession.get('/titles')).statusCode).toBe(200);
    const other = await signIn(op.input);
    expect((await check(other, code)).json().messages).toEqual(['code: was used already: wait for the next code']);
    // Two sessions sending the next code at once: one passes.
    clock.set(START + 60_000);
    const next = await totpCode(t.app, secret);
    const third = await signIn(op.input);
    const both = await Promise.all([check(other, next), check(third, next)]);
    expect(both.map((r) => r.statusCode).sort()).toEqual([200, 400]);
    // The first session's check stays its own: signing in elsewhere does not open it for others.
    expect((await passedSession.get('/titles')).statusCode).toBe(200);
  });

  it('a recovery code opens one sign-in and is then used up; a code of an authenticator with one step of drift is taken', async () => {
    clock.set(START + 10 * MINUTE);
    const op = await newStaff('support');
    const { secret, recoveryCodes } = await enrolSecondFactor(t.app, op.cookie);
    const first = await signIn(op.input);
    // Typed as people type it: capitals, spaces.
    const used = await check(first, ` ${recoveryCodes[3]!.toUpperCase().replace(/-/g, ' ')} `);
    expect(used.json()).toEqual({ method: 'recovery', recoveryCodesLeft: 9 });
    expect((await adminClient(t.app, rotated(used)).get(`/members/${op.userId}`)).statusCode).toBe(200);
    const second = await signIn(op.input);
    const again = await check(second, recoveryCodes[3]!);
    expect([again.statusCode, again.json().errorCode]).toEqual([400, 'BAD_REQUEST']);
    required(await adminClient(t.app, second).get(`/members/${op.userId}`));
    // The phone's clock 30 s ahead: its code is the next step's.
    const ahead = await check(second, await totpCode(t.app, secret, 1));
    expect(ahead.json()).toEqual({ method: 'totp', recoveryCodesLeft: 9 });
    // Two steps off is not taken.
    const third = await signIn(op.input);
    clock.set(clock.now() + 30_000);
    expect((await check(third, await totpCode(t.app, secret, 3))).statusCode).toBe(400);
  });

  it('wrong codes are limited per staff member: the eleventh in five minutes is 429', async () => {
    clock.set(START + 20 * MINUTE);
    const op = await newStaff();
    const { secret } = await enrolSecondFactor(t.app, op.cookie);
    const cookie = await signIn(op.input);
    const right = await totpCode(t.app, secret, 1);
    const wrong = right === '000000' ? '000001' : '000000';
    for (let i = 0; i < 10; i++) expect((await check(cookie, wrong)).statusCode).toBe(400);
    const limited = await check(cookie, right);
    expect([limited.statusCode, limited.json().errorCode]).toEqual([429, 'TOO_MANY_REQUESTS']);
    clock.set(clock.now() + 5 * MINUTE + 1);
    expect((await check(cookie, await totpCode(t.app, secret))).statusCode).toBe(200);
  });
});

describe('money actions ask again after ten minutes', () => {
  it('a grant and an order cancellation answer 403 SECOND_FACTOR_REQUIRED once the check is older than ten minutes; other calls go on; a new check lets the grant through', async () => {
    clock.set(START + 60 * MINUTE);
    const op = await staffMember(t.app, db(), 'operator');
    const target = await member(t.app);
    const grant = () => op.change('POST', `/members/${target.userId}/grant`, { currency: 'POINT', amount: 10, reason: 'お詫び' });
    clock.set(clock.now() + 10 * MINUTE);
    expect((await grant()).statusCode).toBe(200);
    clock.set(clock.now() + 1);
    required(await grant());
    required(await op.change('POST', `/members/${target.userId}/orders/1/cancel`, { reason: 'x' }));
    required(await op.change('PUT', '/books/1', { version: 0, price: 100 }));
    // Reads and other changes do not need a fresh check.
    expect((await op.get(`/members/${target.userId}`)).statusCode).toBe(200);
    expect((await op.change('POST', '/titles', titleInput({ name: '十分後の作品' }))).statusCode).toBe(200);
    const ledger = () => db().selectFrom('wallet_ledger').select('id').where('user_id', '=', target.userId).execute();
    const before = (await ledger()).length;
    const again = await check(op.cookie, await totpCode(t.app, op.secret));
    expect(again.statusCode).toBe(200);
    const fresh = adminClient(t.app, rotated(again));
    expect(
      (await fresh.change('POST', `/members/${target.userId}/grant`, { currency: 'POINT', amount: 10, reason: 'お詫び' })).statusCode,
    ).toBe(200);
    expect((await ledger()).length).toBe(before + 1);
  });
});
