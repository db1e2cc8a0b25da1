import { TZDate } from '@date-fns/tz';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endTwiceAtOnce, staffMember } from './support/admin-factories';
import { type TestApp, buildTestApp } from './support/build-test-app';
import { testClock } from './support/subscription-factories';
import { member } from './support/wallet-factories';

/** The console's non-login appeals (`/api/admin/non_login_appeals`) and §7 `/non_login_appeal` showing what they set. */
const START = new TZDate(2027, 0, 10, 12, 0, 0, 'Asia/Tokyo').getTime();
const clock = testClock(START);
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ clock });
});
afterAll(() => t.close());
const db = () => t.database.db;
const auditOf = (subject: string) => db().selectFrom('admin_audit_log').selectAll().where('subject', '=', subject).orderBy('id').execute();

interface AppealView {
  id: number;
  name: string;
  imageUrl: string;
  appealText: string;
  start: string;
  end: string;
  state: string;
  version: number;
}

const appeal = (overrides: object = {}) => ({
  name: 'はじめての方へ',
  imageUrl: '/favicon.svg',
  appealText: '無料会員登録で試し読みの続きを',
  start: '2027-01-01T00:00',
  end: '2027-02-01T00:00',
  ...overrides,
});
/** What a guest (or the member of `cookie`) gets from §7 `/non_login_appeal`. */
const guestAppeal = async (cookie?: string) =>
  (await t.app.inject({ url: '/api/non_login_appeal', headers: cookie ? { cookie } : {} })).json().results;
/** Only `keep` runs: every other appeal ends (each test reads its own). */
const onlyRunning = (keep: number) =>
  db()
    .updateTable('non_login_appeals')
    .set({ start_at: START - 2, end_at: START - 1 })
    .where('id', '!=', keep)
    .where('end_at', '>', START)
    .execute();

describe('non-login appeals in the console', () => {
  it('an appeal created in the console is what guests get at once; edits keep the version; a stale edit is 409; ending it stops it; each step is audited', async () => {
    expect(await guestAppeal()).toBeNull();
    const op = await staffMember(t.app, db(), 'operator');
    const created = await op.change('POST', '/non_login_appeals', appeal());
    expect(created.statusCode, created.body).toBe(200);
    const a = created.json<AppealView>();
    expect(a).toMatchObject({ name: 'はじめての方へ', state: 'running', start: '2027-01-01T00:00', end: '2027-02-01T00:00', version: 0 });
    await onlyRunning(a.id);

    expect(await guestAppeal()).toEqual({ name: 'はじめての方へ', imageUrl: '/favicon.svg', appealText: '無料会員登録で試し読みの続きを' });
    const m = await member(t.app);
    expect(await guestAppeal(m.cookie)).toBeNull();

    const edited = await op.change('PUT', `/non_login_appeals/${a.id}`, { version: 0, appealText: '今なら新規登録で50%OFFクーポン' });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json<AppealView>()).toMatchObject({ appealText: '今なら新規登録で50%OFFクーポン', name: 'はじめての方へ', version: 1 });
    expect((await guestAppeal()).appealText).toBe('今なら新規登録で50%OFFクーポン');

    const stale = await op.change('PUT', `/non_login_appeals/${a.id}`, { version: 0, name: '古い名前' });
    expect([stale.statusCode, stale.json().errorCode]).toEqual([409, 'EDIT_CONFLICT']);

    clock.set(START + 3_600_000);
    const ended = await op.change('POST', `/non_login_appeals/${a.id}/end`, { version: 1 });
    expect(ended.statusCode, ended.body).toBe(200);
    expect(ended.json<AppealView>()).toMatchObject({ state: 'ended', end: '2027-01-10T13:00', version: 2 });
    expect(await guestAppeal()).toBeNull();
    expect((await op.change('POST', `/non_login_appeals/${a.id}/end`, { version: 2 })).json().messages).toEqual(['end: has already ended']);
    clock.set(START);

    const entries = await auditOf(`non_login_appeal:${a.id}`);
    expect(entries.map((e) => [e.action, e.actor_user_id])).toEqual([
      ['non_login_appeal.create', op.userId],
      ['non_login_appeal.update', op.userId],
      ['non_login_appeal.end', op.userId],
    ]);
    expect(JSON.parse(entries[1]!.before_json!)).toMatchObject({ appealText: '無料会員登録で試し読みの続きを' });
    expect(JSON.parse(entries[1]!.after_json!)).toMatchObject({ appealText: '今なら新規登録で50%OFFクーポン' });
  });

  it('lists by state: running, scheduled, ended', async () => {
    const op = await staffMember(t.app, db(), 'operator');
    const later = (
      await op.change('POST', '/non_login_appeals', appeal({ start: '2027-03-01T00:00', end: '2027-04-01T00:00' }))
    ).json<AppealView>();
    expect(later.state).toBe('scheduled');
    const ids = async (state: string) =>
      (await op.get(`/non_login_appeals?state=${state}`)).json<{ appeals: AppealView[] }>().appeals.map((x) => x.id);
    expect(await ids('scheduled')).toContain(later.id);
    expect(await ids('running')).not.toContain(later.id);
    expect((await op.get('/non_login_appeals?state=soon')).json().messages).toEqual(['state: must be running, scheduled, ended']);
    const ended = await op.change('POST', `/non_login_appeals/${later.id}/end`, { version: 0 });
    expect(ended.json<AppealView>().state).toBe('ended');
    expect(await ids('ended')).toContain(later.id);
  });

  it('an uploaded image is stored once and served; its address is the appeal image', async () => {
    const op = await staffMember(t.app, db(), 'operator');
    const data = await sharp({ create: { width: 192, height: 192, channels: 3, background: { r: 240, g: 180, b: 120 } } })
      .png()
      .toBuffer();
    const upload = async (body: Buffer) =>
      t.app.inject({
        method: 'POST',
        url: `/api/admin/non_login_appeal_images?token=${await op.token()}`,
        headers: { cookie: op.cookie, 'content-type': 'image/png' },
        payload: body,
      });
    const uploaded = await upload(data);
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    const image = uploaded.json<{ imageUrl: string; width: number }>();
    expect(image).toMatchObject({ imageUrl: expect.stringMatching(/^\/media\/banners\/\d+\/480\.webp$/), width: 192 });
    const served = await t.app.inject({ url: image.imageUrl });
    expect(served.statusCode).toBe(200);
    const a = (await op.change('POST', '/non_login_appeals', appeal({ imageUrl: image.imageUrl }))).json<AppealView>();
    await onlyRunning(a.id);
    expect((await guestAppeal()).imageUrl).toBe(image.imageUrl);
    const tiny = await upload(
      await sharp({ create: { width: 40, height: 40, channels: 3, background: { r: 0, g: 0, b: 0 } } })
        .png()
        .toBuffer(),
    );
    expect([tiny.statusCode, tiny.json().messages]).toEqual([400, ['file: must be at least 96×96, not 40×40']]);
  });

  it('refuses bad fields with 400 naming the field, and records nothing', async () => {
    const op = await staffMember(t.app, db(), 'operator');
    const before = (await db().selectFrom('non_login_appeals').select('id').execute()).length;
    const cases: [object, string][] = [
      [appeal({ name: '' }), 'name: is required'],
      [appeal({ appealText: '   ' }), 'appealText: is required'],
      [appeal({ imageUrl: 'javascript:alert(1)' }), 'imageUrl: must be an image address (/path or https://...)'],
      [appeal({ end: '2026-12-01T00:00' }), 'end: must end after it starts'],
      [appeal({ start: 'soon' }), 'start: must be a date and time (YYYY-MM-DDTHH:mm, Asia/Tokyo)'],
    ];
    for (const [payload, message] of cases) {
      const r = await op.change('POST', '/non_login_appeals', payload);
      expect([r.statusCode, r.json().errorCode, r.json().messages], JSON.stringify(payload)).toEqual([400, 'BAD_REQUEST', [message]]);
    }
    const a = (await op.change('POST', '/non_login_appeals', appeal())).json<AppealView>();
    const bad = await op.change('PUT', `/non_login_appeals/${a.id}`, { version: 0, end: '2026-12-31T00:00' });
    expect([bad.statusCode, bad.json().messages]).toEqual([400, ['end: must end after it starts']]);
    expect((await op.change('PUT', '/non_login_appeals/999999', { version: 0, name: 'x' })).statusCode).toBe(404);
    expect((await db().selectFrom('non_login_appeals').select('id').execute()).length).toBe(before + 1);
  });

  it('support reads the appeals and is refused every change; members get 403, guests 401', async () => {
    const op = await staffMember(t.app, db(), 'operator');
    const a = (await op.change('POST', '/non_login_appeals', appeal())).json<AppealView>();
    const support = await staffMember(t.app, db(), 'support');
    const read = await support.get('/non_login_appeals');
    expect(read.statusCode).toBe(200);
    expect(read.json<{ appeals: AppealView[] }>().appeals.map((x) => x.id)).toContain(a.id);
    expect((await support.change('POST', '/non_login_appeals', appeal())).statusCode).toBe(403);
    expect((await support.change('PUT', `/non_login_appeals/${a.id}`, { version: 0, name: 'x' })).statusCode).toBe(403);
    expect((await support.change('POST', `/non_login_appeals/${a.id}/end`, { version: 0 })).statusCode).toBe(403);
    const m = await member(t.app);
    expect((await t.app.inject({ url: '/api/admin/non_login_appeals', headers: { cookie: m.cookie } })).statusCode).toBe(403);
    expect((await t.app.inject({ url: '/api/admin/non_login_appeals' })).statusCode).toBe(401);
    expect((await auditOf(`non_login_appeal:${a.id}`)).map((e) => e.action)).toEqual(['non_login_appeal.create']);
  });

  it('two operators ending the same appeal at once: one wins, the other is told it changed', async () => {
    const { row: x, results } = await endTwiceAtOnce<AppealView>(t.app, db(), '/non_login_appeals', appeal());
    const outcomes = results.map((r) => [r.statusCode, r.json().errorCode ?? null]).sort();
    expect(outcomes).toEqual([
      [200, null],
      [409, 'EDIT_CONFLICT'],
    ]);
    expect((await auditOf(`non_login_appeal:${x.id}`)).map((e) => e.action)).toEqual(['non_login_appeal.create', 'non_login_appeal.end']);
  });
});
