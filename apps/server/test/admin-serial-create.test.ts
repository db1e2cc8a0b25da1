import { TZDate } from '@date-fns/tz';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { staffMember } from './support/admin-factories';
import { type TestApp, buildTestApp } from './support/build-test-app';
import { insertBook, insertTitle } from './support/catalog-factories';
import { signUp } from './support/members';
import { grantOwnership, userIdOf } from './support/reading-factories';
import { testClock } from './support/subscription-factories';

/** The console creates a serial for a title that has none; the store shows it once an episode is out. */
const START = new TZDate(2027, 0, 10, 12, 0, 0, 'Asia/Tokyo').getTime();
const clock = testClock(START);
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ clock });
});
afterAll(() => t.close());
const db = () => t.database.db;
const auditOf = (subject: string) => db().selectFrom('admin_audit_log').selectAll().where('subject', '=', subject).orderBy('id').execute();
const catalogCount = async () =>
  Number((await db().selectFrom('store_changes').select('version').where('topic', '=', 'catalog').executeTakeFirst())?.version ?? 0);

const body = (titleId: number) => ({
  titleId,
  name: '星降る町の連載',
  description: '毎週日曜に更新',
  themeColor: '#AA3355',
  subColor: '#ffeecc',
  category: 'female',
  ticketUsable: true,
  rewardUsable: false,
  chargeMinutes: 1380,
  rentalMinutes: 180,
  orderOnly: false,
  endAt: null,
});

describe('creating a serial', () => {
  it("creates a title's serial, logged and announced as a catalog change; the store's serial API shows it", async () => {
    const op = await staffMember(t.app, db(), 'operator');
    const titleId = await insertTitle(db());
    const before = await catalogCount();
    const r = await op.change('POST', '/serials', body(titleId));
    expect(r.statusCode, r.body).toBe(200);
    const serial = r.json();
    expect(serial).toMatchObject({
      titleId,
      name: '星降る町の連載',
      themeColor: '#aa3355',
      category: 'female',
      chargeMinutes: 1380,
      rewardUsable: false,
      endAt: null,
      version: 0,
      episodes: [],
    });
    expect(await catalogCount()).toBe(before + 1);
    const [entry] = await auditOf(`serial:${serial.id}`);
    expect(entry).toMatchObject({ action: 'serial.create', actor_user_id: op.userId, before_json: null });
    expect(JSON.parse(entry!.after_json!)).toMatchObject({ titleId, name: '星降る町の連載' });
    expect((await op.get(`/serials?q=${encodeURIComponent('星降る町')}`)).json().serials.map((s: { id: number }) => s.id)).toContain(
      serial.id,
    );

    // The store's serial and its by-title lookup, with its first episode released.
    const store = await t.app.inject({ url: `/api/serials/${serial.id}` });
    expect(store.statusCode, store.body).toBe(200);
    expect(store.json()).toMatchObject({
      id: serial.id,
      name: '星降る町の連載',
      description: '毎週日曜に更新',
      titleId,
      colors: { themeColor: '#aa3355', subColor: '#ffeecc' },
      ticketUsable: true,
      rewardUsable: false,
      chargeMinutes: 1380,
      rentalMinutes: 180,
      categoryIds: ['female'],
      totalEpisodeCount: 0,
    });
    const ep = await op.change('POST', `/serials/${serial.id}/episodes`, {
      title: '第1話',
      price: 0,
      spendType: 0,
      releaseAt: '2027-01-10T10:00',
      pageCount: 3,
    });
    expect(ep.statusCode, ep.body).toBe(200);
    // A first episode is drawn as a page of the store is (1080×1536) until its pages are uploaded.
    const free = (await t.app.inject({ url: `/api/serial_episode_browsers/${ep.json().id}` })).json();
    expect(free.pages_data.pages.map((p: { width: number; height: number }) => [p.width, p.height])).toEqual([
      [1080, 1536],
      [1080, 1536],
      [1080, 1536],
    ]);
    expect((await t.app.inject({ url: `/api/serials/${serial.id}` })).json()).toMatchObject({
      releasedEpisodeCount: 1,
      totalEpisodeCount: 1,
    });
    const byTitle = await t.app.inject({ url: `/api/serials/by_title/${titleId}` });
    expect(byTitle.body).toContain(`"id":${serial.id}`);
  });

  it('makes a webtoon serial whose episodes are collected in a volume: its owners read them, the store reads them as a strip', async () => {
    const op = await staffMember(t.app, db(), 'operator');
    const titleId = await insertTitle(db());
    const [vol1, vol2] = [await insertBook(db(), titleId, 1), await insertBook(db(), titleId, 2)];
    const otherTitlesVolume = await insertBook(db(), await insertTitle(db()), 1);
    const serial = (await op.change('POST', '/serials', { ...body(titleId), rewardUsable: false })).json();
    expect(serial.volumes).toEqual([
      { id: vol1, vol: 1, name: 'テスト 1' },
      { id: vol2, vol: 2, name: 'テスト 2' },
    ]);
    const coins = { price: 50, spendType: 2, releaseAt: '2027-01-10T10:00', pageCount: 3 };

    // A volume of another title is refused, naming bookId, and nothing is added.
    const wrong = await op.change('POST', `/serials/${serial.id}/episodes`, {
      ...coins,
      title: '第1話',
      layoutType: 1,
      bookId: otherTitlesVolume,
    });
    expect([wrong.statusCode, wrong.json().errorCode, wrong.json().messages[0]]).toEqual([
      400,
      'BAD_REQUEST',
      "bookId: must be a volume of the serial's title",
    ]);
    const badLayout = await op.change('POST', `/serials/${serial.id}/episodes`, { ...coins, title: '第1話', layoutType: 2 });
    expect([badLayout.statusCode, badLayout.json().messages[0]]).toEqual([400, 'layoutType: must be 0 (pages) or 1 (webtoon)']);
    expect((await op.get(`/serials/${serial.id}`)).json().episodes).toEqual([]);

    const first = await op.change('POST', `/serials/${serial.id}/episodes`, { ...coins, title: '第1話', layoutType: 1, bookId: vol1 });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({ layoutType: 1, bookId: vol1 });
    // The next episode reads as the last one did when the form says nothing of it.
    const second = (await op.change('POST', `/serials/${serial.id}/episodes`, { ...coins, title: '第2話' })).json();
    expect(second).toMatchObject({ layoutType: 1, bookId: null });

    // The store reads the episode as a strip; a member who owns volume 1 reads episode 1 without renting it, not episode 2.
    const cookie = await signUp(t.app);
    await grantOwnership(db(), await userIdOf(t.app, cookie), vol1, START);
    const read = async (id: number) => t.app.inject({ url: `/api/serial_episode_browsers/${id}`, headers: { cookie } });
    const episode1 = await read(first.json().id);
    expect(episode1.statusCode, episode1.body).toBe(200);
    expect(episode1.json().layoutType).toBe(1);
    // Drawn as a webtoon's tall segments, the first episode for its layout and the next as the last one.
    const shapes = (pages: { width: number; height: number }[]) => pages.map((p) => [p.width, p.height]);
    expect(shapes(episode1.json().pages_data.pages)).toEqual([
      [1080, 2880],
      [1080, 2880],
      [1080, 2880],
    ]);
    expect(shapes(await db().selectFrom('serial_episode_pages').selectAll().where('episode_id', '=', second.id).execute())).toEqual([
      [1080, 2880],
      [1080, 2880],
      [1080, 2880],
    ]);
    const episode2 = await read(second.id);
    expect([episode2.statusCode, episode2.json().errorCode]).toEqual([403, 'FORBIDDEN']);

    // Collected in volume 2 instead, then in none; back to pages.
    const edit = await op.change('PUT', `/episodes/${second.id}`, { version: second.version, bookId: vol2, layoutType: 0 });
    expect(edit.json()).toMatchObject({ bookId: vol2, layoutType: 0 });
    const unlink = await op.change('PUT', `/episodes/${second.id}`, { version: edit.json().version, bookId: null });
    expect(unlink.json()).toMatchObject({ bookId: null, layoutType: 0 });
    const refused = await op.change('PUT', `/episodes/${second.id}`, { version: unlink.json().version, bookId: otherTitlesVolume });
    expect([refused.statusCode, refused.json().messages[0]]).toEqual([400, "bookId: must be a volume of the serial's title"]);
    expect((await op.get(`/serials/${serial.id}`)).json().episodes.map((e: { bookId: number | null }) => e.bookId)).toEqual([vol1, null]);
  });

  it('refuses a second serial of the same title, naming titleId', async () => {
    const op = await staffMember(t.app, db(), 'operator');
    const titleId = await insertTitle(db());
    expect((await op.change('POST', '/serials', body(titleId))).statusCode).toBe(200);
    const again = await op.change('POST', '/serials', { ...body(titleId), name: '別の連載' });
    expect([again.statusCode, again.json().errorCode]).toEqual([400, 'BAD_REQUEST']);
    expect(again.json().messages[0]).toMatch(/^titleId: /);
    const rows = await db().selectFrom('serials').select('id').where('title_id', '=', titleId).execute();
    expect(rows).toHaveLength(1);
  });

  it('names the bad field, and answers NOT_FOUND for an unknown title', async () => {
    const op = await staffMember(t.app, db(), 'operator');
    const titleId = await insertTitle(db());
    const bad = async (over: object, message: string) => {
      const r = await op.change('POST', '/serials', { ...body(titleId), ...over });
      expect([r.statusCode, r.json().errorCode, r.json().messages]).toEqual([400, 'BAD_REQUEST', [message]]);
    };
    await bad({ name: '  ' }, 'name: is required');
    await bad({ themeColor: 'red' }, 'themeColor: must be a colour like #ffeecc');
    await bad({ chargeMinutes: -1 }, 'chargeMinutes: must be a non-negative integer');
    await bad({ category: 'all' }, expect.stringMatching(/^category: must be one of /) as unknown as string);
    await bad({ endAt: '2027-02-30T10:00' }, 'endAt: must be a date and time (YYYY-MM-DDTHH:mm, Asia/Tokyo)');
    await bad({ ticketUsable: 'yes' }, 'ticketUsable: must be true or false');
    expect(await db().selectFrom('serials').select('id').where('title_id', '=', titleId).execute()).toEqual([]);

    const unknown = await op.change('POST', '/serials', body(999_999_999));
    expect([unknown.statusCode, unknown.json().errorCode, unknown.json().messages]).toEqual([404, 'NOT_FOUND', ['titleId: no such title']]);
  });

  it('support staff and members cannot create a serial', async () => {
    const titleId = await insertTitle(db());
    const support = await staffMember(t.app, db(), 'support');
    const r = await support.change('POST', '/serials', body(titleId));
    expect([r.statusCode, r.json().errorCode]).toEqual([403, 'FORBIDDEN']);
    expect(await db().selectFrom('serials').select('id').where('title_id', '=', titleId).execute()).toEqual([]);
    const op = await staffMember(t.app, db(), 'operator');
    const none = await op.send('POST', '/serials', body(titleId));
    expect([none.statusCode, none.json().messages]).toEqual([400, ['token: is required']]);
  });
});
