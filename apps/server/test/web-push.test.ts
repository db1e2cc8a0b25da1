import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config';
import { enqueuePush } from '../src/modules/push/push-outbox';
import { vapidKeyPair } from '../src/modules/push/vapid';
import { type TestApp, buildTestApp } from './support/build-test-app';
import { insertBook, insertTitle } from './support/catalog-factories';
import { capturingMailer } from './support/mail';
import { createMember, signUp } from './support/members';
import { browserKeys, decryptPush, startPushService, verifyVapid } from './support/push-service';
import { testClock } from './support/subscription-factories';

const START = Date.parse('2026-12-06T05:00:00Z');
const clock = testClock(START);
const vapid = vapidKeyPair();
let t: TestApp;
let push: Awaited<ReturnType<typeof startPushService>>;
beforeAll(async () => {
  push = await startPushService();
  t = await buildTestApp({
    clock,
    mailer: capturingMailer().mailer,
    pushAgent: push.agent,
    config: {
      secrets: { mediaUrlKey: 'test-media-key', vapid },
      mail: { smtpUrl: undefined, from: '本棚 <no-reply@hondana.test>', publicUrl: 'https://hondana.test', everyMs: 1000, leaseMs: 60_000 },
    },
  });
});
afterAll(async () => {
  await t.close();
  await push.close();
});

const db = () => t.database.db;
const userIdOf = async (cookie: string) =>
  (await t.app.inject({ url: '/api/common/get_status', headers: { cookie } })).json().userId as number;
const subscribe = (cookie: string, endpoint: string, keys: { p256dh: string; auth: string }) =>
  t.app.inject({ method: 'POST', url: '/api/push/subscriptions', headers: { cookie }, payload: { endpoint, keys } });
const endpointsOf = async (cookie: string) =>
  ((await t.app.inject({ url: '/api/push/subscriptions', headers: { cookie } })).json().subscriptions as { endpoint: string }[]).map(
    (s) => s.endpoint,
  );
const pushRows = (userId: number) => db().selectFrom('push_outbox').selectAll().where('user_id', '=', userId).orderBy('id').execute();

/** Runs the push job now, as the scheduler would. */
async function drainPushes(): Promise<number> {
  await db().updateTable('scheduler_jobs').set({ next_run_at: 0 }).where('name', '=', 'push-outbox').execute();
  const run = (await t.app.ops.scheduler.runDue()).find((r) => r.name === 'push-outbox');
  if (run?.outcome === 'failed') throw run.error;
  return run?.items ?? 0;
}

describe("a member's browsers", () => {
  it("the page reads the store's VAPID public key", async () => {
    expect((await t.app.inject({ url: '/api/push/key' })).json()).toEqual({ publicKey: vapid.publicKey });
  });

  it('a member adds and removes a browser; a guest may not; a bad subscription is a 400 naming the field', async () => {
    const cookie = await signUp(t.app);
    const browser = browserKeys();
    const endpoint = `${push.origin}/push/list-${Date.now()}`;
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/push/subscriptions', payload: { endpoint, keys: browser.keys } })).statusCode,
    ).toBe(401);
    expect((await subscribe(cookie, endpoint, browser.keys)).json()).toEqual({ result: 'OK' });
    expect((await subscribe(cookie, endpoint, browser.keys)).json()).toEqual({ result: 'OK' }); // the same browser again: one row
    expect(await endpointsOf(cookie)).toEqual([endpoint]);
    const bad = await subscribe(cookie, 'javascript:alert(1)', browser.keys);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errorCode).toBe('BAD_REQUEST');
    expect(JSON.stringify(bad.json())).toContain('endpoint');
    const noKey = await t.app.inject({
      method: 'POST',
      url: '/api/push/subscriptions',
      headers: { cookie },
      payload: { endpoint, keys: { auth: browser.keys.auth } },
    });
    expect(noKey.statusCode).toBe(400);
    expect(JSON.stringify(noKey.json())).toContain('p256dh');
    // Another member signed in on the same browser takes it over.
    const other = await signUp(t.app);
    await subscribe(other, endpoint, browser.keys);
    expect(await endpointsOf(cookie)).toEqual([]);
    expect(await endpointsOf(other)).toEqual([endpoint]);
    expect(
      (await t.app.inject({ method: 'DELETE', url: '/api/push/subscriptions', headers: { cookie: other }, payload: { endpoint } })).json(),
    ).toEqual({ result: 'OK' });
    expect(await endpointsOf(other)).toEqual([]);
  });
});

describe('the notices as Web Push', () => {
  it("a new volume of a wished title reaches the member's browser encrypted, signed with the store's VAPID key; a browser gone (410) is deleted", async () => {
    const cookie = await signUp(t.app);
    const userId = await userIdOf(cookie);
    const phone = browserKeys();
    const laptop = browserKeys();
    await subscribe(cookie, `${push.origin}/push/phone-${userId}`, phone.keys);
    await subscribe(cookie, `${push.origin}/push/laptop-${userId}`, laptop.keys);
    push.answer(`/push/laptop-${userId}`, 410);

    const title = await insertTitle(db(), { name: 'プッシュの続刊' });
    await insertBook(db(), title, 1, { start_datetime: START - 10 * 86_400_000 });
    const wishToken = (await t.app.inject({ url: '/api/wish_title/add/create_token', headers: { cookie } })).json().status.token;
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/wish_title/add',
          headers: { cookie },
          payload: { title_id: title, token: wishToken },
        })
      ).statusCode,
    ).toBe(200);
    await t.app.ops.scheduler.runDue(); // the new-volume scan starts from now
    const vol2 = await insertBook(db(), title, 2, { start_datetime: clock.now() + 60_000 });
    clock.set(clock.now() + 120_000);
    await db().updateTable('scheduler_jobs').set({ next_run_at: 0 }).where('name', '=', 'new-volume-mails').execute();
    await t.app.ops.scheduler.runDue(); // the scan writes the mail and the push
    expect((await pushRows(userId)).map((r) => [r.kind, r.status])).toEqual([['NEW_VOLUME', 'PENDING']]);

    const before = push.received.length;
    expect(await drainPushes()).toBe(1);
    const requests = push.received.slice(before);
    expect(requests.map((r) => r.path).sort()).toEqual([`/push/laptop-${userId}`, `/push/phone-${userId}`]);
    const request = requests.find((r) => r.path === `/push/phone-${userId}`)!;
    expect(request.headers['content-encoding']).toBe('aes128gcm');
    expect(request.headers.ttl).toBe('86400');
    expect(request.headers.topic).toMatch(/^[\w-]{32}$/);
    const { key, claims } = verifyVapid(request.headers.authorization);
    expect(key).toBe(vapid.publicKey);
    expect(claims).toMatchObject({ aud: push.origin, sub: 'mailto:no-reply@hondana.test' });
    expect(claims.exp * 1000).toBeGreaterThan(Date.now());
    // Encrypted: the title is not in the body, and the browser's keys read the notice.
    expect(request.body.includes(Buffer.from('プッシュの続刊'))).toBe(false);
    expect(JSON.parse(decryptPush(request.body, phone))).toEqual({
      title: '新刊が配信されました：プッシュの続刊 2巻',
      body: 'ウィッシュリストの作品の新刊です。タップして作品ページを開きます。',
      url: `/series_list/series_id=${title}?book_id=${vol2}`,
      tag: `new-volume:${userId}:${vol2}`,
    });
    // The laptop's service answered 410 Gone: it no longer takes notices; the push counts as sent.
    expect(await endpointsOf(cookie)).toEqual([`${push.origin}/push/phone-${userId}`]);
    expect((await pushRows(userId)).map((r) => r.status)).toEqual(['SENT']);
    // Sent once.
    const after = push.received.length;
    await drainPushes();
    expect(push.received.length).toBe(after);
  });

  it('a push service that fails is tried again later; 404 also deletes; a member without browsers gets no push', async () => {
    const cookie = await signUp(t.app);
    const userId = await userIdOf(cookie);
    const endpoint = `${push.origin}/push/flaky-${userId}`;
    await subscribe(cookie, endpoint, browserKeys().keys);
    push.answer(`/push/flaky-${userId}`, 503);
    const data = { titleName: '再送の巻', vol: 3, bookId: 1, titleId: 1, reason: 'TITLE' as const };
    await enqueuePush(db(), { kind: 'NEW_VOLUME', key: `test:flaky:${userId}`, userId, data }, clock.now());
    await drainPushes();
    let [row] = await pushRows(userId);
    expect(row).toMatchObject({ status: 'PENDING', attempts: 1 });
    expect(row!.last_error).toContain('503');
    expect(Number(row!.next_attempt_at)).toBe(clock.now() + 60_000);
    push.answer(`/push/flaky-${userId}`, 404);
    clock.set(clock.now() + 60_000);
    await drainPushes();
    [row] = await pushRows(userId);
    expect(row).toMatchObject({ status: 'SKIPPED', attempts: 2 });
    expect(await endpointsOf(cookie)).toEqual([]);
    expect(row!.last_error).toBe('every browser had unsubscribed');
    // No browser left: the next notice is not written at all.
    await enqueuePush(db(), { kind: 'NEW_VOLUME', key: `test:none:${userId}`, userId, data }, clock.now());
    expect(await pushRows(userId)).toHaveLength(1);
  });

  it('a browser forgotten between the event and the send: the push is skipped without a request', async () => {
    const cookie = await signUp(t.app);
    const userId = await userIdOf(cookie);
    const endpoint = `${push.origin}/push/gone-before-${userId}`;
    await subscribe(cookie, endpoint, browserKeys().keys);
    await enqueuePush(
      db(),
      { kind: 'NEW_VOLUME', key: `test:gone:${userId}`, userId, data: { titleName: 'x', vol: 1, bookId: 1, titleId: 1, reason: 'WISH' } },
      clock.now(),
    );
    await t.app.inject({ method: 'DELETE', url: '/api/push/subscriptions', headers: { cookie }, payload: { endpoint } });
    const before = push.received.length;
    await drainPushes();
    expect(push.received.length).toBe(before);
    expect((await pushRows(userId)).map((r) => [r.status, r.last_error])).toEqual([['SKIPPED', 'no browser takes push notices']]);
  });

  it("withdrawal drops the member's browsers and unsent pushes", async () => {
    const member = createMember();
    const cookie = await signUp(t.app, member);
    const userId = await userIdOf(cookie);
    await subscribe(cookie, `${push.origin}/push/leaver-${userId}`, browserKeys().keys);
    await enqueuePush(
      db(),
      { kind: 'NEW_VOLUME', key: `test:leaver:${userId}`, userId, data: { titleName: 'x', vol: 1, bookId: 1, titleId: 1, reason: 'WISH' } },
      clock.now(),
    );
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/user/reauthenticate', headers: { cookie }, payload: { password: member.password } }))
        .statusCode,
    ).toBe(200);
    const token = (await t.app.inject({ url: '/api/user/create_token', headers: { cookie } })).json().status.token;
    expect((await t.app.inject({ url: `/api/user/withdrawal?token=${token}`, headers: { cookie } })).statusCode).toBe(200);
    expect(await db().selectFrom('push_subscriptions').select('id').where('user_id', '=', userId).execute()).toEqual([]);
    expect(await pushRows(userId)).toEqual([]);
  });
});

describe('the VAPID keys', () => {
  it('are made on first start into DATA_DIR/secrets.json, kept after, and added to an older file without them', () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'hondana-vapid-'));
    try {
      const first = loadConfig({ DATA_DIR: dataDir }).secrets;
      expect(first.vapid?.publicKey).toMatch(/^[\w-]{87}$/);
      expect(first.vapid?.privateKey).toMatch(/^[\w-]{43}$/);
      expect(loadConfig({ DATA_DIR: dataDir }).secrets).toEqual(first);
      const file = path.join(dataDir, 'secrets.json');
      writeFileSync(file, JSON.stringify({ mediaUrlKey: 'kept' }));
      const upgraded = loadConfig({ DATA_DIR: dataDir }).secrets;
      expect(upgraded.mediaUrlKey).toBe('kept');
      expect(upgraded.vapid?.publicKey).toMatch(/^[\w-]{87}$/);
      expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual(upgraded);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
