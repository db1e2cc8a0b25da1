import type { EpisodeBrowser, EpisodeUserData, SuggestionResponse } from '@hondana/domain/serials/serials-api';
import { RENTAL_FOREVER } from '@hondana/domain/serials/serials';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, buildTestApp } from './support/build-test-app';
import { episodeAction, insertSerial, serialToken } from './support/serial-factories';
import { confirmSignupEmail, createMember, signUp } from './support/members';
import { grantTo, ledgerInvariant, member } from './support/wallet-factories';

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

const get = (url: string, cookie?: string) => t.app.inject({ url, headers: cookie ? { cookie } : {} });
const serial = (o: Parameters<typeof insertSerial>[1] = {}) =>
  insertSerial(t.database.db, { now: START, releasedAt: START - 10 * 86_400_000, ...o });
async function userData(cookie: string, episodeId: number): Promise<EpisodeUserData> {
  const r = await get(`/api/user_serial_episodes/me/${episodeId}`, cookie);
  expect(r.statusCode).toBe(200);
  return r.json();
}

describe('guests', () => {
  it('read a free episode through signed URLs, get 401 on a locked one, and see 3 of 3 tickets', async () => {
    now = START;
    const { serialId, episodeIds } = await serial();
    const detail = await get(`/api/serials/${serialId}`);
    expect(detail.json()).toMatchObject({ id: serialId, totalEpisodeCount: 6, releasedEpisodeCount: 6, chargeMinutes: 1380 });
    const list = (await get(`/api/serial_episodes?serial_id=${serialId}&limit=3`)).json();
    expect(list.total).toBe(6);
    expect(list.episodes.map((e: { spendType: number }) => e.spendType)).toEqual([0, 1, 1]);
    const free = await get(`/api/serial_episode_browsers/${episodeIds[0]}`);
    expect(free.statusCode).toBe(200);
    const url = free.json<EpisodeBrowser>().pages_data.pages[0]!.images[0]!.webp;
    expect(url).toMatch(/e=\d+&g=f&s=/);
    expect((await get(url)).statusCode).not.toBe(403);
    expect((await get(`/api/serial_episode_browsers/${episodeIds[1]}`)).json().errorCode).toBe('UNAUTHORIZED');
    expect((await get(`/api/serial_episode_browsers/${episodeIds[1]}`)).statusCode).toBe(401);
    expect((await get('/api/user_serial_ticket/me')).json()).toMatchObject({ amount: 3, maxAmount: 3 });
  });

  it('meet the adult gate on a serial in an adult category', async () => {
    now = START;
    const { episodeIds } = await serial({ category: 'adult_male' });
    const r = await get(`/api/serial_episode_browsers/${episodeIds[0]}`);
    expect(r.statusCode).toBe(403);
    expect(r.json().errorCode).toBe('ADULT_CHECK_REQUIRED');
  });

  it('answer 401 on every member call', async () => {
    const calls: [string, string][] = [
      ['GET', '/api/user_serials/me/1'],
      ['GET', '/api/user_serial_episodes/me/1'],
      ['POST', '/api/user_serial_episodes/1/rental/token'],
      ['POST', '/api/user_serial_episodes/1/rental?token=x'],
      ['POST', '/api/user_serial_episodes/1/start_reading?token=x'],
      ['GET', '/api/serials/user_histories/me'],
      ['DELETE', '/api/serials/user_histories/me?serial_id=1&token=x'],
      ['GET', '/api/serials/recommends'],
      ['POST', '/api/user_serials/me/1/notification?token=x'],
      ['GET', '/api/serials/tickets/me'],
      ['POST', '/api/user_serial_ad_reward/me/use?token=x&serial_id=1'],
    ];
    for (const [method, url] of calls) {
      const r = await t.app.inject({ method: method as 'GET', url });
      expect(r.statusCode, `${method} ${url}`).toBe(401);
    }
  });
});

describe('bad input names the field', () => {
  it('answers 400 BAD_REQUEST with the field', async () => {
    const { cookie } = await member(t.app);
    const cases: [string, string][] = [
      ['/api/serial_episodes', 'serial_id'],
      ['/api/serial_episodes?serial_id=1&sort=up', 'sort'],
      ['/api/serial_episodes/abc', 'serial_episode_id'],
      ['/api/serial_episode_browsers/0', 'serial_episode_id'],
      ['/api/serial_episodes/1/suggestions/v2', 'serial_episode_id'],
    ];
    for (const [url, field] of cases) {
      const r = await get(url, cookie);
      expect(r.statusCode, url).toBe(400);
      expect(r.json().messages.join(' '), url).toContain(field);
    }
    const rental = await episodeAction(t.app, cookie, 1, 'rental', { price: 'forty' });
    expect(rental.statusCode).toBe(400);
    expect(rental.json().messages.join(' ')).toContain('price');
    const noToken = await t.app.inject({
      method: 'POST',
      url: '/api/user_serial_episodes/1/rental',
      headers: { cookie },
      payload: { price: 0 },
    });
    expect(noToken.json().messages.join(' ')).toContain('token');
    expect((await get('/api/serials/999999')).json().errorCode).toBe('SERIAL_NOT_EXISTS');
    expect((await get('/api/serial_episodes/999999')).json().errorCode).toBe('SERIAL_EPISODE_NOT_EXISTS');
  });
});

describe('the daily normal ticket', () => {
  it('opens one episode, is back after chargeMinutes to the minute, and prices the next by §4', async () => {
    now = Date.parse('2026-11-22T06:59:00+09:00');
    const { episodeIds } = await serial();
    const { cookie } = await member(t.app);
    expect(await userData(cookie, episodeIds[1]!)).toMatchObject({ personalizedSpendType: 1, finalPrice: 0, renting: false });
    const r = await episodeAction(t.app, cookie, episodeIds[1]!, 'rental', { price: 0, spend_type: 1 });
    expect(r.statusCode).toBe(200);
    expect(r.json()).toMatchObject({ spendType: 1, price: 0, rentalPeriodTime: now + 180 * MIN });
    expect((await get(`/api/serial_episode_browsers/${episodeIds[1]}`, cookie)).statusCode).toBe(200);
    expect(await userData(cookie, episodeIds[2]!)).toMatchObject({ personalizedSpendType: 2, finalPrice: 40 });
    const again = await episodeAction(t.app, cookie, episodeIds[2]!, 'rental', { price: 0, spend_type: 1 });
    expect(again.json().errorCode).toBe('CHARGE_NOT_FULL');
    const used = now;
    now = Date.parse('2026-11-23T05:58:00+09:00');
    const data = (await get(`/api/user_serials/me/${(await get(`/api/serial_episodes/${episodeIds[1]}`)).json().serialId}`, cookie)).json();
    expect(data).toMatchObject({ charged: false, chargeRemainingMilliSec: MIN });
    now = used + 1380 * MIN;
    expect(await userData(cookie, episodeIds[2]!)).toMatchObject({ personalizedSpendType: 1, finalPrice: 0 });
    expect((await episodeAction(t.app, cookie, episodeIds[2]!, 'rental', { price: 0, spend_type: 1 })).statusCode).toBe(200);
  });

  it('on an order-only serial opens only the next episode in order', async () => {
    now = START;
    const { episodeIds } = await serial({ orderOnly: true });
    const { cookie } = await member(t.app);
    expect(await userData(cookie, episodeIds[3]!)).toMatchObject({ finalPrice: 40, personalizedSpendType: 2 });
    const skip = await episodeAction(t.app, cookie, episodeIds[3]!, 'rental', { price: 0, spend_type: 1 });
    expect(skip.json().errorCode).toBe('NOT_TARGET_ORDER_ONLY_EPISODE');
    expect((await episodeAction(t.app, cookie, episodeIds[1]!, 'rental', { price: 0, spend_type: 1 })).statusCode).toBe(200);
  });

  it('used twice in parallel opens one episode', async () => {
    now = START;
    const { episodeIds } = await serial();
    const { cookie } = await member(t.app);
    const results = await Promise.all(
      [episodeIds[1]!, episodeIds[2]!, episodeIds[3]!].map((id) => episodeAction(t.app, cookie, id, 'rental', { price: 0, spend_type: 1 })),
    );
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(results.filter((r) => r.json().errorCode === 'CHARGE_NOT_FULL')).toHaveLength(2);
  });
});

describe('coin rentals', () => {
  it('wait for the member to confirm their address, as a paid book does; tickets do not', async () => {
    now = START;
    const { episodeIds } = await serial();
    const unconfirmed = await signUp(t.app, createMember(), { confirmed: false });
    const userId = (await get('/api/common/get_status', unconfirmed)).json<{ userId: number }>().userId;
    await grantTo(t.database.db, userId, 'MANGA_COIN', 100, { now });
    const refused = await episodeAction(t.app, unconfirmed, episodeIds[2]!, 'rental', { price: 40, spend_type: 2, payment_type: 2 });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().errorCode).toBe('EMAIL_NOT_CONFIRMED');
    expect((await ledgerInvariant(t.database.db, userId, now)).MANGA_COIN).toBe(100);
    expect((await episodeAction(t.app, unconfirmed, episodeIds[1]!, 'rental', { price: 0, spend_type: 1 })).statusCode).toBe(200);
    await confirmSignupEmail(t.app, userId);
    expect(
      (await episodeAction(t.app, unconfirmed, episodeIds[2]!, 'rental', { price: 40, spend_type: 2, payment_type: 2 })).statusCode,
    ).toBe(200);
  });

  it('spend manga coins through the wallet ledger and end exactly at their minute', async () => {
    now = START;
    const { episodeIds } = await serial();
    const { cookie, userId } = await member(t.app);
    const rent = (body: Record<string, unknown>) => episodeAction(t.app, cookie, episodeIds[2]!, 'rental', body);
    expect((await rent({ price: 40, spend_type: 2, payment_type: 2 })).json().errorCode).toBe('RENTAL_NOT_ENOUGH_MANGA_COIN');
    expect((await rent({ price: 40, spend_type: 2, payment_type: 0 })).json().errorCode).toBe('RENTAL_NOT_ENOUGH_AMEBA_COIN');
    await grantTo(t.database.db, userId, 'MANGA_COIN', 100, { now });
    await grantTo(t.database.db, userId, 'POINT', 100, { now });
    expect((await rent({ price: 30, spend_type: 2, payment_type: 2 })).json().errorCode).toBe('INVALID_PRICE');
    expect((await rent({ price: 40, spend_type: 2, payment_type: 1 })).json().errorCode).toBe('RENTAL_INVALID_PAYMENT_TYPE');
    expect((await rent({ price: 0, spend_type: 0 })).json().errorCode).toBe('RENTAL_INVALID_SPEND_TYPE');
    const ok = await rent({ price: 40, spend_type: 2, payment_type: 2 });
    expect(ok.statusCode).toBe(200);
    const end = ok.json().rentalPeriodTime as number;
    expect(end).toBe(START + 180 * MIN);
    expect((await rent({ price: 40, spend_type: 2, payment_type: 2 })).json().errorCode).toBe('ALREADY_RENTED');
    expect(await ledgerInvariant(t.database.db, userId, now)).toMatchObject({ MANGA_COIN: 60, POINT: 100 });
    now = end - 1000;
    const browser = (await get(`/api/serial_episode_browsers/${episodeIds[2]}`, cookie)).json<EpisodeBrowser>();
    const url = browser.pages_data.pages[0]!.images[0]!.webp;
    expect(url).toContain(`g=u${userId}`);
    // A URL never outlives the rental it was signed for.
    expect(browser.pages_data.urlExpiresAt).toBe(end);
    expect((await get(url, cookie)).statusCode).not.toBe(403);
    now = end;
    expect((await get(`/api/serial_episode_browsers/${episodeIds[2]}`, cookie)).statusCode).toBe(403);
    expect((await get(url, cookie)).statusCode).toBe(403);
  });

  it('are permanent when rentalMinutes is 0', async () => {
    now = START;
    const { episodeIds } = await serial({ rentalMinutes: 0 });
    const { cookie, userId } = await member(t.app);
    await grantTo(t.database.db, userId, 'MANGA_COIN', 40, { now });
    const ok = await episodeAction(t.app, cookie, episodeIds[3]!, 'rental', { price: 40, spend_type: 2, payment_type: 2 });
    expect(ok.json().rentalPeriodTime).toBe(RENTAL_FOREVER);
  });

  it('a rental token replayed in parallel spends once and answers the same', async () => {
    now = START;
    const { episodeIds } = await serial();
    const { cookie, userId } = await member(t.app);
    await grantTo(t.database.db, userId, 'MANGA_COIN', 100, { now });
    const token = await serialToken(t.app, cookie, `/api/user_serial_episodes/${episodeIds[2]}/rental/token`);
    const body = { price: 40, spend_type: 2, payment_type: 2 };
    const results = await Promise.all([1, 2, 3].map(() => episodeAction(t.app, cookie, episodeIds[2]!, 'rental', body, token)));
    expect(results.map((r) => r.statusCode)).toEqual([200, 200, 200]);
    expect(new Set(results.map((r) => r.body)).size).toBe(1);
    expect((await ledgerInvariant(t.database.db, userId, now)).MANGA_COIN).toBe(60);
  });

  it('parallel rentals of different episodes never overspend', async () => {
    now = START;
    const { episodeIds } = await serial();
    const { cookie, userId } = await member(t.app);
    await grantTo(t.database.db, userId, 'MANGA_COIN', 50, { now });
    const body = { price: 40, spend_type: 2, payment_type: 2 };
    const results = await Promise.all(episodeIds.slice(1, 5).map((id) => episodeAction(t.app, cookie, id, 'rental', body)));
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(results.filter((r) => r.json().errorCode === 'RENTAL_NOT_ENOUGH_MANGA_COIN')).toHaveLength(3);
    expect((await ledgerInvariant(t.database.db, userId, now)).MANGA_COIN).toBe(10);
  });
});

describe('special tickets and the ad reward', () => {
  it('a special ticket opens an episode; one more is handed out at 7:00 JST', async () => {
    now = Date.parse('2026-11-22T06:00:00+09:00');
    const { episodeIds } = await serial();
    const { cookie } = await member(t.app);
    for (const i of [1, 2, 3]) {
      expect((await episodeAction(t.app, cookie, episodeIds[i]!, 'rental', { price: 0, spend_type: 3 })).statusCode).toBe(200);
    }
    expect((await get('/api/user_serial_ticket/me', cookie)).json()).toMatchObject({ amount: 0, remainingMilliSec: 3_600_000 });
    expect((await episodeAction(t.app, cookie, episodeIds[4]!, 'rental', { price: 0, spend_type: 3 })).json().errorCode).toBe(
      'TICKET_NOT_ENOUGH',
    );
    now = Date.parse('2026-11-22T07:00:00+09:00');
    expect((await get('/api/user_serial_ticket/me', cookie)).json()).toMatchObject({ amount: 1 });
    expect((await episodeAction(t.app, cookie, episodeIds[4]!, 'rental', { price: 0, spend_type: 3 })).statusCode).toBe(200);
  });

  it('refuses special tickets where the serial does not take them', async () => {
    now = START;
    const { episodeIds } = await serial({ ticketUsable: false, rewardUsable: false });
    const { cookie } = await member(t.app);
    expect((await episodeAction(t.app, cookie, episodeIds[1]!, 'rental', { price: 0, spend_type: 3 })).json().errorCode).toBe(
      'NOT_USABLE_TICKET',
    );
  });

  it('the ad reward refills the normal ticket and is back at 0:00 JST', async () => {
    now = Date.parse('2026-11-22T23:00:00+09:00');
    const { serialId, episodeIds } = await serial();
    const { cookie } = await member(t.app);
    const useAd = async () => {
      const token = await serialToken(t.app, cookie, '/api/user_serial_ad_reward/me/token');
      return t.app.inject({
        method: 'POST',
        url: `/api/user_serial_ad_reward/me/use?token=${token}&serial_id=${serialId}`,
        headers: { cookie },
      });
    };
    for (let i = 1; i <= 3; i++) {
      expect((await episodeAction(t.app, cookie, episodeIds[i]!, 'rental', { price: 0, spend_type: 1 })).statusCode).toBe(200);
      expect((await useAd()).statusCode).toBe(200);
    }
    expect((await get('/api/user_serial_ad_reward/me', cookie)).json()).toMatchObject({ amount: 0, maxAmount: 3 });
    expect((await episodeAction(t.app, cookie, episodeIds[4]!, 'rental', { price: 0, spend_type: 1 })).statusCode).toBe(200);
    expect((await useAd()).json().errorCode).toBe('TICKET_NOT_ENOUGH');
    now = Date.parse('2026-11-23T00:00:00+09:00');
    expect((await get('/api/user_serial_ad_reward/me', cookie)).json()).toMatchObject({ amount: 3 });
    expect((await useAd()).statusCode).toBe(200);
  });
});

describe('reading, history, notifications and suggestions', () => {
  it('start_reading records the history; delete with a token hides it', async () => {
    now = START;
    const { serialId, episodeIds } = await serial();
    const { cookie } = await member(t.app);
    expect((await episodeAction(t.app, cookie, episodeIds[1]!, 'start_reading')).statusCode).toBe(403);
    expect((await episodeAction(t.app, cookie, episodeIds[0]!, 'start_reading')).statusCode).toBe(200);
    expect((await episodeAction(t.app, cookie, episodeIds[0]!, 'end_reading')).statusCode).toBe(200);
    const histories = (await get('/api/serials/user_histories/me', cookie)).json().histories;
    expect(histories).toEqual([expect.objectContaining({ id: serialId, lastEpisodeId: episodeIds[0], hasNormalTicket: true })]);
    expect((await get('/api/serials/user_continuable_reading/me', cookie)).json().histories).toHaveLength(1);
    const token = await serialToken(t.app, cookie, '/api/serials/user_histories/me/token');
    const del = await t.app.inject({
      method: 'DELETE',
      url: `/api/serials/user_histories/me?serial_id=${serialId}&token=${token}`,
      headers: { cookie },
    });
    expect(del.statusCode).toBe(200);
    expect((await get('/api/serials/user_histories/me', cookie)).json().histories).toEqual([]);
  });

  it('toggles the notification with a token', async () => {
    now = START;
    const { serialId } = await serial();
    const { cookie } = await member(t.app);
    for (const [method, on] of [
      ['POST', true],
      ['DELETE', false],
    ] as const) {
      const token = await serialToken(t.app, cookie, `/api/user_serials/me/${serialId}/notification/token`);
      const r = await t.app.inject({ method, url: `/api/user_serials/me/${serialId}/notification?token=${token}`, headers: { cookie } });
      expect(r.statusCode).toBe(200);
      expect((await get(`/api/user_serials/me/${serialId}`, cookie)).json().notification).toBe(on);
    }
  });

  it('suggests the next episode, or says last, waiting or expired', async () => {
    now = START;
    const suggest = async (serialId: number, episodeId: number, cookie?: string) =>
      (await get(`/api/serial_episodes/${serialId}/suggestions/v2?serial_episode_id=${episodeId}`, cookie)).json<SuggestionResponse>();
    const a = await serial({ episodes: 3, unreleased: 1 });
    expect(await suggest(a.serialId, a.episodeIds[0]!)).toMatchObject({
      kind: 'episode',
      episode: { id: a.episodeIds[1], spendType: 1, price: 0 },
    });
    expect((await suggest(a.serialId, a.episodeIds[1]!)).kind).toBe('waiting');
    expect((await suggest(a.serialId, a.episodeIds[2]!)).kind).toBe('last');
    const b = await serial({ episodes: 2, endDatetime: START - 1 });
    expect((await suggest(b.serialId, b.episodeIds[0]!)).kind).toBe('expired');
    expect((await get(`/api/serial_episode_browsers/${b.episodeIds[0]}`)).json().errorCode).toBe('NOT_ON_RELEASE');
    expect((await get(`/api/serial_episode_browsers/${a.episodeIds[2]}`)).json().errorCode).toBe('EPISODE_NOT_ON_RELEASE');
  });
});

describe('lists and counts', () => {
  it('answer every list call of a member who opened episodes', async () => {
    now = START;
    const { serialId, episodeIds } = await serial({ episodes: 4 });
    const { cookie } = await member(t.app);
    expect((await episodeAction(t.app, cookie, episodeIds[1]!, 'rental', { price: 0, spend_type: 1 })).statusCode).toBe(200);
    expect((await episodeAction(t.app, cookie, episodeIds[1]!, 'start_reading')).statusCode).toBe(200);
    const ok = async (url: string, withCookie = true) => {
      const r = await get(url, withCookie ? cookie : undefined);
      expect(r.statusCode, `${url}: ${r.body}`).toBe(200);
      return r.json();
    };
    // A ticket opening is no charge: the charge history lists coin rentals only (serial-histories.test.ts).
    expect((await ok('/api/serials/user_charge_histories/me')).histories).toEqual([]);
    expect(await ok('/api/serials/user_continuable_reading/notice')).toEqual({ count: 1 });
    expect(await ok('/api/serials/tickets/exists', false)).toEqual({ exists: true });
    // The normal ticket is used: no episode opens free until it is back.
    expect(await ok(`/api/serial_episodes/${serialId}/order_only_free/me`)).toEqual({ serialEpisodeId: null });
    expect((await ok(`/api/serial_episodes/${serialId}/suggestions/me?serial_episode_id=${episodeIds[1]}`)).episode.id).toBe(episodeIds[2]);
    expect((await ok(`/api/serials?serial_id=${serialId}`, false)).serials.map((s: { id: number }) => s.id)).toEqual([serialId]);
    expect((await ok('/api/serials/recents', false)).serials.length).toBeGreaterThan(0);
    expect((await ok(`/api/user_serial_episodes/me/?serial_id=${serialId}`)).episodes).toHaveLength(4);
    expect(await ok(`/api/user_serials/me/?serial_id=${serialId}`)).toMatchObject({ serialId, charged: false });
  });
});
