import type { PaymentsResponse } from '@hondana/domain/orders/orders-api';
import type { SerialByMeta, SerialOsusume, SerialReadRanks, SerialTypical } from '@hondana/domain/serials/serials-api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, buildTestApp } from './support/build-test-app';
import { adultViewers, insertBook } from './support/catalog-factories';
import { serialsContext } from '../src/modules/serials/load-context';
import { episodeAction, insertSerial } from './support/serial-factories';
import { buyWithMangaCoin, grantTo, member } from './support/wallet-factories';

/**
 * §7 serial discovery (osusumes, typicals, by_meta, read_ranks), the §4 adult gate on serials,
 * unreleased episodes, and coin rentals in the payment history. Each test inserts its own
 * serials; categories are unique per test so rankings do not mix.
 */
const START = Date.parse('2026-11-22T01:00:00Z');
const DAY = 86_400_000;
let now = START;
let t: TestApp;
let viewers: Awaited<ReturnType<typeof adultViewers>>;

beforeAll(async () => {
  t = await buildTestApp({ clock: () => new Date(now) });
  viewers = await adultViewers(t.app);
});
afterAll(async () => {
  await t?.close();
});

const get = (url: string, cookie?: string) => t.app.inject({ url, headers: cookie ? { cookie } : {} });
const serial = (o: Parameters<typeof insertSerial>[1] = {}) =>
  insertSerial(t.database.db, { now: START, releasedAt: START - 10 * DAY, ...o });
const titleOf = async (serialId: number) =>
  (await t.database.db.selectFrom('serials').select('title_id').where('id', '=', serialId).executeTakeFirstOrThrow()).title_id!;

/** `count` read-starts of the serial's free first episode by one member (each a catalog read event). */
async function read(episodeId: number, count: number) {
  const { cookie } = await member(t.app);
  for (let i = 0; i < count; i++) expect((await episodeAction(t.app, cookie, episodeId, 'start_reading')).statusCode).toBe(200);
}

async function expect400(url: string, field: string, cookie?: string) {
  const r = await get(url, cookie);
  expect(r.statusCode, url).toBe(400);
  expect(r.json().errorCode, url).toBe('BAD_REQUEST');
  expect(r.json().messages.join(' '), url).toContain(field);
}

describe('GET /serials/by_meta', () => {
  it('lists serials of the genre newest first, pages them, and hides adult serials from guests', async () => {
    now = START;
    await t.database.db.insertInto('genres').values({ id: 701, name: '少年マンガ' }).execute();
    await t.database.db.insertInto('genres').values({ id: 702, name: '空のジャンル' }).execute();
    const older = await serial({ releasedAt: START - 20 * DAY });
    const newer = await serial();
    const adult = await serial({ category: 'adult_male' });
    const other = await serial();
    for (const s of [older, newer, adult]) {
      await t.database.db
        .updateTable('titles')
        .set({ genre_id: 701 })
        .where('id', '=', await titleOf(s.serialId))
        .execute();
    }
    const guest = (await get('/api/serials/by_meta?meta_id=701')).json<SerialByMeta>();
    expect(guest).toMatchObject({ metaId: 701, name: '少年マンガ', total: 2 });
    expect(guest.serials.map((s) => s.id)).toEqual([newer.serialId, older.serialId]);
    expect(guest.serials.map((s) => s.id)).not.toContain(other.serialId);
    const page2 = (await get('/api/serials/by_meta?meta_id=701&limit=1&offset=1')).json<SerialByMeta>();
    expect(page2.serials.map((s) => s.id)).toEqual([older.serialId]);
    const asAdult = (await get('/api/serials/by_meta?meta_id=701', viewers.adult)).json<SerialByMeta>();
    expect(asAdult.serials.map((s) => s.id)).toContain(adult.serialId);
    expect((await get('/api/serials/by_meta?meta_id=701', viewers.under18)).json<SerialByMeta>().total).toBe(2);
    expect((await get('/api/serials/by_meta?meta_id=702')).json<SerialByMeta>()).toMatchObject({ total: 0, serials: [] });
  });

  it('answers 400 naming the field and 404 NOT_FOUND for an unknown genre', async () => {
    await expect400('/api/serials/by_meta', 'meta_id');
    await expect400('/api/serials/by_meta?meta_id=abc', 'meta_id');
    await expect400('/api/serials/by_meta?meta_id=701&limit=0', 'limit');
    await expect400('/api/serials/by_meta?meta_id=701&offset=-1', 'offset');
    const missing = await get('/api/serials/by_meta?meta_id=99999');
    expect(missing.statusCode).toBe(404);
    expect(missing.json().errorCode).toBe('NOT_FOUND');
  });
});

describe('GET /serials/{serial_id}/read_ranks and /serials/typicals', () => {
  it('rank by read events overall and in the category; typicals take the most read of each category', async () => {
    now = START;
    const quiet = await serial({ category: 'light_novel' });
    const popular = await serial({ category: 'light_novel' });
    await read(popular.episodeIds[0]!, 3);
    await read(quiet.episodeIds[0]!, 1);
    const popularRanks = (await get(`/api/serials/${popular.serialId}/read_ranks`)).json<SerialReadRanks>();
    const quietRanks = (await get(`/api/serials/${quiet.serialId}/read_ranks`)).json<SerialReadRanks>();
    expect(popularRanks).toMatchObject({ serialId: popular.serialId, readCount: 3 });
    expect(popularRanks.ranks[1]).toEqual({ category: 'light_novel', rank: 1, total: 2 });
    expect(quietRanks.ranks[1]).toEqual({ category: 'light_novel', rank: 2, total: 2 });
    const general = (r: SerialReadRanks) => r.ranks.find((x) => x.category === 'general')!;
    expect(general(popularRanks).rank!).toBeLessThan(general(quietRanks).rank!);
    // The general rank is the serial's place in /serial_read_ranks.
    const listed = (await get('/api/serial_read_ranks?limit=100')).json<{ ranks: { rank: number; serial: { id: number } }[] }>();
    expect(listed.ranks.find((r) => r.serial.id === popular.serialId)!.rank).toBe(general(popularRanks).rank);

    const typicals = (await get('/api/serials/typicals')).json<{ typicals: SerialTypical[] }>().typicals;
    expect(typicals.find((x) => x.category === 'light_novel')).toMatchObject({
      categoryName: expect.any(String),
      serial: { id: popular.serialId },
    });
    // One more read each way moves nothing; two more for the quiet one make it the typical.
    await read(quiet.episodeIds[0]!, 3);
    const after = (await get('/api/serials/typicals')).json<{ typicals: SerialTypical[] }>().typicals;
    expect(after.find((x) => x.category === 'light_novel')!.serial.id).toBe(quiet.serialId);
  });

  it('a serial with no released episode has no rank; adult serials need the age check', async () => {
    now = START;
    const waiting = await serial({ category: 'magazine_photo', episodes: 1, free: 1, unreleased: 1 });
    const ranks = (await get(`/api/serials/${waiting.serialId}/read_ranks`)).json<SerialReadRanks>();
    expect(ranks.ranks.map((r) => r.rank)).toEqual([null, null]);
    const adult = await serial({ category: 'adult_female' });
    for (const cookie of [undefined, viewers.unconfirmed, viewers.under18]) {
      const r = await get(`/api/serials/${adult.serialId}/read_ranks`, cookie);
      expect(r.statusCode).toBe(403);
      expect(r.json().errorCode).toBe('ADULT_CHECK_REQUIRED');
    }
    expect((await get(`/api/serials/${adult.serialId}/read_ranks`, viewers.adult)).statusCode).toBe(200);
    const guestTypicals = (await get('/api/serials/typicals')).json<{ typicals: SerialTypical[] }>().typicals;
    expect(guestTypicals.map((x) => x.category)).not.toContain('adult_female');
    const adultTypicals = (await get('/api/serials/typicals', viewers.adult)).json<{ typicals: SerialTypical[] }>().typicals;
    expect(adultTypicals.map((x) => x.category)).toContain('adult_female');
  });

  it('answers 400 naming serial_id and 404 SERIAL_NOT_EXISTS', async () => {
    await expect400('/api/serials/abc/read_ranks', 'serial_id');
    await expect400('/api/serials/0/read_ranks', 'serial_id');
    const missing = await get('/api/serials/999999/read_ranks');
    expect(missing.statusCode).toBe(404);
    expect(missing.json().errorCode).toBe('SERIAL_NOT_EXISTS');
  });
});

describe('GET /serial_osusumes', () => {
  it('lists the running editorial lists in order with their visible serials', async () => {
    now = START;
    const db = t.database.db;
    const a = await serial({ category: 'bl' });
    const b = await serial({ category: 'bl' });
    const adult = await serial({ category: 'adult_male' });
    const ended = await serial({ category: 'bl', endDatetime: START - DAY });
    const insert = async (name: string, sort: number, start: number, end: number | null, serialIds: number[]) => {
      const row = await db
        .insertInto('serial_osusumes')
        .values({ name, description: `${name}の説明`, sort_order: sort, start_datetime: start, end_datetime: end, created_at: 0 })
        .returning('id')
        .executeTakeFirstOrThrow();
      for (const [i, serialId] of serialIds.entries())
        await db.insertInto('serial_osusume_items').values({ osusume_id: row.id, serial_id: serialId, sort_order: i }).execute();
      return row.id;
    };
    const second = await insert('編集部のおすすめ', 2, START - DAY, null, [a.serialId]);
    const first = await insert('今週の注目', 1, START - DAY, START + DAY, [b.serialId, adult.serialId, ended.serialId, a.serialId]);
    const future = await insert('来週から', 0, START + DAY, null, [a.serialId]);
    const past = await insert('終了した特集', 0, START - 2 * DAY, START, [a.serialId]);

    const list = (await get('/api/serial_osusumes')).json<{ total: number; osusumes: SerialOsusume[] }>();
    expect(list.total).toBe(2);
    expect(list.osusumes.map((o) => o.id)).toEqual([first, second]);
    expect(list.osusumes[0]!.serials.map((s) => s.id)).toEqual([b.serialId, a.serialId]);
    const asAdult = (await get('/api/serial_osusumes', viewers.adult)).json<{ osusumes: SerialOsusume[] }>();
    expect(asAdult.osusumes[0]!.serials.map((s) => s.id)).toEqual([b.serialId, adult.serialId, a.serialId]);
    expect((await get('/api/serial_osusumes?limit=1&offset=1')).json().osusumes.map((o: SerialOsusume) => o.id)).toEqual([second]);

    const one = (await get(`/api/serial_osusumes/${first}?limit=1&offset=1`)).json<SerialOsusume & { total: number }>();
    expect(one).toMatchObject({ id: first, name: '今週の注目', description: '今週の注目の説明', total: 2 });
    expect(one.serials.map((s) => s.id)).toEqual([a.serialId]);
    for (const id of [future, past, 999999]) {
      const r = await get(`/api/serial_osusumes/${id}`);
      expect(r.statusCode, String(id)).toBe(404);
      expect(r.json().errorCode).toBe('OSUSUME_NOT_EXISTS');
    }
    now = START + DAY;
    expect((await get('/api/serial_osusumes')).json().osusumes.map((o: SerialOsusume) => o.id)).toEqual([future, second]);
  });

  it('answers 400 naming the field', async () => {
    await expect400('/api/serial_osusumes/abc', 'osusume_id');
    await expect400('/api/serial_osusumes?limit=abc', 'limit');
    await expect400('/api/serial_osusumes/1?offset=x', 'offset');
  });
});

describe('the adult gate on serials (§4, §6)', () => {
  it('never serves an adult serial or its episodes to a guest, an unconfirmed or an under-18 member', async () => {
    now = START;
    const { serialId, episodeIds } = await serial({ category: 'adult_male' });
    const urls = [
      `/api/serials/${serialId}`,
      `/api/serial_episodes?serial_id=${serialId}`,
      `/api/serial_episodes/${episodeIds[0]}`,
      `/api/serial_episode_browsers/${episodeIds[0]}`,
      `/api/serial_episodes/${serialId}/suggestions/v2?serial_episode_id=${episodeIds[0]}`,
    ];
    for (const cookie of [undefined, viewers.unconfirmed, viewers.under18]) {
      for (const url of urls) {
        const r = await get(url, cookie);
        expect(r.statusCode, url).toBe(403);
        expect(r.json().errorCode, url).toBe('ADULT_CHECK_REQUIRED');
      }
      expect((await get(`/api/serials?serial_id=${serialId}`, cookie)).json().serials).toEqual([]);
    }
    for (const cookie of [viewers.unconfirmed, viewers.under18]) {
      expect((await get(`/api/user_serial_episodes/me/?serial_id=${serialId}`, cookie)).statusCode).toBe(403);
      const start = await episodeAction(t.app, cookie, episodeIds[0]!, 'start_reading');
      expect(start.json().errorCode).toBe('ADULT_CHECK_REQUIRED');
      const rental = await episodeAction(t.app, cookie, episodeIds[1]!, 'rental', { price: 0, spend_type: 1 });
      expect(rental.statusCode).toBe(403);
      expect(rental.json().errorCode).toBe('ADULT_CHECK_REQUIRED');
    }
    for (const url of urls) expect((await get(url, viewers.adult)).statusCode, url).toBe(200);
    expect((await get(`/api/serials?serial_id=${serialId}`, viewers.adult)).json().serials).toHaveLength(1);
    expect((await episodeAction(t.app, viewers.adult, episodeIds[1]!, 'rental', { price: 0, spend_type: 1 })).statusCode).toBe(200);
  });
});

describe('an episode not yet released', () => {
  it('is refused to readers and renters with EPISODE_NOT_ON_RELEASE until its release minute', async () => {
    now = START;
    const { episodeIds } = await serial({ episodes: 3, free: 3, unreleased: 1 });
    const { cookie } = await member(t.app);
    const waiting = episodeIds[2]!;
    for (const c of [undefined, cookie]) {
      const r = await get(`/api/serial_episode_browsers/${waiting}`, c);
      expect(r.statusCode).toBe(400);
      expect(r.json().errorCode).toBe('EPISODE_NOT_ON_RELEASE');
    }
    expect((await episodeAction(t.app, cookie, waiting, 'start_reading')).json().errorCode).toBe('EPISODE_NOT_ON_RELEASE');
    const release = (await get(`/api/serial_episodes/${waiting}`)).json<{ releaseDatetime: number; released: boolean }>();
    expect(release.released).toBe(false);
    now = release.releaseDatetime - 1;
    expect((await get(`/api/serial_episode_browsers/${waiting}`)).statusCode).toBe(400);
    now = release.releaseDatetime;
    expect((await get(`/api/serial_episode_browsers/${waiting}`)).statusCode).toBe(200);
  });
});

describe('coin rentals in the payment history', () => {
  it('lists each rental paid with coins or manga coins with its date, serial, episode, amount and payment type', async () => {
    now = START;
    const { serialId, episodeIds } = await serial({ price: 40 });
    const { cookie, userId } = await member(t.app);
    await grantTo(t.database.db, userId, 'MANGA_COIN', 100, { now });
    await grantTo(t.database.db, userId, 'COIN', 40, { now });
    // A normal ticket rental costs nothing and is not a payment.
    expect((await episodeAction(t.app, cookie, episodeIds[1]!, 'rental', { price: 0, spend_type: 1 })).statusCode).toBe(200);
    now = START + 60_000;
    expect((await episodeAction(t.app, cookie, episodeIds[2]!, 'rental', { price: 40, spend_type: 2, payment_type: 2 })).statusCode).toBe(
      200,
    );
    // A volume bought with manga coins between the two rentals: one list, by date.
    now = START + 90_000;
    const bookId = await insertBook(t.database.db, await titleOf(serialId), 1, { price: 20, tax_amount: 2 });
    expect((await buyWithMangaCoin(t.app, cookie, bookId, 20)).statusCode).toBe(200);
    now = START + 120_000;
    expect((await episodeAction(t.app, cookie, episodeIds[3]!, 'rental', { price: 40, spend_type: 2, payment_type: 0 })).statusCode).toBe(
      200,
    );
    // A refused rental (not enough) leaves no line.
    now = START + 180_000;
    expect(
      (await episodeAction(t.app, cookie, episodeIds[4]!, 'rental', { price: 40, spend_type: 2, payment_type: 0 })).json().errorCode,
    ).toBe('RENTAL_NOT_ENOUGH_AMEBA_COIN');

    const history = (await get('/api/order/payments?offset=0&limit=20', cookie)).json<PaymentsResponse>();
    expect(history.totalCount).toBe(3);
    const name = (await get(`/api/serials/${serialId}`)).json<{ name: string }>().name;
    expect(history.payments).toMatchObject([
      {
        kind: 'SERIAL_RENTAL',
        orderDatetime: START + 120_000,
        paymentType: 'COIN',
        paymentTypeCode: 0,
        totalPrice: 40,
        status: 'COMPLETE',
        rental: { serialId, serialName: name, episodeId: episodeIds[3], episodeTitle: '第4話', rentalEnd: START + 120_000 + 180 * 60_000 },
      },
      { kind: 'BOOK', orderDatetime: START + 90_000, paymentType: 'MANGA_COIN', totalPrice: 20, items: [{ bookId }] },
      {
        kind: 'SERIAL_RENTAL',
        orderDatetime: START + 60_000,
        paymentType: 'MANGA_COIN',
        paymentTypeCode: 2,
        totalPrice: 40,
        rental: { episodeTitle: '第3話' },
      },
    ]);
    const second = (await get('/api/order/payments?offset=2&limit=1', cookie)).json<PaymentsResponse>();
    expect(second.payments.map((p) => p.rental?.episodeTitle)).toEqual(['第3話']);
    // Another member sees none of them.
    const other = await member(t.app);
    expect((await get('/api/order/payments?offset=0&limit=20', other.cookie)).json<PaymentsResponse>().totalCount).toBe(0);
  });
});

describe("the serial pages' load context", () => {
  it('lists a serial of more than 100 episodes over pages of 100 (issue 40 item 3)', async () => {
    now = START;
    // Released one a day: 101 days of episodes, all out by now.
    const { serialId, episodeIds } = await serial({ episodes: 101, releasedAt: START - 120 * DAY });
    const guest = serialsContext(t.database.db, null, START);
    const first = await guest.detail({ serialId, page: 1 });
    const second = await guest.detail({ serialId, page: 2 });
    if (!first || first.adultGate || !second || second.adultGate) throw new Error('expected the detail');
    expect(first.episodes.map((e) => e.id)).toEqual(episodeIds.slice(0, 100));
    expect(first.episodePage).toEqual({ page: 1, pageCount: 2 });
    expect(second.episodes.map((e) => e.id)).toEqual(episodeIds.slice(100));
    expect(second.episodePage).toEqual({ page: 2, pageCount: 2 });
    expect(await guest.detail({ serialId, page: 3 })).toBeNull();
  });

  it('renders the detail for guests and members, the age dialog alone for an adult serial, and null for none', async () => {
    now = START;
    const db = t.database.db;
    const { serialId, episodeIds } = await serial({ category: 'female' });
    const adult = await serial({ category: 'adult_female' });
    const { userId } = await member(t.app);
    const guest = serialsContext(db, null, START);
    const asMember = serialsContext(db, { userId, nickname: 'n', adultState: 'NONE' }, START);
    const asAdult = serialsContext(db, { userId, nickname: 'n', adultState: 'ADULT' }, START);

    const page = await guest.detail({ serialId, page: 1 });
    if (!page || page.adultGate) throw new Error('expected the detail');
    expect(page.episodes.map((e) => e.id)).toEqual(episodeIds);
    expect(page).toMatchObject({ userData: [], userSerial: null, ticket: { amount: 3, maxAmount: 3 }, loadedAt: START });
    const mine = await asMember.detail({ serialId, page: 1 });
    if (!mine || mine.adultGate) throw new Error('expected the detail');
    expect(mine.userData).toHaveLength(episodeIds.length);
    expect(mine.userSerial).toMatchObject({ serialId, charged: true });

    expect(await guest.detail({ serialId: adult.serialId, page: 1 })).toEqual({ adultGate: true });
    expect(await asMember.detail({ serialId: adult.serialId, page: 1 })).toEqual({ adultGate: true });
    expect(await asAdult.detail({ serialId: adult.serialId, page: 1 })).toMatchObject({ adultGate: false, serial: { id: adult.serialId } });
    expect(await guest.detail({ serialId: 999999, page: 1 })).toBeNull();
    expect(page.episodePage).toEqual({ page: 1, pageCount: 1 });
    expect(await guest.detail({ serialId, page: 2 })).toBeNull();

    const home = await guest.home({ category: 'female' });
    expect(home.recents.map((s) => s.id)).toContain(serialId);
    expect(home.recents.every((s) => s.categoryIds[0] === 'female')).toBe(true);
    expect((await guest.home({ category: null })).recents.map((s) => s.id)).not.toContain(adult.serialId);
    const ranking = await guest.ranking({ offset: 0, limit: 100 });
    expect(ranking.map((r) => r.rank)).toEqual(ranking.map((_, i) => i + 1));
    expect(ranking.map((r) => r.serial.id)).not.toContain(adult.serialId);
  });
});
