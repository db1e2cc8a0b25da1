import { TZDate } from '@date-fns/tz';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { endTwiceAtOnce, staffMember } from './support/admin-factories';
import { type TestApp, buildTestApp } from './support/build-test-app';
import { testClock } from './support/subscription-factories';
import { member } from './support/wallet-factories';

/** The console's missions (`/api/admin/missions`) and the store's `/mission/v4` showing what they set. */
const START = new TZDate(2027, 0, 10, 12, 0, 0, 'Asia/Tokyo').getTime();
const clock = testClock(START);
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ clock });
});
afterAll(() => t.close());
const db = () => t.database.db;
const auditOf = (subject: string) => db().selectFrom('admin_audit_log').selectAll().where('subject', '=', subject).orderBy('id').execute();

interface TaskView {
  id: number;
  kind: string;
  target: number;
  label: string;
  members: number;
}
interface MissionView {
  id: number;
  name: string;
  version: number;
  state: string;
  end: string;
  imageUrl: string;
  backgroundColor: string;
  tasks: TaskView[];
  bonus: { rewardType: number; amount: number; lotteryCampaignId: number | null; label: string };
  rewarded: number;
}
interface StoreMission {
  id: number;
  name: string;
  imageUrl: string;
  backgroundColor: string;
  bonus: { rewardType: number; amount: number; name: string };
  tasks: { taskId: number; name: string; target: number; progress: number; done: boolean }[];
}

const mission = (overrides: object = {}) => ({
  name: '冬の読書ミッション',
  imageUrl: '/images/missions/winter.png',
  backgroundColor: '#eaf2ff',
  start: '2027-01-01T00:00',
  end: '2027-02-01T00:00',
  tasks: [{ kind: 'OPEN_DAYS', target: 1 }],
  bonus: { rewardType: 1, amount: 20 },
  ...overrides,
});

async function storeMissions(cookie: string): Promise<StoreMission[]> {
  const r = await t.app.inject({ url: '/api/mission/v4', headers: { cookie } });
  if (r.statusCode === 404) return [];
  expect(r.statusCode, r.body).toBe(200);
  return r.json().results.missions;
}

describe('missions in the console', () => {
  it('a mission created in the console runs in the store at once; edits keep the version; a stale edit is 409; ending it stops it; each step is audited', async () => {
    const op = await staffMember(t.app, db(), 'operator');
    const created = await op.change('POST', '/missions', mission());
    expect(created.statusCode, created.body).toBe(200);
    const m = created.json<MissionView>();
    expect(m).toMatchObject({
      name: '冬の読書ミッション',
      state: 'running',
      version: 0,
      imageUrl: '/images/missions/winter.png',
      bonus: { rewardType: 1, amount: 20, lotteryCampaignId: null, label: '20ポイント' },
      rewarded: 0,
    });
    expect(m.tasks.map((x) => [x.kind, x.target, x.label, x.members])).toEqual([['OPEN_DAYS', 1, '1日アプリを開く', 0]]);

    // The store: the member sees it, opens the app (a day counts) and is given its bonus.
    const a = await member(t.app);
    const shown = (await storeMissions(a.cookie)).find((x) => x.id === m.id)!;
    expect(shown).toMatchObject({
      name: '冬の読書ミッション',
      imageUrl: '/images/missions/winter.png',
      backgroundColor: '#eaf2ff',
      bonus: { rewardType: 1, amount: 20, name: '20ポイント' },
    });
    // (Signing up counted today's open already, after its answer: the call below may find it counted.)
    expect((await t.app.inject({ method: 'POST', url: '/api/mission/view', headers: { cookie: a.cookie } })).statusCode).toBe(200);
    await vi.waitFor(async () =>
      expect(
        (await t.app.inject({ url: '/api/mission/v4', headers: { cookie: a.cookie } }))
          .json()
          .results.missions.find((x: { id: number }) => x.id === m.id),
      ).toMatchObject({ completed: true, rewarded: true }),
    );
    const listed = (await op.get('/missions?state=running')).json<{ missions: MissionView[] }>().missions.find((x) => x.id === m.id)!;
    expect([listed.rewarded, listed.tasks[0]!.members]).toEqual([1, 1]);

    // A task with progress keeps its kind and stays; its target may change, and a task may be added.
    const task = listed.tasks[0]!;
    const kindChanged = await op.change('PUT', `/missions/${m.id}`, { version: 0, tasks: [{ id: task.id, kind: 'BUY_BOOK', target: 1 }] });
    expect([kindChanged.statusCode, kindChanged.json().errorCode, kindChanged.json().messages]).toEqual([
      400,
      'BAD_REQUEST',
      ['tasks.0.kind: cannot change once members have progress on it'],
    ]);
    const removed = await op.change('PUT', `/missions/${m.id}`, { version: 0, tasks: [{ kind: 'BUY_BOOK', target: 1 }] });
    expect([removed.statusCode, removed.json().messages[0]]).toEqual([
      400,
      expect.stringMatching(/^tasks: task \d+ \(1日アプリを開く\) has progress of members/),
    ]);
    const edited = await op.change('PUT', `/missions/${m.id}`, {
      version: 0,
      name: '冬の読書ミッション（延長）',
      end: '2027-02-15T00:00',
      tasks: [
        { id: task.id, kind: 'OPEN_DAYS', target: 2 },
        { kind: 'READ_BOOKS', target: 3 },
      ],
      bonus: { rewardType: 10, amount: 30 },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json<MissionView>()).toMatchObject({
      version: 1,
      end: '2027-02-15T00:00',
      bonus: { rewardType: 10, amount: 30, label: '30マンガコイン' },
    });
    expect(edited.json<MissionView>().tasks.map((x) => [x.id === task.id, x.kind, x.target])).toEqual([
      [true, 'OPEN_DAYS', 2],
      [false, 'READ_BOOKS', 3],
    ]);
    // The store follows: a new member sees the new name, tasks and bonus.
    const b = await member(t.app);
    const after = (await storeMissions(b.cookie)).find((x) => x.id === m.id)!;
    expect(after).toMatchObject({ name: '冬の読書ミッション（延長）', bonus: { name: '30マンガコイン' } });
    expect(after.tasks.map((x) => x.name)).toEqual(['2日アプリを開く', '作品を3冊読み終える']);

    // A save against the version read before another's save is refused, and changes nothing.
    const stale = await op.change('PUT', `/missions/${m.id}`, { version: 0, name: '古い名前' });
    expect([stale.statusCode, stale.json().errorCode]).toEqual([409, 'EDIT_CONFLICT']);
    expect((await op.get('/missions')).json<{ missions: MissionView[] }>().missions.find((x) => x.id === m.id)!.name).toBe(
      '冬の読書ミッション（延長）',
    );

    // Ended: the store no longer shows it, and a second end is refused.
    clock.set(START + 3_600_000);
    const ended = await op.change('POST', `/missions/${m.id}/end`, { version: 1 });
    expect(ended.statusCode, ended.body).toBe(200);
    expect(ended.json<MissionView>()).toMatchObject({ state: 'ended', end: '2027-01-10T13:00', version: 2, rewarded: 1 });
    expect((await storeMissions(b.cookie)).some((x) => x.id === m.id)).toBe(false);
    expect((await op.change('POST', `/missions/${m.id}/end`, { version: 2 })).json().messages).toEqual(['end: has already ended']);
    expect((await op.get('/missions?state=ended')).json<{ missions: MissionView[] }>().missions.map((x) => x.id)).toContain(m.id);
    expect((await op.get('/missions?state=running')).json<{ missions: MissionView[] }>().missions.map((x) => x.id)).not.toContain(m.id);

    const entries = await auditOf(`mission:${m.id}`);
    expect(entries.map((e) => [e.action, e.actor_user_id])).toEqual([
      ['mission.create', op.userId],
      ['mission.update', op.userId],
      ['mission.end', op.userId],
    ]);
    expect(JSON.parse(entries[1]!.before_json!)).toMatchObject({ name: '冬の読書ミッション' });
    expect(JSON.parse(entries[1]!.after_json!)).toMatchObject({ name: '冬の読書ミッション（延長）' });
    clock.set(START);
  });

  it('lists by state: running, scheduled, ended', async () => {
    const op = await staffMember(t.app, db(), 'operator');
    const later = (
      await op.change('POST', '/missions', mission({ name: '春のミッション', start: '2027-03-01T00:00', end: '2027-04-01T00:00' }))
    ).json<MissionView>();
    expect(later.state).toBe('scheduled');
    const ids = async (state: string) =>
      (await op.get(`/missions?state=${state}`)).json<{ missions: MissionView[] }>().missions.map((x) => x.id);
    expect(await ids('scheduled')).toContain(later.id);
    expect(await ids('running')).not.toContain(later.id);
    expect((await op.get('/missions?state=soon')).json().messages).toEqual(['state: must be running, scheduled, ended']);
    // A scheduled mission is not in the store yet; ending it: it is over and never ran.
    const m = await member(t.app);
    expect((await storeMissions(m.cookie)).some((x) => x.id === later.id)).toBe(false);
    const ended = await op.change('POST', `/missions/${later.id}/end`, { version: 0 });
    expect(ended.json<MissionView>().state).toBe('ended');
  });

  it('refuses bad fields with 400 naming the field, and records nothing', async () => {
    const op = await staffMember(t.app, db(), 'operator');
    const before = (await db().selectFrom('missions').select('id').execute()).length;
    const cases: [object, string | string[]][] = [
      [mission({ name: '' }), 'name: is required'],
      [mission({ end: '2026-12-01T00:00' }), 'end: must end after it starts'],
      [mission({ start: 'tomorrow' }), 'start: must be a date and time (YYYY-MM-DDTHH:mm, Asia/Tokyo)'],
      [mission({ backgroundColor: 'gold' }), 'backgroundColor: must be a colour like #ffeecc'],
      [mission({ imageUrl: 'javascript:alert(1)' }), 'imageUrl: must be an image address (/path or https://...)'],
      [mission({ tasks: [] }), 'tasks: must hold at least one task'],
      [mission({ tasks: [{ kind: 'DANCE', target: 1 }] }), 'tasks.0.kind: must be one of READ_BOOKS, BUY_BOOK, READ_EPISODE, OPEN_DAYS'],
      [mission({ tasks: [{ kind: 'READ_BOOKS', target: 0 }] }), 'tasks.0.target: must be 1–1000'],
      [mission({ bonus: { rewardType: 5, amount: 10 } }), 'bonus.rewardType: must be one of 1, 10, 100'],
      [mission({ bonus: { rewardType: 1, amount: 0 } }), 'bonus.amount: must be 1–100000'],
      [
        mission({ bonus: { rewardType: 1, amount: 10, lotteryCampaignId: 1 } }),
        'bonus.lotteryCampaignId: is only for a lottery ticket bonus',
      ],
      [
        mission({ bonus: { rewardType: 100, amount: 1, lotteryCampaignId: 999_999 } }),
        'bonus.lotteryCampaignId: must be a lottery campaign',
      ],
    ];
    for (const [payload, message] of cases) {
      const r = await op.change('POST', '/missions', payload);
      expect([r.statusCode, r.json().errorCode, r.json().messages], JSON.stringify(payload)).toEqual([
        400,
        'BAD_REQUEST',
        Array.isArray(message) ? message : [message],
      ]);
    }
    // An edit is checked on the mission as it would be: an end before its saved start.
    const m = (await op.change('POST', '/missions', mission({ start: '2027-03-01T00:00', end: '2027-04-01T00:00' }))).json<MissionView>();
    const bad = await op.change('PUT', `/missions/${m.id}`, { version: 0, end: '2027-02-01T00:00' });
    expect([bad.statusCode, bad.json().messages]).toEqual([400, ['end: must end after it starts']]);
    const foreign = await op.change('PUT', `/missions/${m.id}`, { version: 0, tasks: [{ id: 999_999, kind: 'READ_BOOKS', target: 1 }] });
    expect([foreign.statusCode, foreign.json().messages]).toEqual([400, ['tasks.0.id: must be a task of this mission']]);
    expect((await op.change('PUT', '/missions/999999', { version: 0, name: 'x' })).statusCode).toBe(404);
    expect((await db().selectFrom('missions').select('id').execute()).length).toBe(before + 1);
    expect((await auditOf(`mission:${m.id}`)).map((e) => e.action)).toEqual(['mission.create']);
  });

  it('support reads the list and is refused every change; members get 403, guests 401', async () => {
    const op = await staffMember(t.app, db(), 'operator');
    const m = (await op.change('POST', '/missions', mission({ name: 'サポート確認用' }))).json<MissionView>();
    const support = await staffMember(t.app, db(), 'support');
    const read = await support.get('/missions');
    expect(read.statusCode).toBe(200);
    expect(read.json<{ missions: MissionView[] }>().missions.map((x) => x.id)).toContain(m.id);
    expect((await support.change('POST', '/missions', mission())).statusCode).toBe(403);
    expect((await support.change('PUT', `/missions/${m.id}`, { version: 0, name: 'x' })).statusCode).toBe(403);
    expect((await support.change('POST', `/missions/${m.id}/end`, { version: 0 })).statusCode).toBe(403);
    expect((await op.get('/missions')).json<{ missions: MissionView[] }>().missions.find((x) => x.id === m.id)).toMatchObject({
      name: 'サポート確認用',
      version: 0,
      state: 'running',
    });
    const someone = await member(t.app);
    expect((await t.app.inject({ url: '/api/admin/missions', headers: { cookie: someone.cookie } })).statusCode).toBe(403);
    expect((await t.app.inject({ url: '/api/admin/missions' })).statusCode).toBe(401);
  });

  it('two operators ending the same mission at once: one wins, the other is told it changed', async () => {
    const { row: m, results } = await endTwiceAtOnce<MissionView>(t.app, db(), '/missions', mission());
    const outcomes = results.map((r) => [r.statusCode, r.json().errorCode ?? null]).sort();
    expect(outcomes).toEqual([
      [200, null],
      [409, 'EDIT_CONFLICT'],
    ]);
    expect((await auditOf(`mission:${m.id}`)).map((e) => e.action)).toEqual(['mission.create', 'mission.end']);
  });
});
