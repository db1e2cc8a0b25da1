import { TZDate } from '@date-fns/tz';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { staffMember } from './support/admin-factories';
import { type TestApp, buildTestApp } from './support/build-test-app';
import { testClock } from './support/subscription-factories';
import { member } from './support/wallet-factories';

/** The console's reach banners (`/api/admin/banners`) and their uploaded images, and the store's banner calls showing what they set. */
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
  (await t.app.inject({ url: '/api/reach_banner/get_banners/v3?location=top', headers: cookie ? { cookie } : {} })).json().results as {
    id: number;
    url: string;
    jumpUrl: string;
    colorCode: string;
  }[];
const period = { jumpUrl: '/free', colorCode: '#fde8c8', location: 'top', priority: 5, start: '2027-01-01T00:00', end: '2027-02-01T00:00' };
let base: typeof period & { imageId: number };
let imageUrl = '';

/** A PNG of `width`×`height` in one colour. */
const png = (width: number, height: number, r = 240) =>
  sharp({ create: { width, height, channels: 3, background: { r, g: 180, b: 120 } } })
    .png()
    .toBuffer();
/** Uploads an image as the console does: the file is the body, the token in the query. */
async function upload(op: Awaited<ReturnType<typeof staffMember>>, data: Buffer, type = 'image/png') {
  const token = await op.token();
  return t.app.inject({
    method: 'POST',
    url: `/api/admin/banner_images?token=${token}`,
    headers: { cookie: op.cookie, 'content-type': type },
    payload: data,
  });
}

beforeAll(async () => {
  const op = await staffMember(t.app, db(), 'operator');
  const image = (await upload(op, await png(960, 180))).json();
  base = { ...period, imageId: image.imageId };
  imageUrl = image.imageUrl;
});

describe('banners', () => {
  it('a banner created in the console shows in the store at once, by priority; a stale edit is 409; ending it hides it; each step is audited', async () => {
    const op = await staffMember(t.app, db(), 'operator');
    const created = await op.change('POST', '/banners', base);
    expect(created.statusCode, created.body).toBe(200);
    const banner = created.json();
    expect(banner).toMatchObject({ ...base, imageUrl, showing: true, ended: false, version: 0 });
    const guestSees = await storeBanners();
    expect(guestSees.find((b) => b.id === banner.id)).toEqual({ id: banner.id, url: imageUrl, jumpUrl: '/free', colorCode: '#fde8c8' });
    const m = await member(t.app);
    expect((await storeBanners(m.cookie)).some((b) => b.id === banner.id)).toBe(true);

    // A second, higher-priority banner comes first; raising the first above it puts it back on top.
    const higher = (await op.change('POST', '/banners', { ...base, priority: 9 })).json();
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
      [{ ...base, imageId: 999_999 }, 'imageId: must be an uploaded banner image'],
      [{ ...period }, 'imageId: must be an id'],
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

  it('an uploaded image is proved an image by decoding it, stored once, and served at the banner widths', async () => {
    const op = await staffMember(t.app, db(), 'operator');
    const data = await png(480, 90, 30);
    const first = await upload(op, data);
    expect(first.statusCode, first.body).toBe(200);
    const image = first.json();
    expect(image).toEqual({ imageId: expect.any(Number), imageUrl: `/media/banners/${image.imageId}/480.webp`, width: 480, height: 90 });
    // The same file again (as another type: the content decides) is the same image.
    expect((await upload(op, data, 'application/octet-stream')).json().imageId).toBe(image.imageId);
    const served = await t.app.inject({ url: image.imageUrl });
    expect([served.statusCode, served.headers['content-type'], served.headers['cache-control']]).toEqual([
      200,
      'image/webp',
      'public, max-age=31536000, immutable',
    ]);
    expect(await sharp(served.rawPayload).metadata()).toMatchObject({ format: 'webp', width: 480, height: 90 });
    expect((await t.app.inject({ url: `/media/banners/${image.imageId}/960.jpg` })).statusCode).toBe(200);
    expect((await t.app.inject({ url: '/media/banners/999999/480.webp' })).statusCode).toBe(404);
    const [entry] = await auditOf(`banner_image:${image.imageId}`);
    expect(entry).toMatchObject({ action: 'banner.image', actor_user_id: op.userId });
  });

  it('refuses a file that is not an image whatever its name says, one of another shape, and anyone but an operator', async () => {
    const op = await staffMember(t.app, db(), 'operator');
    const text = await upload(op, Buffer.from('<svg onload="alert(1)"></svg> not a png'), 'image/png');
    expect([text.statusCode, text.json().messages[0]]).toEqual([400, expect.stringMatching(/^file: not a decodable image/)]);
    const square = await upload(op, await png(480, 480));
    expect([square.statusCode, square.json().messages]).toEqual([
      400,
      ['file: must be 480×90 or the same shape larger (e.g. 960×180), not 480×480'],
    ]);
    const small = await upload(op, await png(240, 45));
    expect(small.json().messages).toEqual(['file: must be 480×90 or the same shape larger (e.g. 960×180), not 240×45']);
    const support = await staffMember(t.app, db(), 'support');
    expect((await upload(support, await png(480, 90))).statusCode).toBe(403);
    const guest = await t.app.inject({
      method: 'POST',
      url: '/api/admin/banner_images?token=x',
      headers: { 'content-type': 'image/png' },
      payload: await png(480, 90),
    });
    expect(guest.statusCode).toBe(401);
  });

  it('a save without an image keeps the one the banner shows; a new image moves the store to it', async () => {
    const op = await staffMember(t.app, db(), 'operator');
    const banner = (await op.change('POST', '/banners', { ...base, jumpUrl: '/ranking' })).json();
    const kept = await op.change('PUT', `/banners/${banner.id}`, { version: 0, priority: 7 });
    expect(kept.json()).toMatchObject({ imageId: base.imageId, imageUrl, priority: 7 });
    const other = (await upload(op, await png(480, 90, 90))).json();
    const moved = await op.change('PUT', `/banners/${banner.id}`, { version: 1, imageId: other.imageId });
    expect(moved.json()).toMatchObject({ imageId: other.imageId, imageUrl: other.imageUrl, priority: 7 });
    expect((await storeBanners()).find((b) => b.id === banner.id)?.url).toBe(other.imageUrl);
  });
});
