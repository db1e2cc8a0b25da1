import { TZDate } from '@date-fns/tz';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setRole } from '../src/modules/admin/staff.repository';
import { enrolSecondFactor, signIn, titleInput } from './support/admin-factories';
import { type TestApp, buildTestApp } from './support/build-test-app';
import { createMember, sessionCookieOf, signUp } from './support/members';
import { SoftAuthenticator } from './support/soft-authenticator';
import { testClock } from './support/subscription-factories';
import { member, tokenFor } from './support/wallet-factories';

/**
 * Passkeys (WebAuthn) as a staff second factor (issue 41), with a software authenticator that
 * makes real P-256 keys, attestation 'none' and signed assertions: registration, the check (which
 * satisfies the gate as a TOTP code does, ten-minute rule included), and the refusals: another
 * origin or rp id, a challenge answered twice or late, a signature counter that does not move on.
 */
const START = new TZDate(2027, 3, 1, 10, 0, 0, 'Asia/Tokyo').getTime();
const MINUTE = 60_000;
const clock = testClock(START);
const HOST = 'localhost:3000';
const ORIGIN = `http://${HOST}`;
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ clock });
});
afterAll(() => t.close());
const db = () => t.database.db;

type Answer = Awaited<ReturnType<TestApp['app']['inject']>>;
const call = (cookie: string, method: 'GET' | 'POST', url: string, payload?: object) =>
  t.app.inject({ method, url: `/api/admin${url}`, headers: { cookie, host: HOST }, ...(payload ? { payload } : {}) });
const rotated = (r: Answer) => sessionCookieOf(r.headers['set-cookie'] as string[]);
const required = (r: Answer) => expect([r.statusCode, r.json()]).toEqual([403, { errorCode: 'SECOND_FACTOR_REQUIRED' }]);
const refusedNaming = (r: Answer, message: RegExp) => {
  expect(r.statusCode, r.body).toBe(400);
  expect(r.json()).toEqual({ errorCode: 'BAD_REQUEST', messages: [expect.stringMatching(message)] });
};

/** A member made operator by the shell (their sessions end), signed in again, nothing enrolled. */
async function newOperator() {
  const input = createMember();
  await signUp(t.app, input);
  const userId = (await db().selectFrom('users').select('id').where('email', '=', input.email.toLowerCase()).executeTakeFirstOrThrow()).id;
  await setRole(db(), userId, 'operator', clock.now());
  return { input, userId, cookie: await signIn(t.app, input) };
}

/** Registers `key` for the session of `cookie`: the answer (its cookie is the session's new id). */
async function register(cookie: string, key: SoftAuthenticator, bend = {}) {
  const options = await call(cookie, 'POST', '/second_factor/passkey/registration_options', {});
  expect(options.statusCode, options.body).toBe(200);
  return call(cookie, 'POST', '/second_factor/passkey/registration', { response: key.register(options.json(), bend) });
}

async function checkOptions(cookie: string) {
  const options = await call(cookie, 'POST', '/second_factor/passkey/options', {});
  expect(options.statusCode, options.body).toBe(200);
  return options.json<{ challenge: string; rpId: string; allowCredentials: { id: string }[] }>();
}

const check = (cookie: string, response: object) => call(cookie, 'POST', '/second_factor/passkey', { response });
const storedCounter = async (key: SoftAuthenticator) =>
  Number((await db().selectFrom('staff_passkeys').select('counter').where('credential_id', '=', key.id).executeTakeFirstOrThrow()).counter);

/** An operator with a registered passkey, signed in again (not checked yet). */
async function operatorWithPasskey() {
  const op = await newOperator();
  const key = new SoftAuthenticator(ORIGIN, 'localhost');
  expect((await register(op.cookie, key)).statusCode).toBe(200);
  return { ...op, key, cookie: await signIn(t.app, op.input) };
}

describe('passkey registration', () => {
  it('a new operator registers a passkey as their first factor: the key is kept, ten recovery codes come once, and the session is checked under a new id', async () => {
    clock.set(START);
    const op = await newOperator();
    required(await call(op.cookie, 'GET', '/titles'));
    const key = new SoftAuthenticator(ORIGIN, 'localhost');
    const options = await call(op.cookie, 'POST', '/second_factor/passkey/registration_options', {});
    expect(options.statusCode, options.body).toBe(200);
    const o = options.json<{
      challenge: string;
      rp: { id: string; name: string };
      user: { name: string };
      attestation: string;
      authenticatorSelection: { userVerification: string };
    }>();
    expect(o.rp).toEqual({ id: 'localhost', name: '本棚 管理コンソール' });
    expect(o.user.name).toBe(op.input.email);
    expect(o.attestation).toBe('none');
    expect(o.authenticatorSelection.userVerification).toBe('required');

    const registered = await call(op.cookie, 'POST', '/second_factor/passkey/registration', { response: key.register(o) });
    expect(registered.statusCode, registered.body).toBe(200);
    const { recoveryCodes } = registered.json<{ recoveryCodes: string[] }>();
    expect(recoveryCodes).toHaveLength(10);
    const row = await db().selectFrom('staff_passkeys').selectAll().where('user_id', '=', op.userId).executeTakeFirstOrThrow();
    expect([row.credential_id, Number(row.counter), JSON.parse(row.transports)]).toEqual([key.id, 0, ['internal']]);
    expect(row.public_key).toMatch(/^[A-Za-z0-9_-]{60,}$/);

    // The registration was this sign-in's check: the old cookie is ended, the new one opens the console.
    expect((await call(op.cookie, 'GET', '/titles')).statusCode).toBe(401);
    const cookie = rotated(registered);
    expect((await call(cookie, 'GET', '/titles')).statusCode).toBe(200);
    expect((await call(cookie, 'GET', '/second_factor')).json()).toEqual({
      enrolled: true,
      totp: false,
      passkeys: 1,
      checked: true,
      checkedAt: START,
    });
    // The challenge was single use: the same answer again is refused.
    refusedNaming(
      await call(cookie, 'POST', '/second_factor/passkey/registration', { response: key.register(o) }),
      /^response: is not the answer to a challenge/,
    );
    // A second authenticator may be added from the checked session; the same one twice may not.
    const second = new SoftAuthenticator(ORIGIN, 'localhost');
    const added = await register(cookie, second);
    expect([added.statusCode, added.json()]).toEqual([200, { recoveryCodes: [] }]);
    const again = await register(rotated(added), key);
    refusedNaming(again, /^response: names a passkey registered already/);
  });

  it('adding a passkey to an enrolled account needs the factor in this sign-in (a password alone is not enough)', async () => {
    clock.set(START + MINUTE);
    const op = await newOperator();
    await enrolSecondFactor(t.app, op.cookie);
    const cookie = await signIn(t.app, op.input);
    required(await call(cookie, 'POST', '/second_factor/passkey/registration_options', {}));
    expect(await db().selectFrom('webauthn_challenges').select('challenge').where('user_id', '=', op.userId).execute()).toEqual([]);
  });

  it('a registration made for another origin or rp id, or without user verification, is refused and nothing is kept', async () => {
    clock.set(START + 2 * MINUTE);
    const op = await newOperator();
    const key = new SoftAuthenticator(ORIGIN, 'localhost');
    refusedNaming(await register(op.cookie, key, { origin: 'https://evil.example' }), /^response: was not verified: .*origin/i);
    refusedNaming(await register(op.cookie, key, { rpId: 'evil.example' }), /^response: was not verified: .*RP ID/i);
    refusedNaming(await register(op.cookie, key, { unverified: true }), /^response: was not verified: .*verif/i);
    expect(await db().selectFrom('staff_passkeys').select('id').where('user_id', '=', op.userId).execute()).toEqual([]);
    required(await call(op.cookie, 'GET', '/titles'));
  });

  it('is refused from another site, to a member without a role and to a guest', async () => {
    const op = await newOperator();
    const cross = await t.app.inject({
      method: 'POST',
      url: '/api/admin/second_factor/passkey/registration_options',
      headers: { cookie: op.cookie, host: HOST, 'sec-fetch-site': 'cross-site' },
      payload: {},
    });
    expect(cross.statusCode).toBe(403);
    const m = await member(t.app);
    expect((await call(m.cookie, 'POST', '/second_factor/passkey/registration_options', {})).statusCode).toBe(403);
    expect((await call('', 'POST', '/second_factor/passkey/options', {})).statusCode).toBe(401);
  });
});

describe('the check with a passkey', () => {
  it('opens the console as a TOTP code does, under a new session id; the counter is kept', async () => {
    clock.set(START + 10 * MINUTE);
    const op = await operatorWithPasskey();
    required(await call(op.cookie, 'GET', '/titles'));
    expect((await call(op.cookie, 'GET', '/second_factor')).json()).toEqual({
      enrolled: true,
      totp: false,
      passkeys: 1,
      checked: false,
      checkedAt: null,
    });
    const o = await checkOptions(op.cookie);
    expect(o.rpId).toBe('localhost');
    expect(o.allowCredentials.map((c) => c.id)).toEqual([op.key.id]);
    const passed = await check(op.cookie, op.key.assert(o));
    expect([passed.statusCode, passed.json()]).toEqual([200, { method: 'passkey', recoveryCodesLeft: 10 }]);
    expect(await storedCounter(op.key)).toBe(1);
    expect((await call(op.cookie, 'GET', '/titles')).statusCode).toBe(401);
    const cookie = rotated(passed);
    expect((await call(cookie, 'GET', '/titles')).statusCode).toBe(200);
    expect((await call(cookie, 'GET', '/second_factor')).json()).toMatchObject({ checked: true, checkedAt: START + 10 * MINUTE });
  });

  it('an assertion for another origin or rp id is refused; so is one without user verification', async () => {
    clock.set(START + 20 * MINUTE);
    const op = await operatorWithPasskey();
    refusedNaming(await check(op.cookie, op.key.assert(await checkOptions(op.cookie), { origin: 'https://evil.example' })), /origin/i);
    refusedNaming(await check(op.cookie, op.key.assert(await checkOptions(op.cookie), { origin: 'http://localhost:4000' })), /origin/i);
    refusedNaming(await check(op.cookie, op.key.assert(await checkOptions(op.cookie), { rpId: 'evil.example' })), /RP ID/i);
    refusedNaming(await check(op.cookie, op.key.assert(await checkOptions(op.cookie), { unverified: true })), /verif/i);
    // A key the store does not know, signing correctly, is refused too.
    const stranger = new SoftAuthenticator(ORIGIN, 'localhost');
    refusedNaming(
      await check(op.cookie, stranger.assert(await checkOptions(op.cookie))),
      /^response: names no passkey of this staff member/,
    );
    expect(await storedCounter(op.key)).toBe(0);
    required(await call(op.cookie, 'GET', '/titles'));
  });

  it('a challenge is taken once, by its own session, before it expires', async () => {
    clock.set(START + 30 * MINUTE);
    const op = await operatorWithPasskey();
    const o = await checkOptions(op.cookie);
    const answer = op.key.assert(o);
    const passed = await check(op.cookie, answer);
    expect(passed.statusCode, passed.body).toBe(200);
    // The same answer again, from the new session or another sign-in: the challenge is gone.
    const other = await signIn(t.app, op.input);
    refusedNaming(await check(rotated(passed), answer), /^response: is not the answer to a challenge/);
    refusedNaming(await check(other, answer), /^response: is not the answer to a challenge/);
    // Another session's challenge is not this one's.
    const theirs = await checkOptions(other);
    const third = await signIn(t.app, op.input);
    refusedNaming(await check(third, op.key.assert(theirs)), /^response: is not the answer to a challenge/);
    // Five minutes on, a challenge has expired.
    const late = await checkOptions(third);
    clock.set(clock.now() + 5 * MINUTE + 1);
    refusedNaming(await check(third, op.key.assert(late)), /^response: is not the answer to a challenge/);
    required(await call(third, 'GET', '/titles'));
  });

  it('an assertion whose counter does not move on past the stored one is refused (a replayed or cloned authenticator), and of two at once one passes', async () => {
    clock.set(START + 40 * MINUTE);
    const op = await operatorWithPasskey();
    expect((await check(op.cookie, op.key.assert(await checkOptions(op.cookie), { counter: 5 }))).statusCode).toBe(200);
    expect(await storedCounter(op.key)).toBe(5);
    const second = await signIn(t.app, op.input);
    refusedNaming(await check(second, op.key.assert(await checkOptions(second), { counter: 5 })), /counter/i);
    refusedNaming(await check(second, op.key.assert(await checkOptions(second), { counter: 3 })), /counter/i);
    expect(await storedCounter(op.key)).toBe(5);
    required(await call(second, 'GET', '/titles'));
    // Two sessions answer with the same counter at once: one passes.
    const third = await signIn(t.app, op.input);
    const [a, b] = await Promise.all([checkOptions(second), checkOptions(third)]);
    const both = await Promise.all([check(second, op.key.assert(a, { counter: 6 })), check(third, op.key.assert(b, { counter: 6 }))]);
    expect(both.map((r) => r.statusCode).sort()).toEqual([200, 400]);
    expect(await storedCounter(op.key)).toBe(6);
  });

  it('meets the ten-minute rule of money actions as a code does', async () => {
    clock.set(START + 60 * MINUTE);
    const op = await operatorWithPasskey();
    const target = await member(t.app);
    let cookie = rotated(await check(op.cookie, op.key.assert(await checkOptions(op.cookie))));
    const grant = async () =>
      call(cookie, 'POST', `/members/${target.userId}/grant`, {
        token: await tokenFor(t.app, cookie, '/api/admin/create_token'),
        currency: 'POINT',
        amount: 10,
        reason: 'お詫び',
      });
    expect((await grant()).statusCode).toBe(200);
    clock.set(clock.now() + 10 * MINUTE + 1);
    required(await grant());
    expect(
      (
        await call(cookie, 'POST', '/titles', {
          token: await tokenFor(t.app, cookie, '/api/admin/create_token'),
          ...titleInput({ name: 'パスキーの作品' }),
        })
      ).statusCode,
    ).toBe(200);
    const again = await check(cookie, op.key.assert(await checkOptions(cookie)));
    expect(again.statusCode, again.body).toBe(200);
    cookie = rotated(again);
    expect((await grant()).statusCode).toBe(200);
  });
});
