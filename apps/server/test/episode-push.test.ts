import { instantToTokyoMinute } from '@hondana/domain/common/time';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pushNewEpisodes } from '../src/modules/notices/new-episode-pushes';
import { vapidKeyPair } from '../src/modules/push/vapid';
import { staffMember } from './support/admin-factories';
import { type TestApp, buildTestApp } from './support/build-test-app';
import { capturingMailer } from './support/mail';
import { StatementRecorder } from './support/request-cost';
import { browserKeys, decryptPush, startPushService } from './support/push-service';
import { insertSerial, serialToken } from './support/serial-factories';
import { testClock } from './support/subscription-factories';
import { member } from './support/wallet-factories';

/** New-episode notices as Web Push (issue 38): the `new-episode-pushes` scan, on the test's clock. */
const MINUTE = 60_000;
const DAY = 86_400_000;
const START = Date.parse('2026-12-06T05:00:00Z');
const clock = testClock(START);
let t: TestApp;
let push: Awaited<ReturnType<typeof startPushService>>;
const recorder = new StatementRecorder();
beforeAll(async () => {
  push = await startPushService();
  t = await buildTestApp({
    clock,
    log: recorder.log,
    mailer: capturingMailer().mailer,
    pushAgent: push.agent,
    config: {
      secrets: { mediaUrlKey: 'test-media-key', vapid: vapidKeyPair() },
      mail: { smtpUrl: undefined, from: '本棚 <no-reply@hondana.test>', publicUrl: 'https://hondana.test', everyMs: 1000, leaseMs: 60_000 },
    },
  });
  await runJob('new-episode-pushes'); // the scan starts from now
});
afterAll(async () => {
  await t.close();
  await push.close();
});

const db = () => t.database.db;
const episodePushes = (episodeId: number) =>
  db()
    .selectFrom('push_outbox')
    .select(['user_id', 'kind', 'status', 'event_key'])
    .where('event_key', 'like', `new-episode:%:${episodeId}`)
    .orderBy('user_id')
    .execute();

/** Runs the scheduler's job now, as its timer would. */
async function runJob(name: 'new-episode-pushes' | 'push-outbox'): Promise<number> {
  await db().updateTable('scheduler_jobs').set({ next_run_at: 0 }).where('name', '=', name).execute();
  const run = (await t.app.ops.scheduler.runDue()).find((r) => r.name === name);
  if (run?.outcome === 'failed') throw run.error;
  return run?.items ?? 0;
}

async function notification(cookie: string, serialId: number, on: boolean) {
  const token = await serialToken(t.app, cookie, `/api/user_serials/me/${serialId}/notification/token`);
  const response = await t.app.inject({
    method: on ? 'POST' : 'DELETE',
    url: `/api/user_serials/me/${serialId}/notification?token=${token}`,
    headers: { cookie },
  });
  expect(response.json()).toMatchObject({ notification: on });
}

/** A member with a browser that takes pushes (its keys read what arrives), the serial's notification as told. */
async function reader(serialId: number, o: { notify: boolean; browser: boolean }) {
  const m = await member(t.app);
  const browser = browserKeys();
  const endpoint = `/push/episode-${m.userId}`;
  if (o.browser) {
    const added = await t.app.inject({
      method: 'POST',
      url: '/api/push/subscriptions',
      headers: { cookie: m.cookie },
      payload: { endpoint: `${push.origin}${endpoint}`, keys: browser.keys },
    });
    expect(added.json()).toEqual({ result: 'OK' });
  }
  await notification(m.cookie, serialId, true);
  if (!o.notify) await notification(m.cookie, serialId, false);
  return { ...m, browser, endpoint };
}

describe('a new episode as Web Push', () => {
  it('a scheduled episode is pushed once its release time passes, once, to the members with its notification on and a browser', async () => {
    // Episodes 1–2 out, episode 3 released two days (at Tokyo minutes) after now.
    const { serialId, episodeIds } = await insertSerial(db(), { episodes: 3, unreleased: 1, releasedAt: START - 10 * DAY, now: START });
    const episode = episodeIds[2]!;
    const fan = await reader(serialId, { notify: true, browser: true });
    const noBrowser = await reader(serialId, { notify: true, browser: false });
    const turnedOff = await reader(serialId, { notify: false, browser: true });
    const serialName = (await db().selectFrom('serials').select('name').where('id', '=', serialId).executeTakeFirstOrThrow()).name;
    const release = Number(
      (await db().selectFrom('serial_episodes').select('release_datetime').where('id', '=', episode).executeTakeFirstOrThrow())
        .release_datetime,
    );

    // Before the release: nothing (the episodes out before the scan started are not announced either).
    clock.set(release - MINUTE);
    await runJob('new-episode-pushes');
    expect(await episodePushes(episode)).toEqual([]);
    expect(
      await db().selectFrom('push_outbox').select('id').where('user_id', 'in', [fan.userId, noBrowser.userId, turnedOff.userId]).execute(),
    ).toEqual([]);

    // Released: two scans at once (as two processes whose leases overlap) write one push between them.
    const before = push.received.length;
    clock.set(release + MINUTE);
    const [first, second] = await Promise.all([pushNewEpisodes(db(), clock.now()), pushNewEpisodes(db(), clock.now())]);
    expect(first + second).toBe(1);
    expect(await episodePushes(episode)).toEqual([
      { user_id: fan.userId, kind: 'NEW_EPISODE', status: 'PENDING', event_key: `new-episode:${fan.userId}:${episode}` },
    ]);
    // The scheduler's scan after them: nothing more.
    expect(await runJob('new-episode-pushes')).toBe(0);
    expect(await episodePushes(episode)).toHaveLength(1);

    // The push-outbox job (run beside the scan by the scheduler, or now) sends it to the fan's browser.
    await runJob('push-outbox');
    const requests = push.received.slice(before);
    expect(requests.map((r) => r.path)).toEqual([fan.endpoint]);
    expect(JSON.parse(decryptPush(requests[0]!.body, fan.browser))).toEqual({
      title: `最新話が配信されました：${serialName} 第3話`,
      body: '更新通知をオンにしている連載の最新話です。タップして連載ページを開きます。',
      url: `/serial/detail/${serialId}`,
      tag: `new-episode:${fan.userId}:${episode}`,
    });
    expect((await episodePushes(episode)).map((r) => r.status)).toEqual(['SENT']);
    await runJob('new-episode-pushes');
    await runJob('push-outbox');
    expect(push.received.length).toBe(before + 1);
  });

  it('an episode the operator adds with a release time already past, or moves earlier to one, is pushed at the next scan', async () => {
    const { serialId } = await insertSerial(db(), { episodes: 1, releasedAt: clock.now() - 5 * DAY, now: clock.now() });
    const fan = await reader(serialId, { notify: true, browser: true });
    const op = await staffMember(t.app, db(), 'operator');
    await runJob('new-episode-pushes');

    const past = instantToTokyoMinute(clock.now() - 30 * MINUTE);
    const added = await op.change('POST', `/serials/${serialId}/episodes`, {
      title: '第2話 追加',
      price: 0,
      spendType: 0,
      releaseAt: past,
      endAt: null,
      pageCount: 2,
    });
    expect(added.statusCode).toBe(200);
    const later = await op.change('POST', `/serials/${serialId}/episodes`, {
      title: '第3話 予約',
      price: 0,
      spendType: 0,
      releaseAt: instantToTokyoMinute(clock.now() + 3 * DAY),
      endAt: null,
      pageCount: 2,
    });
    expect(later.statusCode).toBe(200);
    clock.set(clock.now() + MINUTE);
    await runJob('new-episode-pushes');
    expect((await episodePushes(added.json().id)).map((r) => r.user_id)).toEqual([fan.userId]);
    expect(await episodePushes(later.json().id)).toEqual([]);

    // The scheduled one is moved to a minute that has already passed (behind the last scan).
    const moved = await op.change('PUT', `/episodes/${later.json().id}`, {
      version: later.json().version,
      releaseAt: instantToTokyoMinute(clock.now() - 10 * MINUTE),
    });
    expect(moved.statusCode).toBe(200);
    clock.set(clock.now() + MINUTE);
    await runJob('new-episode-pushes');
    expect((await episodePushes(later.json().id)).map((r) => r.user_id)).toEqual([fan.userId]);
  });

  it('costs two statements a run when nothing came out, and per episode out one transaction of a statement per member pushed', async () => {
    const { serialId, episodeIds } = await insertSerial(db(), {
      episodes: 2,
      unreleased: 1,
      releasedAt: clock.now() - DAY,
      now: clock.now(),
    });
    await reader(serialId, { notify: true, browser: true });
    await reader(serialId, { notify: true, browser: true });
    await pushNewEpisodes(db(), clock.now());
    recorder.start();
    expect(await pushNewEpisodes(db(), clock.now())).toBe(0);
    expect(recorder.stop()).toHaveLength(2); // the scan's start, the released episodes not announced yet
    clock.set(clock.now() + 3 * DAY);
    recorder.start();
    expect(await pushNewEpisodes(db(), clock.now())).toBe(2);
    // + BEGIN, the episode's notice row, its members, a push each, COMMIT
    expect(recorder.stop()).toHaveLength(2 + 5 + 1);
    expect(await episodePushes(episodeIds[1]!)).toHaveLength(2);
  });
});
