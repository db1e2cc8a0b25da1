import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, buildTestApp } from './support/build-test-app';
import { insertBook, insertTitle } from './support/catalog-factories';
import { outboxMails, mailedLink } from './support/mail';
import { createMember, sessionCookieOf, signUp } from './support/members';
import { testClock } from './support/subscription-factories';

const START = Date.parse('2026-12-06T03:00:00Z');
const clock = testClock(START);
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ clock, authRateLimit: 1000 });
});
afterAll(() => t.close());

const db = () => t.database.db;
const inject = (options: InjectOptions) => t.app.inject(options);
const login = (email: string, password: string, userAgent = 'Mozilla/5.0 (Windows NT 10.0) Chrome/124.0 Safari/537.36') =>
  inject({ method: 'POST', url: '/api/auth/login', payload: { email, password }, headers: { 'user-agent': userAgent } });
const userIdOf = async (cookie: string) => (await inject({ url: '/api/common/get_status', headers: { cookie } })).json().userId as number;
const resetFor = (email: string, remoteAddress = '198.51.100.7') =>
  inject({ method: 'POST', url: '/api/auth/password_reset', payload: { email }, remoteAddress });
const confirmReset = (token: string, password: string) =>
  inject({ method: 'POST', url: '/api/auth/password_reset/confirm', payload: { token, password } });

describe('password reset', () => {
  it("answers alike whether the address is a member's, and mails only a member", async () => {
    const member = createMember();
    await signUp(t.app, member);
    const known = await resetFor(member.email);
    const unknown = await resetFor('nobody-here@example.jp');
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(known.statusCode);
    expect(unknown.body).toBe(known.body);
    expect(await outboxMails(db(), { kind: 'PASSWORD_RESET', to: member.email })).toHaveLength(1);
    expect(await outboxMails(db(), { kind: 'PASSWORD_RESET', to: 'nobody-here@example.jp' })).toHaveLength(0);
  });

  it('sets the new password once: the link used twice is refused, old sessions end, the member is told', async () => {
    const member = createMember();
    const cookie = await signUp(t.app, member);
    const userId = await userIdOf(cookie);
    await resetFor(member.email);
    const { token, path } = await mailedLink(db(), { kind: 'PASSWORD_RESET', userId });
    expect(path).toMatch(/^\/password_reset\/confirm\?token=/);
    expect((await confirmReset(token, 'a brand new secret')).statusCode).toBe(200);
    const again = await confirmReset(token, 'yet another secret');
    expect(again.statusCode).toBe(400);
    expect(again.json().errorCode).toBe('INVALID_TOKEN');
    expect((await inject({ url: '/api/user/get_profile', headers: { cookie } })).statusCode).toBe(401);
    expect((await login(member.email, member.password)).statusCode).toBe(401);
    expect((await login(member.email, 'a brand new secret')).statusCode).toBe(200);
    expect((await outboxMails(db(), { kind: 'PASSWORD_CHANGED', userId })).map((m) => m.data.how)).toEqual(['RESET']);
  });

  it('refuses a link after 30 minutes, and one voided by a newer link', async () => {
    const member = createMember();
    const userId = await userIdOf(await signUp(t.app, member));
    await resetFor(member.email);
    const first = await mailedLink(db(), { kind: 'PASSWORD_RESET', userId });
    clock.set(START + 60_000);
    await resetFor(member.email);
    const second = await mailedLink(db(), { kind: 'PASSWORD_RESET', userId });
    expect(second.token).not.toBe(first.token);
    expect((await confirmReset(first.token, 'password of the first')).json().errorCode).toBe('INVALID_TOKEN');
    clock.set(START + 60_000 + 30 * 60_000 + 1);
    expect((await confirmReset(second.token, 'password too late')).json().errorCode).toBe('INVALID_TOKEN');
    clock.set(START);
    expect((await login(member.email, member.password)).statusCode).toBe(200);
  });

  it('a link changes only the account it was mailed for, and other links are not reset links', async () => {
    const alice = createMember();
    const bob = createMember();
    const aliceId = await userIdOf(await signUp(t.app, alice));
    const bobCookie = await signUp(t.app, bob, { confirmed: false });
    await resetFor(alice.email);
    const { token } = await mailedLink(db(), { kind: 'PASSWORD_RESET', userId: aliceId });
    // Bob, signed in, uses Alice's link: Alice's password changes, never Bob's.
    expect(
      (
        await inject({
          method: 'POST',
          url: '/api/auth/password_reset/confirm',
          headers: { cookie: bobCookie },
          payload: { token, password: 'set by bob' },
        })
      ).statusCode,
    ).toBe(200);
    expect((await login(bob.email, bob.password)).statusCode).toBe(200);
    expect((await login(alice.email, 'set by bob')).statusCode).toBe(200);
    // Bob's address confirmation link is not a reset link.
    const bobConfirm = await mailedLink(db(), { kind: 'EMAIL_CONFIRM', userId: await userIdOf(bobCookie) });
    expect((await confirmReset(bobConfirm.token, 'not through this')).json().errorCode).toBe('INVALID_TOKEN');
    expect((await login(bob.email, bob.password)).statusCode).toBe(200);
  });

  it('is limited per address mailed to and per client, known address or not, in the database', async () => {
    const member = createMember();
    await signUp(t.app, member);
    for (let i = 0; i < 5; i += 1) expect((await resetFor(member.email, `203.0.113.${i}`)).statusCode).toBe(200);
    const sixth = await resetFor(member.email, '203.0.113.99');
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json().errorCode).toBe('TOO_MANY_REQUESTS');
    for (let i = 0; i < 5; i += 1) await resetFor('ghost@example.jp', `203.0.113.${i}`);
    expect((await resetFor('ghost@example.jp', '203.0.113.98')).statusCode).toBe(429);
    for (let i = 0; i < 20; i += 1) await resetFor(`someone${i}@example.jp`, '192.0.2.50');
    expect((await resetFor('one-more@example.jp', '192.0.2.50')).statusCode).toBe(429);
    expect(await outboxMails(db(), { kind: 'PASSWORD_RESET', to: member.email })).toHaveLength(5);
    expect((await inject({ method: 'POST', url: '/api/auth/password_reset', payload: { email: 'not an address' } })).json()).toMatchObject({
      errorCode: 'BAD_REQUEST',
    });
  });
});

describe('email change', () => {
  it('takes effect when the link mailed to the new address is opened, and tells the old address', async () => {
    const member = createMember();
    const cookie = await signUp(t.app, member);
    const userId = await userIdOf(cookie);
    const newEmail = `changed-${member.email}`;
    const change = (payload: object) => inject({ method: 'POST', url: '/api/user/email', headers: { cookie }, payload });
    expect((await change({ email: newEmail, password: 'wrong password' })).json().errorCode).toBe('INVALID_CREDENTIALS');
    const taken = createMember();
    await signUp(t.app, taken);
    expect((await change({ email: taken.email, password: member.password })).json().errorCode).toBe('EMAIL_ALREADY_REGISTERED');
    expect((await change({ email: newEmail.toUpperCase(), password: member.password })).json()).toEqual({
      result: 'OK',
      pendingEmail: newEmail,
    });
    const profile = async () => (await inject({ url: '/api/user/get_profile', headers: { cookie } })).json();
    expect(await profile()).toMatchObject({ email: member.email, pendingEmail: newEmail });
    const [mail] = await outboxMails(db(), { kind: 'EMAIL_CHANGE_CONFIRM', userId });
    expect(mail?.to_address).toBe(newEmail);
    const { token } = await mailedLink(db(), { kind: 'EMAIL_CHANGE_CONFIRM', userId });
    // Opened on another device: no session needed.
    const confirmed = await inject({ url: `/api/user/email/confirm?token=${token}` });
    expect(confirmed.json()).toEqual({ result: 'OK', purpose: 'EMAIL_CHANGE', email: newEmail });
    expect(await profile()).toMatchObject({ email: newEmail, emailConfirmed: true, pendingEmail: null });
    expect((await inject({ url: `/api/user/email/confirm?token=${token}` })).json().errorCode).toBe('INVALID_TOKEN');
    const [told] = await outboxMails(db(), { kind: 'EMAIL_CHANGED', userId });
    expect(told).toMatchObject({ to_address: member.email, data: { newEmail } });
    expect((await login(newEmail, member.password)).statusCode).toBe(200);
    expect((await login(member.email, member.password)).statusCode).toBe(401);
  });

  it('a change link whose address was taken meanwhile is refused, and the address stays', async () => {
    const member = createMember();
    const cookie = await signUp(t.app, member);
    const userId = await userIdOf(cookie);
    const wanted = `wanted-${member.email}`;
    await inject({ method: 'POST', url: '/api/user/email', headers: { cookie }, payload: { email: wanted, password: member.password } });
    await signUp(t.app, createMember({ email: wanted }));
    const { token } = await mailedLink(db(), { kind: 'EMAIL_CHANGE_CONFIRM', userId });
    expect((await inject({ url: `/api/user/email/confirm?token=${token}` })).json().errorCode).toBe('EMAIL_ALREADY_REGISTERED');
    expect((await inject({ url: '/api/user/get_profile', headers: { cookie } })).json().email).toBe(member.email);
  });
});

describe('password change and sessions', () => {
  it('lists the signed-in devices and ends one, or all the others', async () => {
    const member = createMember();
    await signUp(t.app, member);
    const phone = sessionCookieOf(
      (
        await login(
          member.email,
          member.password,
          'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) Version/17.4 Mobile Safari/604.1',
        )
      ).headers['set-cookie'],
    );
    const laptop = sessionCookieOf((await login(member.email, member.password)).headers['set-cookie']);
    const list = (await inject({ url: '/api/user/sessions', headers: { cookie: laptop } })).json();
    expect(list.sessions).toHaveLength(3);
    expect(list.sessions[0]).toMatchObject({ current: true, device: 'Chrome（Windows）', place: '127.0.0.*' });
    const phoneSession = list.sessions.find((s: { device: string }) => s.device === 'Safari（iPhone）');
    expect(phoneSession).toBeDefined();
    const ended = await inject({ method: 'DELETE', url: `/api/user/sessions/${phoneSession.id}`, headers: { cookie: laptop } });
    expect(ended.json()).toEqual({ result: 'OK', ended: 1 });
    expect((await inject({ url: '/api/common/is_valid_login_session', headers: { cookie: phone } })).json()).toEqual({ isValid: false });
    // Another member cannot end this member's session.
    const other = await signUp(t.app);
    expect(
      (await inject({ method: 'DELETE', url: `/api/user/sessions/${list.sessions[0].id}`, headers: { cookie: other } })).statusCode,
    ).toBe(404);
    expect((await inject({ method: 'DELETE', url: '/api/user/sessions', headers: { cookie: laptop } })).json()).toEqual({
      result: 'OK',
      ended: 1,
    });
    expect((await inject({ url: '/api/user/sessions', headers: { cookie: laptop } })).json().sessions).toHaveLength(1);
  });

  it('changes the password with the current one; the other sessions end and the member is told', async () => {
    const member = createMember();
    const here = await signUp(t.app, member);
    const userId = await userIdOf(here);
    const there = sessionCookieOf((await login(member.email, member.password)).headers['set-cookie']);
    const change = (payload: object) => inject({ method: 'POST', url: '/api/user/password', headers: { cookie: here }, payload });
    expect((await change({ current_password: 'not it at all', password: 'a new password' })).json().errorCode).toBe('INVALID_CREDENTIALS');
    expect((await change({ current_password: member.password, password: 'short' })).json()).toMatchObject({ errorCode: 'BAD_REQUEST' });
    expect((await change({ current_password: member.password, password: 'a new password' })).json()).toEqual({ result: 'OK', ended: 1 });
    expect((await inject({ url: '/api/common/is_valid_login_session', headers: { cookie: there } })).json().isValid).toBe(false);
    expect((await inject({ url: '/api/common/is_valid_login_session', headers: { cookie: here } })).json().isValid).toBe(true);
    expect((await login(member.email, 'a new password')).statusCode).toBe(200);
    expect((await outboxMails(db(), { kind: 'PASSWORD_CHANGED', userId })).map((m) => m.data.how)).toEqual(['CHANGE']);
  });
});

describe('signup confirms the address before the first purchase', () => {
  it('reads free books and refuses a paid one until the link is opened; then buys, and the receipt is in the outbox', async () => {
    const member = createMember();
    const cookie = await signUp(t.app, member, { confirmed: false });
    const userId = await userIdOf(cookie);
    expect((await inject({ url: '/api/user/get_profile', headers: { cookie } })).json()).toMatchObject({ emailConfirmed: false });
    const title = await insertTitle(db(), { name: '確認前の作品' });
    const free = await insertBook(db(), title, 1, { price: 0 });
    const paid = await insertBook(db(), title, 2, { price: 300 });
    await db()
      .transaction()
      .execute(async (trx) => {
        const { grant } = await import('../src/modules/ledger/ledger');
        await grant(trx, {
          userId,
          currency: 'MANGA_COIN',
          amount: 1000,
          paid: true,
          yenValue: 1000,
          expiresAt: START + 1e10,
          orderId: null,
          campaignId: null,
          reason: 'test',
          now: START,
        });
      });
    const token = async () => (await inject({ url: '/api/order/book/manga_coin/create_token', headers: { cookie } })).json().status.token;
    const buy = async (bookId: number, price: number) =>
      inject({
        method: 'POST',
        url: '/api/order/book/manga_coin/buy',
        headers: { cookie },
        payload: { token: await token(), book_id: bookId, checked_price: price },
      });
    expect((await buy(free, 0)).statusCode).toBe(200);
    const refused = await buy(paid, 300);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().errorCode).toBe('EMAIL_NOT_CONFIRMED');
    expect(await outboxMails(db(), { kind: 'PURCHASE_RECEIPT', userId })).toHaveLength(0);
    // The mail can be asked for again; the newest link confirms.
    expect((await inject({ method: 'POST', url: '/api/user/email/confirmation', headers: { cookie } })).json()).toEqual({
      result: 'OK',
      sent: true,
    });
    const { token: link } = await mailedLink(db(), { kind: 'EMAIL_CONFIRM', userId });
    expect((await inject({ url: `/api/user/email/confirm?token=${link}` })).json()).toEqual({
      result: 'OK',
      purpose: 'EMAIL_CONFIRM',
      email: member.email,
    });
    const bought = await buy(paid, 300);
    expect(bought.statusCode).toBe(200);
    const [receipt] = await outboxMails(db(), { kind: 'PURCHASE_RECEIPT', userId });
    expect(receipt).toMatchObject({
      event_key: `receipt:${bought.json().results.orderId}`,
      data: { items: [{ titleName: '確認前の作品', vol: 2, price: 300 }], totalPrice: 300, payPrice: 300, paymentType: 'MANGA_COIN' },
    });
    expect((await inject({ method: 'POST', url: '/api/user/email/confirmation', headers: { cookie } })).json()).toEqual({
      result: 'OK',
      sent: false,
    });
  });
});
