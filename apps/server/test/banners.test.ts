import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, buildTestApp } from './support/build-test-app';
import { member } from './support/wallet-factories';

/** Reach banners (period, priority, jump URL) and the non-login appeal for guests. */
let t: TestApp;
const now = Date.parse('2026-11-25T03:00:00Z');
const HOUR = 3_600_000;
beforeAll(async () => {
  t = await buildTestApp({ clock: () => new Date(now) });
  const banner = (id: string, priority: number, start: number, end: number, location = 'top') => ({
    banner_url: `/media/banners/${id}.png`,
    jump_url: `/campaign/${id}`,
    color_code: '#ffeecc',
    location,
    priority,
    start_at: start,
    end_at: end,
  });
  await t.database.db
    .insertInto('reach_banners')
    .values([
      banner('low', 1, now - HOUR, now + HOUR),
      banner('high', 9, now - HOUR, now + HOUR),
      banner('over', 99, now - 2 * HOUR, now - HOUR),
      banner('later', 99, now + HOUR, now + 2 * HOUR),
      banner('book', 5, now - HOUR, now + HOUR, 'book'),
    ])
    .execute();
  await t.database.db
    .insertInto('non_login_appeals')
    .values({
      name: '新規登録',
      image_url: '/media/appeal.png',
      appeal_text: '無料登録で試し読み',
      start_at: now - HOUR,
      end_at: now + HOUR,
    })
    .execute();
});
afterAll(() => t.close());

describe('reach banners', () => {
  it('v2 lists the banners in their period, highest priority first, with their jump URLs', async () => {
    const r = (await t.app.inject({ url: '/api/reach_banner/get_banners/v2?location=top' })).json().results;
    expect(r.map((b: { bannerJumpUrl: string }) => b.bannerJumpUrl)).toEqual(['/campaign/high', '/campaign/low']);
    expect(r[0]).toMatchObject({ bannerUrl: '/media/banners/high.png', colorCode: '#ffeecc' });
  });
  it('v3 answers the same banners as §3 Banner; a location narrows them; a bad location is a 400', async () => {
    const all = (await t.app.inject({ url: '/api/reach_banner/get_banners/v3' })).json().results;
    expect(all.map((b: { jumpUrl: string }) => b.jumpUrl)).toEqual(['/campaign/high', '/campaign/book', '/campaign/low']);
    expect(Object.keys(all[0]).sort()).toEqual(['colorCode', 'id', 'jumpUrl', 'url']);
    const bad = await t.app.inject({ url: '/api/reach_banner/get_banners/v3?location=%3Cx%3E' });
    expect([bad.statusCode, bad.json().messages.join()]).toEqual([400, expect.stringContaining('location')]);
  });
});

describe('non-login appeal', () => {
  it('guests get the running appeal, members none', async () => {
    expect((await t.app.inject({ url: '/api/non_login_appeal' })).json().results).toEqual({
      name: '新規登録',
      imageUrl: '/media/appeal.png',
      appealText: '無料登録で試し読み',
    });
    const m = await member(t.app);
    expect((await t.app.inject({ url: '/api/non_login_appeal', headers: { cookie: m.cookie } })).json().results).toBeNull();
  });
});
