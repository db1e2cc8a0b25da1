import { TZDate } from '@date-fns/tz';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { staffMember } from './support/admin-factories';
import { type TestApp, buildTestApp } from './support/build-test-app';
import { testClock } from './support/subscription-factories';
import { member } from './support/wallet-factories';

/** The console's reach banners (`/api/admin/banners`), and the store's banner calls showing what they set. */
const START = new TZDate(2027, 0, 10, 12, 0, 0, 'Asia/Tokyo').getTime();
const clock = testClock(START);
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ clock });
});
afterAll(() => t.close());
const db = () => t.database.db;
const auditOf = (subject: string) => db().selectFrom('admin_audit_log').selectAll().where('subject', '=', subject).orderBy('id').execute();
const storeBanners = async (cookie = '') =>
  (await t.app.inject({ url: '/api/reach_banner/get_banners/v3?location=top', headers: cookie ? { cookie } : {} })).json().results as { id: number; url: string; jumpUrl: string; colorCode: string }[];
const base = { imageUrl: '/media/banners/spring.png', jumpUrl: '/free', colorCode: '#fde8c8', location: 'top', priority: 5, start: '2027-01-01T00:00', end: '2027-02-01T00:00' };

describe('banners', () => {
  it('a banner created in the console shows in the store at once, by priority; a stale edit is 409; ending it hides it; each step is audited', async () => {
    const op = await staffMember(t.app, db(), 'operator');
    const created = await op.change('POST', '/banners', base);
    expect(created.statusCode, created.body).toBe(200);
    const banner = created.json();
    expect(banner).toMatchObject({ ...base, showing: true, ended: false, version: 0 });
    const guestSees = await storeBanners();
    expect(guestSees.find((b) => b.id === banner.id)).toEqual({ id: banner.id, url: base.imageUrl, jumpUrl: '/free', colorCode: '#fde8c8' });
    const m = await member(t.app);
    expect((await storeBanners(m.cookie)).some((b) => b.id === banner.id)).toBe(true);

    // A second, higher-priority banner comes first; raising the first above it puts it back on top.
    const higher = (await op.change('POST', '/banners', { ...base, imageUrl: 'https://cdn.example.jp/b.png', priority: 9 })).json();
    let order = (await storeBanners()).map((b) => b.id);
    expect(order.indexOf(higher.id)).toBeLessThan(order.indexOf(banner.id));
    const first = await op.change('PUT', `/banners/${banner.id}`, { ...base, priority: 20, version: 0 });
    expect(first.json()).toMatchObject({ priority: 20, version: 1 });
    order = (await storeBanners()).map((b) => b.id);
    expect(order.indexOf(banner.id)).toBeLessThan(order.indexOf(higher.id));
    const stale = await op.change('PUT', `/banners/${banner.id}`, { ...base, priority: 1, version: 0 });
    expect([stale.statusCode, stale.json().errorCode]).toEqual([409, 'EDIT_CONFLICT']);
    expect((await op.get('/banners')).json().banners.find((b: { id: number }) => b.id === banner.id).priority).toBe(20);

    // A period in the future: listed in the console, not in the store until it starts.
    const later = (await op.change('POST', '/banners', { ...base, start: '2027-01-20T00:00', end: '2027-01-31T00:00' })).json();
    expect(later.showing).toBe(false);
    expect((await storeBanners()).some((b) => b.id === later.id)).toBe(false);

    const ended = await op.change('POST', `/banners/${banner.id}/end`, { version: 1 });
    expect(ended.json()).toMatchObject({ showing: false, ended: true, end: '2027-01-10T12:00' });
    expect((await storeBanners()).some((b) => b.id === banner.id)).toBe(false);
    expect((await op.change('POST', `/banners/${banner.id}/end`, { version: 2 })).json().messages).toEqual(['end: has already ended']);

    const entries = await auditOf(`banner:${banner.id}`);
    expect(entries.map((e) => [e.action, e.actor_user_id])).toEqual([
      ['banner.create', op.userId],
      ['banner.update', op.userId],
      ['banner.end', op.userId],
    ]);
    expect(JSON.parse(entries[1]!.before_json!)).toMatchObject({ priority: 5 });
    expect(JSON.parse(entries[1]!.after_json!)).toMatchObject({ priority: 20 });
  });

  it('refuses bad input with 400 naming the field, and records nothing', async () => {
    const op = await staffMember(t.app, db(), 'operator');
    const before = (await db().selectFrom('reach_banners').select('id').execute()).length;
    const cases: [object, string][] = [
      [{ ...base, imageUrl: 'javascript:alert(1)' }, 'imageUrl: must be an image address (/path or https://...)'],
      [{ ...base, imageUrl: '//evil.example/x.png' }, 'imageUrl: must be an image address (/path or https://...)'],
      [{ ...base, jumpUrl: 'http://example.jp/' }, 'jumpUrl: must be a link (/path or https://...)'],
      [{ ...base, colorCode: 'red' }, 'colorCode: must be a colour like #ffeecc'],
      [{ ...base, location: 'moon' }, 'location: must be top'],
      [{ ...base, priority: -1 }, 'priority: must be a non-negative integer'],
      [{ ...base, start: '2027-13-01T00:00' }, 'start: must be a date and time (YYYY-MM-DDTHH:mm, Asia/Tokyo)'],
      [{ ...base, end: '2026-12-01T00:00' }, 'end: must end after it starts'],
    ];
    for (const [payload, message] of cases) {
      const r = await op.change('POST', '/banners', payload);
      expect([r.statusCode, r.json().messages], JSON.stringify(payload)).toEqual([400, [message]]);
    }
    expect((await op.change('PUT', '/banners/999999', { ...base, version: 0 })).statusCode).toBe(404);
    expect((await db().selectFrom('reach_banners').select('id').execute()).length).toBe(before);
  });

  it('support and members get 403; a replayed token changes nothing', async () => {
    const support = await staffMember(t.app, db(), 'support');
    expect((await support.get('/banners')).statusCode).toBe(403);
    expect((await support.change('POST', '/banners', base)).statusCode).toBe(403);
    const op = await staffMember(t.app, db(), 'operator');
    const body = { ...base, jumpUrl: '/replay' };
    const none = await op.send('POST', '/banners', body);
    expect([none.statusCode, none.json().messages]).toEqual([400, ['token: is required']]);
    const token = await op.token();
    const first = await op.send('POST', '/banners', { token, ...body });
    const again = await op.send('POST', '/banners', { token, ...body });
    expect(again.json()).toEqual(first.json());
    expect(await db().selectFrom('reach_banners').select('id').where('jump_url', '=', '/replay').execute()).toHaveLength(1);
  });
});
