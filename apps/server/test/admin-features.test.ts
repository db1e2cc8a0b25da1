import { TZDate } from '@date-fns/tz';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endTwiceAtOnce, staffMember } from './support/admin-factories';
import { type TestApp, buildTestApp } from './support/build-test-app';
import { insertSerial } from './support/serial-factories';
import { testClock } from './support/subscription-factories';
import { member } from './support/wallet-factories';

/** The console's features (`/api/admin/features`) and the store's `/serial_osusumes` showing what they set. */
const START = new TZDate(2027, 0, 10, 12, 0, 0, 'Asia/Tokyo').getTime();
const DAY = 86_400_000;
const clock = testClock(START);
let t: TestApp;
let serials: number[];
beforeAll(async () => {
  t = await buildTestApp({ clock });
  serials = [];
  for (let i = 0; i < 3; i++)
    serials.push((await insertSerial(t.database.db, { now: START, releasedAt: START - 10 * DAY, category: 'bl' })).serialId);
});
afterAll(() => t.close());
const db = () => t.database.db;
const auditOf = (subject: string) => db().selectFrom('admin_audit_log').selectAll().where('subject', '=', subject).orderBy('id').execute();

interface FeatureView {
  id: number;
  name: string;
  description: string;
  start: string;
  end: string | null;
  serials: { id: number; name: string }[];
  state: string;
  version: number;
}
interface StoreList {
  osusumes: { id: number; name: string; serials: { id: number }[] }[];
}

const feature = (overrides: object = {}) => ({
  name: '冬の特集',
  description: '寒い夜に読みたい連載',
  start: '2027-01-01T00:00',
  end: '2027-02-01T00:00',
  serialIds: [serials[1], serials[0]],
  ...overrides,
});
const storeLists = async () => (await t.app.inject({ url: '/api/serial_osusumes?limit=50' })).json<StoreList>().osusumes;

describe('features in the console', () => {
  it('a feature created in the console shows in the store in its order; edits keep the version; a stale edit is 409; ending it hides it; each step is audited', async () => {
    const op = await staffMember(t.app, db(), 'operator');
    const created = await op.change('POST', '/features', feature());
    expect(created.statusCode, created.body).toBe(200);
    const f = created.json<FeatureView>();
    expect(f).toMatchObject({
      name: '冬の特集',
      description: '寒い夜に読みたい連載',
      state: 'running',
      version: 0,
      start: '2027-01-01T00:00',
      end: '2027-02-01T00:00',
    });
    expect(f.serials.map((s) => s.id)).toEqual([serials[1], serials[0]]);
    expect(f.serials[0]!.name).toEqual(expect.any(String));

    const shown = (await storeLists()).find((o) => o.id === f.id)!;
    expect(shown.name).toBe('冬の特集');
    expect(shown.serials.map((s) => s.id)).toEqual([serials[1], serials[0]]);

    const edited = await op.change('PUT', `/features/${f.id}`, {
      version: 0,
      name: '冬の特集（延長）',
      end: '2027-02-15T00:00',
      serialIds: [serials[2], serials[0], serials[1]],
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json<FeatureView>()).toMatchObject({
      version: 1,
      name: '冬の特集（延長）',
      end: '2027-02-15T00:00',
      description: '寒い夜に読みたい連載',
    });
    expect((await storeLists()).find((o) => o.id === f.id)!.serials.map((s) => s.id)).toEqual([serials[2], serials[0], serials[1]]);

    const stale = await op.change('PUT', `/features/${f.id}`, { version: 0, name: '古い名前' });
    expect([stale.statusCode, stale.json().errorCode]).toEqual([409, 'EDIT_CONFLICT']);
    expect((await op.get('/features')).json<{ features: FeatureView[] }>().features.find((x) => x.id === f.id)!.name).toBe(
      '冬の特集（延長）',
    );

    clock.set(START + 3_600_000);
    const ended = await op.change('POST', `/features/${f.id}/end`, { version: 1 });
    expect(ended.statusCode, ended.body).toBe(200);
    expect(ended.json<FeatureView>()).toMatchObject({ state: 'ended', end: '2027-01-10T13:00', version: 2 });
    expect((await storeLists()).some((o) => o.id === f.id)).toBe(false);
    expect((await op.change('POST', `/features/${f.id}/end`, { version: 2 })).json().messages).toEqual(['end: has already ended']);
    expect((await op.get('/features?state=ended')).json<{ features: FeatureView[] }>().features.map((x) => x.id)).toContain(f.id);
    expect((await op.get('/features?state=running')).json<{ features: FeatureView[] }>().features.map((x) => x.id)).not.toContain(f.id);

    const entries = await auditOf(`feature:${f.id}`);
    expect(entries.map((e) => [e.action, e.actor_user_id])).toEqual([
      ['feature.create', op.userId],
      ['feature.update', op.userId],
      ['feature.end', op.userId],
    ]);
    expect(JSON.parse(entries[1]!.before_json!)).toMatchObject({ name: '冬の特集' });
    expect(JSON.parse(entries[1]!.after_json!)).toMatchObject({ name: '冬の特集（延長）' });
    clock.set(START);
  });

  it('lists by state: running, scheduled, ended', async () => {
    const op = await staffMember(t.app, db(), 'operator');
    const later = (
      await op.change('POST', '/features', feature({ name: '春の特集', start: '2027-03-01T00:00', end: '2027-04-01T00:00' }))
    ).json<FeatureView>();
    expect(later.state).toBe('scheduled');
    const ids = async (state: string) =>
      (await op.get(`/features?state=${state}`)).json<{ features: FeatureView[] }>().features.map((x) => x.id);
    expect(await ids('scheduled')).toContain(later.id);
    expect(await ids('running')).not.toContain(later.id);
    expect((await op.get('/features?state=soon')).json().messages).toEqual(['state: must be running, scheduled, ended']);
    expect((await storeLists()).some((o) => o.id === later.id)).toBe(false);
    expect((await op.change('POST', `/features/${later.id}/end`, { version: 0 })).json<FeatureView>().state).toBe('ended');
  });

  it('refuses bad fields with 400 naming the field, and records nothing', async () => {
    const op = await staffMember(t.app, db(), 'operator');
    const before = (await db().selectFrom('serial_osusumes').select('id').execute()).length;
    const cases: [object, string][] = [
      [feature({ name: '' }), 'name: is required'],
      [feature({ end: '2026-12-01T00:00' }), 'end: must end after it starts'],
      [feature({ start: 'tomorrow' }), 'start: must be a date and time (YYYY-MM-DDTHH:mm, Asia/Tokyo)'],
      [feature({ serialIds: [] }), 'serialIds: must hold at least one serial'],
      [feature({ serialIds: [serials[0], serials[0]] }), 'serialIds: must not repeat a serial'],
      [feature({ serialIds: [serials[0], 999_999] }), 'serialIds.1: must be a serial'],
    ];
    for (const [payload, message] of cases) {
      const r = await op.change('POST', '/features', payload);
      expect([r.statusCode, r.json().errorCode, r.json().messages], JSON.stringify(payload)).toEqual([400, 'BAD_REQUEST', [message]]);
    }
    const f = (await op.change('POST', '/features', feature({ start: '2027-03-01T00:00', end: '2027-04-01T00:00' }))).json<FeatureView>();
    const bad = await op.change('PUT', `/features/${f.id}`, { version: 0, end: '2027-02-01T00:00' });
    expect([bad.statusCode, bad.json().messages]).toEqual([400, ['end: must end after it starts']]);
    expect((await op.change('PUT', '/features/999999', { version: 0, name: 'x' })).statusCode).toBe(404);
    expect((await db().selectFrom('serial_osusumes').select('id').execute()).length).toBe(before + 1);
    expect((await auditOf(`feature:${f.id}`)).map((e) => e.action)).toEqual(['feature.create']);
  });

  it('support reads the list and is refused every change; members get 403, guests 401', async () => {
    const op = await staffMember(t.app, db(), 'operator');
    const f = (await op.change('POST', '/features', feature({ name: 'サポート確認用' }))).json<FeatureView>();
    const support = await staffMember(t.app, db(), 'support');
    const read = await support.get('/features');
    expect(read.statusCode).toBe(200);
    expect(read.json<{ features: FeatureView[] }>().features.map((x) => x.id)).toContain(f.id);
    expect((await support.change('POST', '/features', feature())).statusCode).toBe(403);
    expect((await support.change('PUT', `/features/${f.id}`, { version: 0, name: 'x' })).statusCode).toBe(403);
    expect((await support.change('POST', `/features/${f.id}/end`, { version: 0 })).statusCode).toBe(403);
    expect((await op.get('/features')).json<{ features: FeatureView[] }>().features.find((x) => x.id === f.id)).toMatchObject({
      name: 'サポート確認用',
      version: 0,
    });
    const someone = await member(t.app);
    expect((await t.app.inject({ url: '/api/admin/features', headers: { cookie: someone.cookie } })).statusCode).toBe(403);
    expect((await t.app.inject({ url: '/api/admin/features' })).statusCode).toBe(401);
  });

  it('two operators ending the same feature at once: one wins, the other is told it changed', async () => {
    const { row: f, results } = await endTwiceAtOnce<FeatureView>(t.app, db(), '/features', feature());
    expect(results.map((r) => [r.statusCode, r.json().errorCode ?? null]).sort()).toEqual([
      [200, null],
      [409, 'EDIT_CONFLICT'],
    ]);
    expect((await auditOf(`feature:${f.id}`)).map((e) => e.action)).toEqual(['feature.create', 'feature.end']);
  });
});
