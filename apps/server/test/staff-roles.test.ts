import { TZDate } from '@date-fns/tz';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enrolFromShell } from '../src/modules/admin/second-factor.service';
import { setRole } from '../src/modules/admin/staff.repository';
import { adminClient, signIn, staffMember, totpCode } from './support/admin-factories';
import { type TestApp, buildTestApp } from './support/build-test-app';
import { createMember, sessionCookieOf, signUp } from './support/members';
import { SoftAuthenticator } from './support/soft-authenticator';
import { testClock } from './support/subscription-factories';
import { member, tokenFor } from './support/wallet-factories';

/**
 * The console's staff (issue 41): operators list the staff and change roles (only operators; the
 * change needs a fresh second factor, ends the member's sessions and is in the audit log; the
 * console always keeps one operator, also when two demotions run at once); each staff member
 * lists and removes their own passkeys (never their last second factor); the shell's TOTP
 * enrolment ends the member's sessions as a role change does.
 */
const START = new TZDate(2027, 4, 1, 10, 0, 0, 'Asia/Tokyo').getTime();
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
const call = (cookie: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  t.app.inject({ method, url: `/api/admin${url}`, headers: { cookie, host: HOST }, ...(payload ? { payload } : {}) });
const token = (cookie: string) => tokenFor(t.app, cookie, '/api/admin/create_token');
const rotated = (r: Answer) => sessionCookieOf(r.headers['set-cookie'] as string[]);
const status = (r: Answer) => [r.statusCode, r.json()];
const forbidden = (r: Answer) => expect(status(r)).toEqual([403, { errorCode: 'FORBIDDEN' }]);
const refusedNaming = (r: Answer, message: RegExp) => {
  expect(r.statusCode, r.body).toBe(400);
  expect(r.json()).toEqual({ errorCode: 'BAD_REQUEST', messages: [expect.stringMatching(message)] });
};

const roleOf = async (userId: number) =>
  (await db().selectFrom('staff_roles').select('role').where('user_id', '=', userId).executeTakeFirst())?.role ?? null;
const sessionsOf = async (userId: number) =>
  (await db().selectFrom('sessions').select('id_hash').where('user_id', '=', userId).execute()).length;
const operatorCount = async () => (await db().selectFrom('staff_roles').select('user_id').where('role', '=', 'operator').execute()).length;
const auditOf = (subject: string) =>
  db()
    .selectFrom('admin_audit_log')
    .select(['action', 'actor_user_id', 'before_json', 'after_json'])
    .where('subject', '=', subject)
    .orderBy('id')
    .execute();
const setRoleBy = async (cookie: string, userId: number, role: string) =>
  call(cookie, 'PUT', `/staff/${userId}/role`, { token: await token(cookie), role });

/** Leaves only `keep` as operators (the other test's operators lose the role, as from the shell). */
async function onlyOperators(...keep: number[]) {
  const others = await db()
    .selectFrom('staff_roles')
    .select('user_id')
    .where('role', '=', 'operator')
    .where('user_id', 'not in', keep)
    .execute();
  for (const o of others) await setRole(db(), o.user_id, null, clock.now());
}

describe('the staff list and role changes', () => {
  it('an operator lists the staff with their roles and whether a second factor is enrolled; support, plain members and guests get nothing', async () => {
    clock.set(START);
    const op = await staffMember(t.app, db(), 'operator');
    const support = await staffMember(t.app, db(), 'support');
    const plain = await member(t.app);
    const unenrolled = await member(t.app);
    await setRole(db(), unenrolled.userId, 'support', clock.now());

    const list = await op.get('/staff');
    expect(list.statusCode, list.body).toBe(200);
    const staff = list.json<{ staff: { userId: number; email: string; role: string; enrolled: boolean; grantedAt: number }[] }>().staff;
    expect(staff.find((s) => s.userId === op.userId)).toMatchObject({
      email: op.input.email.toLowerCase(),
      role: 'operator',
      enrolled: true,
    });
    expect(staff.find((s) => s.userId === support.userId)).toMatchObject({ role: 'support', enrolled: true });
    expect(staff.find((s) => s.userId === unenrolled.userId)).toMatchObject({ role: 'support', enrolled: false, grantedAt: START });
    expect(staff.some((s) => s.userId === plain.userId)).toBe(false);
    // Operators come first.
    expect(staff.findIndex((s) => s.role === 'support')).toBeGreaterThan(staff.findLastIndex((s) => s.role === 'operator'));

    // Support (the smaller role) may neither read nor change roles: 403 FORBIDDEN, nothing changed.
    forbidden(await support.get('/staff'));
    forbidden(await setRoleBy(support.cookie, support.userId, 'operator'));
    forbidden(
      await call(support.cookie, 'POST', '/staff', { token: await support.token(), email: plain.userId + '@x.jp', role: 'operator' }),
    );
    expect(await roleOf(support.userId)).toBe('support');
    // A member without a role: 403 as well; a guest: 401.
    forbidden(await call(plain.cookie, 'GET', '/staff'));
    // (It cannot even take a console token: a made-up one is sent, refused by the role first.)
    forbidden(await call(plain.cookie, 'PUT', `/staff/${plain.userId}/role`, { token: 'made-up', role: 'operator' }));
    expect(await roleOf(plain.userId)).toBe(null);
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/staff' })).statusCode).toBe(401);
  });

  it("an operator changes a member's role: the member's sessions end, the audit log records it; the same role again changes nothing", async () => {
    clock.set(START + 2 * MINUTE);
    const op = await staffMember(t.app, db(), 'operator');
    const support = await staffMember(t.app, db(), 'support');
    expect((await call(support.cookie, 'GET', '/members?q=x')).statusCode).toBe(200);

    const promoted = await setRoleBy(op.cookie, support.userId, 'operator');
    expect(status(promoted)).toEqual([200, { userId: support.userId, role: 'operator', changed: true }]);
    expect(await roleOf(support.userId)).toBe('operator');
    // Their session (signed in as support) is over: the new role takes effect at the next sign-in.
    expect(await sessionsOf(support.userId)).toBe(0);
    expect((await call(support.cookie, 'GET', '/members?q=x')).statusCode).toBe(401);
    expect(await auditOf(`user:${support.userId}`)).toEqual([
      {
        action: 'staff.role',
        actor_user_id: op.userId,
        before_json: JSON.stringify({ role: 'support' }),
        after_json: JSON.stringify({ role: 'operator' }),
      },
    ]);
    // The operator's own session goes on.
    expect((await op.get('/staff')).statusCode).toBe(200);

    // Signed in again: the same role again is no change (no session ended, no audit entry).
    const again = await signIn(t.app, support.input);
    const same = await setRoleBy(op.cookie, support.userId, 'operator');
    expect(status(same)).toEqual([200, { userId: support.userId, role: 'operator', changed: false }]);
    expect(await sessionsOf(support.userId)).toBe(1);
    expect(await auditOf(`user:${support.userId}`)).toHaveLength(1);

    // `none` takes the role back: the console is closed to them at once.
    const removed = await setRoleBy(op.cookie, support.userId, 'none');
    expect(status(removed)).toEqual([200, { userId: support.userId, role: null, changed: true }]);
    expect(await roleOf(support.userId)).toBe(null);
    expect((await call(again, 'GET', '/members?q=x')).statusCode).toBe(401);
    forbidden(await call(await signIn(t.app, support.input), 'GET', '/members?q=x'));
  });

  it('an operator gives a role by e-mail address; the new staff member enrols a second factor before the console answers them', async () => {
    clock.set(START + 4 * MINUTE);
    const op = await staffMember(t.app, db(), 'operator');
    const input = createMember();
    const cookie = await signUp(t.app, input);
    const userId = (await db().selectFrom('users').select('id').where('email', '=', input.email.toLowerCase()).executeTakeFirstOrThrow())
      .id;
    const granted = await op.change('POST', '/staff', { email: input.email.toUpperCase(), role: 'support' });
    expect(status(granted)).toEqual([200, { userId, role: 'support', changed: true }]);
    expect(await roleOf(userId)).toBe('support');
    expect((await call(cookie, 'GET', '/me')).statusCode).toBe(401);
    const signedIn = await signIn(t.app, input);
    expect(status(await call(signedIn, 'GET', '/members?q=x'))).toEqual([403, { errorCode: 'SECOND_FACTOR_REQUIRED' }]);
    expect(status(await call(signedIn, 'GET', '/me'))).toEqual([200, { userId, role: 'support' }]);
  });

  it('bad input is refused naming the field, and nothing changes', async () => {
    clock.set(START + 6 * MINUTE);
    const op = await staffMember(t.app, db(), 'operator');
    const target = await member(t.app);
    refusedNaming(await setRoleBy(op.cookie, target.userId, 'admin'), /^role: /);
    refusedNaming(await call(op.cookie, 'PUT', `/staff/${target.userId}/role`, { token: await op.token() }), /^role: /);
    refusedNaming(await call(op.cookie, 'PUT', `/staff/${target.userId}/role`, { role: 'support' }), /^token: is required/);
    refusedNaming(await call(op.cookie, 'PUT', '/staff/abc/role', { token: await op.token(), role: 'support' }), /^id: /);
    refusedNaming(await op.change('POST', '/staff', { email: 'not-an-address', role: 'support' }), /^email: must be an e-mail address/);
    refusedNaming(await op.change('POST', '/staff', { email: 'nobody-here@example.jp', role: 'support' }), /^email: names no member/);
    refusedNaming(await op.change('POST', '/staff', { email: 'nobody-here@example.jp', role: 'none' }), /^role: /);
    expect(status(await setRoleBy(op.cookie, 2_000_000_000, 'support'))).toEqual([404, { errorCode: 'NOT_FOUND', messages: ['member'] }]);
    expect(await roleOf(target.userId)).toBe(null);
  });

  it('a role change needs the second factor given in the last ten minutes (as money actions do)', async () => {
    clock.set(START + 8 * MINUTE);
    const op = await staffMember(t.app, db(), 'operator');
    const target = await member(t.app);
    clock.set(START + 18 * MINUTE + 1);
    expect(status(await setRoleBy(op.cookie, target.userId, 'support'))).toEqual([403, { errorCode: 'SECOND_FACTOR_REQUIRED' }]);
    expect(
      status(
        await op.change('POST', '/staff', {
          email: (await db().selectFrom('users').select('email').where('id', '=', target.userId).executeTakeFirstOrThrow()).email,
          role: 'support',
        }),
      ),
    ).toEqual([403, { errorCode: 'SECOND_FACTOR_REQUIRED' }]);
    // Reading the list does not.
    expect((await op.get('/staff')).statusCode).toBe(200);
    expect(await roleOf(target.userId)).toBe(null);
    const checked = await call(op.cookie, 'POST', '/second_factor', { code: await totpCode(t.app, op.secret) });
    expect(checked.statusCode, checked.body).toBe(200);
    expect((await setRoleBy(rotated(checked), target.userId, 'support')).statusCode).toBe(200);
    expect(await roleOf(target.userId)).toBe('support');
  });
});

describe('the console keeps one operator', () => {
  it('the last operator cannot take back their own role', async () => {
    clock.set(START + 30 * MINUTE);
    const op = await staffMember(t.app, db(), 'operator');
    await onlyOperators(op.userId);
    refusedNaming(await setRoleBy(op.cookie, op.userId, 'support'), /^role: would leave the console without an operator/);
    refusedNaming(await setRoleBy(op.cookie, op.userId, 'none'), /^role: would leave the console without an operator/);
    expect(await roleOf(op.userId)).toBe('operator');
    expect(await sessionsOf(op.userId)).toBe(1);
  });

  for (const round of [1, 2, 3]) {
    it(`two operators, the last two, each take back their own role at once: one is refused, one operator is left (round ${round})`, async () => {
      clock.set(START + (30 + round) * MINUTE);
      const [a, b] = await Promise.all([staffMember(t.app, db(), 'operator'), staffMember(t.app, db(), 'operator')]);
      await onlyOperators(a.userId, b.userId);
      const [ta, tb] = await Promise.all([a.token(), b.token()]);
      const answers = await Promise.all([
        call(a.cookie, 'PUT', `/staff/${a.userId}/role`, { token: ta, role: 'support' }),
        call(b.cookie, 'PUT', `/staff/${b.userId}/role`, { token: tb, role: 'none' }),
      ]);
      expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 400]);
      refusedNaming(
        answers.find((r) => r.statusCode === 400)!,
        /^role: would leave the console without an operator/,
      );
      expect(await operatorCount()).toBe(1);
      expect(
        await db()
          .selectFrom('admin_audit_log')
          .select('id')
          .where('action', '=', 'staff.role')
          .where('subject', 'in', [`user:${a.userId}`, `user:${b.userId}`])
          .execute(),
      ).toHaveLength(1);
    });

    it(`the last two operators demote each other at once: one change is made, one operator is left (round ${round})`, async () => {
      clock.set(START + (40 + round) * MINUTE);
      const [a, b] = await Promise.all([staffMember(t.app, db(), 'operator'), staffMember(t.app, db(), 'operator')]);
      await onlyOperators(a.userId, b.userId);
      const [ta, tb] = await Promise.all([a.token(), b.token()]);
      const answers = await Promise.all([
        call(a.cookie, 'PUT', `/staff/${b.userId}/role`, { token: ta, role: 'support' }),
        call(b.cookie, 'PUT', `/staff/${a.userId}/role`, { token: tb, role: 'support' }),
      ]);
      // The second finds its caller demoted by the first (403) or, ended session, signed out (401).
      expect(answers.filter((r) => r.statusCode === 200)).toHaveLength(1);
      expect(answers.filter((r) => r.statusCode !== 200).map((r) => r.statusCode)).toEqual([expect.toBeOneOf([401, 403])]);
      expect(await operatorCount()).toBe(1);
      expect([await roleOf(a.userId), await roleOf(b.userId)].sort()).toEqual(['operator', 'support']);
    });
  }
});

describe("a staff member's own passkeys", () => {
  const register = async (cookie: string, key: SoftAuthenticator, name?: string) => {
    const options = await call(cookie, 'POST', '/second_factor/passkey/registration_options', {});
    expect(options.statusCode, options.body).toBe(200);
    return call(cookie, 'POST', '/second_factor/passkey/registration', {
      response: key.register(options.json()),
      ...(name === undefined ? {} : { name }),
    });
  };
  const remove = async (cookie: string, id: number) =>
    call(cookie, 'DELETE', `/second_factor/passkeys/${id}`, { token: await token(cookie) });
  const listOf = async (cookie: string) => {
    const r = await call(cookie, 'GET', '/second_factor/passkeys');
    expect(r.statusCode, r.body).toBe(200);
    return r.json<{ passkeys: { id: number; name: string | null; createdAt: number; lastUsedAt: number | null }[]; totp: boolean }>();
  };

  it('lists them with their names, registration and last use; removes one; the removal is in the audit log', async () => {
    clock.set(START + 60 * MINUTE);
    const support = await staffMember(t.app, db(), 'support');
    const laptop = new SoftAuthenticator(ORIGIN, 'localhost');
    const phone = new SoftAuthenticator(ORIGIN, 'localhost');
    let r = await register(support.cookie, laptop, '  仕事用ノートPC ');
    expect(r.statusCode, r.body).toBe(200);
    clock.set(START + 61 * MINUTE);
    r = await register(rotated(r), phone);
    expect(r.statusCode, r.body).toBe(200);
    let cookie = rotated(r);
    // A name longer than 50 characters is refused, naming it.
    refusedNaming(
      await register(cookie, new SoftAuthenticator(ORIGIN, 'localhost'), 'あ'.repeat(51)),
      /^name: is longer than 50 characters/,
    );

    const listed = await listOf(cookie);
    expect(listed).toEqual({
      totp: true,
      passkeys: [
        { id: expect.any(Number), name: '仕事用ノートPC', createdAt: START + 60 * MINUTE, lastUsedAt: null },
        { id: expect.any(Number), name: null, createdAt: START + 61 * MINUTE, lastUsedAt: null },
      ],
    });
    // A check with the phone is its last use.
    clock.set(START + 62 * MINUTE);
    const options = await call(cookie, 'POST', '/second_factor/passkey/options', {});
    const checked = await call(cookie, 'POST', '/second_factor/passkey', { response: phone.assert(options.json()) });
    expect(checked.statusCode, checked.body).toBe(200);
    cookie = rotated(checked);
    const [first, second] = (await listOf(cookie)).passkeys;
    expect(second!.lastUsedAt).toBe(START + 62 * MINUTE);

    const removed = await remove(cookie, first!.id);
    expect(status(removed)).toEqual([200, { removed: first!.id }]);
    expect((await listOf(cookie)).passkeys.map((p) => p.id)).toEqual([second!.id]);
    expect(await auditOf(`user:${support.userId}`)).toEqual([
      {
        action: 'staff.passkey.remove',
        actor_user_id: support.userId,
        before_json: JSON.stringify({ passkey: '仕事用ノートPC' }),
        after_json: null,
      },
    ]);
    // Removed: it no longer passes the check.
    const again = await call(cookie, 'POST', '/second_factor/passkey/options', {});
    refusedNaming(
      await call(cookie, 'POST', '/second_factor/passkey', { response: laptop.assert(again.json()) }),
      /^response: names no passkey/,
    );
    // The session still stands (removing a passkey is not a sign-out).
    expect((await call(cookie, 'GET', '/members?q=x')).statusCode).toBe(200);
  });

  it("another member's passkey is not found; a member without a role gets 403; an unknown id is named", async () => {
    clock.set(START + 70 * MINUTE);
    const a = await staffMember(t.app, db(), 'support');
    const b = await staffMember(t.app, db(), 'support');
    const r = await register(b.cookie, new SoftAuthenticator(ORIGIN, 'localhost'), 'B');
    const bPasskey = (await listOf(rotated(r))).passkeys[0]!;
    expect(status(await remove(a.cookie, bPasskey.id))).toEqual([404, { errorCode: 'NOT_FOUND', messages: ['passkey'] }]);
    refusedNaming(await call(a.cookie, 'DELETE', '/second_factor/passkeys/x', { token: await a.token() }), /^id: /);
    refusedNaming(await call(a.cookie, 'DELETE', `/second_factor/passkeys/${bPasskey.id}`, {}), /^token: /);
    const plain = await member(t.app);
    forbidden(await call(plain.cookie, 'GET', '/second_factor/passkeys'));
    forbidden(await call(plain.cookie, 'DELETE', `/second_factor/passkeys/${bPasskey.id}`, { token: 'made-up' }));
    expect((await listOf(rotated(r))).passkeys).toHaveLength(1);
  });

  it('removing a passkey needs the second factor given in the last ten minutes', async () => {
    clock.set(START + 80 * MINUTE);
    const support = await staffMember(t.app, db(), 'support');
    const r = await register(support.cookie, new SoftAuthenticator(ORIGIN, 'localhost'), 'old');
    const cookie = rotated(r);
    const [passkey] = (await listOf(cookie)).passkeys;
    clock.set(START + 90 * MINUTE + 1);
    expect(status(await remove(cookie, passkey!.id))).toEqual([403, { errorCode: 'SECOND_FACTOR_REQUIRED' }]);
    expect((await listOf(cookie)).passkeys).toHaveLength(1);
  });

  it('a staff member with passkeys only keeps the last one; two removals at once of the last two leave one', async () => {
    clock.set(START + 100 * MINUTE);
    const input = createMember();
    await signUp(t.app, input);
    const userId = (await db().selectFrom('users').select('id').where('email', '=', input.email.toLowerCase()).executeTakeFirstOrThrow())
      .id;
    await setRole(db(), userId, 'operator', clock.now());
    let r = await register(await signIn(t.app, input), new SoftAuthenticator(ORIGIN, 'localhost'), 'one');
    expect(r.statusCode, r.body).toBe(200);
    let cookie = rotated(r);
    const [only] = (await listOf(cookie)).passkeys;
    expect((await listOf(cookie)).totp).toBe(false);
    refusedNaming(await remove(cookie, only!.id), /^id: is the last second factor/);

    for (const round of [1, 2, 3]) {
      r = await register(cookie, new SoftAuthenticator(ORIGIN, 'localhost'), `more ${round}`);
      expect(r.statusCode, r.body).toBe(200);
      cookie = rotated(r);
      const ids = (await listOf(cookie)).passkeys.map((p) => p.id);
      expect(ids).toHaveLength(2);
      const [t1, t2] = await Promise.all([token(cookie), token(cookie)]);
      const answers = await Promise.all(
        ids.map((id, i) => call(cookie, 'DELETE', `/second_factor/passkeys/${id}`, { token: i === 0 ? t1 : t2 })),
      );
      expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 400]);
      refusedNaming(
        answers.find((a) => a.statusCode === 400)!,
        /^id: is the last second factor/,
      );
      expect((await listOf(cookie)).passkeys).toHaveLength(1);
    }
  });
});

describe('a member whose factor is passkeys only', () => {
  it('passes the check with a recovery code of their first passkey when the device is lost; a six-digit code is refused naming it', async () => {
    clock.set(START + 110 * MINUTE);
    const input = createMember();
    await signUp(t.app, input);
    const userId = (await db().selectFrom('users').select('id').where('email', '=', input.email.toLowerCase()).executeTakeFirstOrThrow())
      .id;
    await setRole(db(), userId, 'support', clock.now());
    const cookie = await signIn(t.app, input);
    const options = await call(cookie, 'POST', '/second_factor/passkey/registration_options', {});
    const registered = await call(cookie, 'POST', '/second_factor/passkey/registration', {
      response: new SoftAuthenticator(ORIGIN, 'localhost').register(options.json()),
    });
    const { recoveryCodes } = registered.json<{ recoveryCodes: string[] }>();
    expect(recoveryCodes).toHaveLength(10);

    const again = await signIn(t.app, input);
    refusedNaming(await call(again, 'POST', '/second_factor', { code: '123456' }), /^code: is not the current code/);
    const passed = await call(again, 'POST', '/second_factor', { code: recoveryCodes[0]! });
    expect(status(passed)).toEqual([200, { method: 'recovery', recoveryCodesLeft: 9 }]);
    expect((await call(rotated(passed), 'GET', '/members?q=x')).statusCode).toBe(200);
    // Used up: the same code does not pass a second time.
    refusedNaming(await call(await signIn(t.app, input), 'POST', '/second_factor', { code: recoveryCodes[0]! }), /^code: /);
  });
});

describe('npm run admin -- totp', () => {
  it("ends the member's sessions, as a role change does: the next sign-in asks a code of the new authenticator", async () => {
    clock.set(START + 120 * MINUTE);
    const support = await staffMember(t.app, db(), 'support');
    const other = await signIn(t.app, support.input);
    expect((await call(support.cookie, 'GET', '/members?q=x')).statusCode).toBe(200);
    const { secret } = await enrolFromShell(db(), support.userId, clock.now());
    expect(await sessionsOf(support.userId)).toBe(0);
    expect((await call(support.cookie, 'GET', '/members?q=x')).statusCode).toBe(401);
    expect((await call(other, 'GET', '/me')).statusCode).toBe(401);
    const cookie = await signIn(t.app, support.input);
    expect(status(await call(cookie, 'GET', '/members?q=x'))).toEqual([403, { errorCode: 'SECOND_FACTOR_REQUIRED' }]);
    // The old authenticator's code no longer passes; the new one's does.
    clock.set(clock.now() + 30_000);
    const old = await call(cookie, 'POST', '/second_factor', { code: await totpCode(t.app, support.secret) });
    expect(old.statusCode).toBe(400);
    const checked = await call(cookie, 'POST', '/second_factor', { code: await totpCode(t.app, secret) });
    expect(checked.statusCode, checked.body).toBe(200);
    expect((await adminClient(t.app, rotated(checked)).get('/members?q=x')).statusCode).toBe(200);
  });
});
