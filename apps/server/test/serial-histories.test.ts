import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, buildTestApp } from './support/build-test-app';
import { episodeAction, insertSerial, serialToken } from './support/serial-factories';
import { grantTo, member } from './support/wallet-factories';

// Issue 40 item 3: the member's 閲覧履歴 (delete one, delete all, one-time tokens) and レンタル履歴.
const START = Date.parse('2026-11-22T01:00:00Z');
const MIN = 60_000;
let now = START;
let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp({ clock: () => new Date(now) });
});
afterAll(async () => {
  await t?.close();
});

const get = (url: string, cookie: string) => t.app.inject({ url, headers: { cookie } });
const serial = () => insertSerial(t.database.db, { now: START, releasedAt: START - 10 * 86_400_000 });
const historyIds = async (cookie: string) =>
  (await get('/api/serials/user_histories/me', cookie)).json<{ histories: { id: number }[] }>().histories.map((h) => h.id);
const del = (cookie: string, token: string, serialId?: number) =>
  t.app.inject({
    method: 'DELETE',
    url: `/api/serials/user_histories/me?token=${token}${serialId ? `&serial_id=${serialId}` : ''}`,
    headers: { cookie },
  });
const historyToken = (cookie: string) => serialToken(t.app, cookie, '/api/serials/user_histories/me/token');

async function readTwo(cookie: string, a: { episodeIds: number[] }, b: { episodeIds: number[] }) {
  now += MIN;
  expect((await episodeAction(t.app, cookie, a.episodeIds[0]!, 'start_reading')).statusCode).toBe(200);
  now += MIN;
  expect((await episodeAction(t.app, cookie, b.episodeIds[0]!, 'start_reading')).statusCode).toBe(200);
}

describe('serial history (閲覧履歴)', () => {
  it('deletes one serial, then all, each once per token, and leaves another member untouched', async () => {
    now = START;
    const a = await serial();
    const b = await serial();
    const me = await member(t.app);
    const other = await member(t.app);
    await readTwo(me.cookie, a, b);
    await readTwo(other.cookie, a, b);
    expect(await historyIds(me.cookie)).toEqual([b.serialId, a.serialId]);

    const one = await historyToken(me.cookie);
    const first = await del(me.cookie, one, a.serialId);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ serialId: a.serialId });
    expect(await historyIds(me.cookie)).toEqual([b.serialId]);
    // The same token for another request is refused and deletes nothing.
    const again = await del(me.cookie, one, b.serialId);
    expect(again.statusCode).not.toBe(200);
    expect(await historyIds(me.cookie)).toEqual([b.serialId]);

    // Reading again brings a serial back; すべて削除 (no serial_id) empties the list at once.
    now += MIN;
    expect((await episodeAction(t.app, me.cookie, a.episodeIds[0]!, 'start_reading')).statusCode).toBe(200);
    expect(await historyIds(me.cookie)).toEqual([a.serialId, b.serialId]);
    const all = await historyToken(me.cookie);
    const cleared = await del(me.cookie, all);
    expect(cleared.statusCode).toBe(200);
    expect(cleared.json()).toMatchObject({ serialId: null });
    expect(await historyIds(me.cookie)).toEqual([]);
    // The token is spent: its replay answers the stored response and deletes nothing read since.
    now += MIN;
    expect((await episodeAction(t.app, me.cookie, b.episodeIds[0]!, 'start_reading')).statusCode).toBe(200);
    const replay = await del(me.cookie, all);
    expect(replay.json()).toMatchObject({ serialId: null });
    expect(await historyIds(me.cookie)).toEqual([b.serialId]);

    // The other member's history is theirs.
    expect(await historyIds(other.cookie)).toEqual([b.serialId, a.serialId]);
    // Another member's token is no token of mine.
    const theirs = await historyToken(other.cookie);
    expect((await del(me.cookie, theirs)).statusCode).not.toBe(200);
    expect(await historyIds(other.cookie)).toEqual([b.serialId, a.serialId]);
  });

  it('refuses a delete without a token, naming the field', async () => {
    now = START;
    const me = await member(t.app);
    const r = await t.app.inject({ method: 'DELETE', url: '/api/serials/user_histories/me', headers: { cookie: me.cookie } });
    expect(r.statusCode).toBe(400);
    expect(r.body).toContain('token');
  });
});

describe('charge history (レンタル履歴)', () => {
  it('lists a coin rental with its price and end, newest first, and not a ticket opening', async () => {
    now = START;
    const { serialId, episodeIds } = await serial();
    const { cookie, userId } = await member(t.app);
    await grantTo(t.database.db, userId, 'MANGA_COIN', 100, { now });
    expect((await episodeAction(t.app, cookie, episodeIds[1]!, 'rental', { price: 0, spend_type: 1 })).statusCode).toBe(200);
    now += MIN;
    const rented = await episodeAction(t.app, cookie, episodeIds[2]!, 'rental', { price: 40, spend_type: 2, payment_type: 2 });
    expect(rented.statusCode).toBe(200);
    now += MIN;
    expect((await episodeAction(t.app, cookie, episodeIds[3]!, 'rental', { price: 40, spend_type: 2, payment_type: 2 })).statusCode).toBe(
      200,
    );
    const histories = (await get('/api/serials/user_charge_histories/me', cookie)).json().histories;
    expect(histories).toEqual([
      expect.objectContaining({
        serialEpisodeId: episodeIds[3],
        serialId,
        price: 40,
        paymentType: 'MANGA_COIN',
        chargedAt: START + 2 * MIN,
      }),
      {
        serialEpisodeId: episodeIds[2],
        serialId,
        title: expect.any(String),
        serialName: expect.any(String),
        chargedAt: START + MIN,
        price: 40,
        paymentType: 'MANGA_COIN',
        rentalEnd: rented.json().rentalPeriodTime,
      },
    ]);
    const page2 = (await get('/api/serials/user_charge_histories/me?offset=1&limit=1', cookie)).json().histories;
    expect(page2.map((h: { serialEpisodeId: number }) => h.serialEpisodeId)).toEqual([episodeIds[2]]);
  });
});
