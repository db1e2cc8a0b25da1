import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordChange } from '../src/ops/store-changes';
import { type TestApp, buildTestApp } from './support/build-test-app';
import { createCampaign } from './support/campaign-factories';
import { insertBook, insertTitle } from './support/catalog-factories';
import { episodeAction, insertSerial } from './support/serial-factories';
import { buyWithMangaCoin, grantTo, ledgerInvariant, member } from './support/wallet-factories';

/** Missions: tasks advance once per key, the reward is granted once, 401 and 404. */
let t: TestApp;
let now = Date.parse('2026-11-25T03:00:00Z');
const DAY = 86_400_000;
beforeAll(async () => {
  t = await buildTestApp({ clock: () => new Date(now) });
});
afterAll(() => t.close());
const db = () => t.database.db;

async function createMission(input: { rewardType: 1 | 10 | 100; amount: number; tasks: [string, number][]; campaignId?: number }) {
  await db()
    .updateTable('missions')
    .set({ end_at: now - 1, start_at: now - 2 })
    .where('end_at', '>', now)
    .execute();
  const { id } = await db()
    .insertInto('missions')
    .values({
      name: 'はじめてミッション',
      reward_type: input.rewardType,
      reward_amount: input.amount,
      lottery_campaign_id: input.campaignId ?? null,
      start_at: now - DAY,
      end_at: now + 7 * DAY,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  for (const [type, target] of input.tasks)
    await db().insertInto('mission_tasks').values({ mission_id: id, task_type: type, target }).execute();
  // Counted as the console's save counts it: a purchase's kept running missions follow the count.
  await recordChange(db(), 'catalog', now);
  return id;
}
const v4 = (cookie: string) => t.app.inject({ url: '/api/mission/v4', headers: { cookie } });
const post = (cookie: string, url: string, payload: object = {}) => t.app.inject({ method: 'POST', url, headers: { cookie }, payload });

describe('missions', () => {
  it('401 for guests; 404 when no mission runs', async () => {
    expect((await t.app.inject({ url: '/api/mission/v4' })).statusCode).toBe(401);
    const m = await member(t.app);
    expect((await v4(m.cookie)).statusCode).toBe(404);
  });

  it('reading two books completes a read-2 mission once and grants 30 manga coins once', async () => {
    const missionId = await createMission({ rewardType: 10, amount: 30, tasks: [['READ_BOOKS', 2]] });
    const m = await member(t.app);
    const title = await insertTitle(db());
    const [a, b] = [await insertBook(db(), title, 1, { free_flg: 1 }), await insertBook(db(), title, 2, { free_flg: 1 })];
    await post(m.cookie, '/api/mission/read_end', { book_id: a });
    await post(m.cookie, '/api/mission/read_end', { book_id: a }); // the same book counts once
    let mission = (await v4(m.cookie)).json().results.missions[0];
    expect(mission).toMatchObject({
      id: missionId,
      completed: false,
      tasks: [{ progress: 1, target: 2, name: '作品を2冊読み終える' }],
      bonus: { rewardType: 10, amount: 30, name: '30マンガコイン' },
    });
    const done = await Promise.all(Array.from({ length: 5 }, () => post(m.cookie, '/api/mission/read_end', { book_id: b })));
    expect(done.flatMap((d) => d.json().results.completedMissionIds)).toEqual([missionId]);
    mission = (await v4(m.cookie)).json().results.missions[0];
    expect(mission).toMatchObject({ completed: true, rewarded: true, noticed: false });
    expect((await ledgerInvariant(db(), m.userId, now)).MANGA_COIN).toBe(30);
    expect((await post(m.cookie, '/api/mission/notice/v2', { mission_id: missionId })).statusCode).toBe(200);
    expect((await v4(m.cookie)).json().results.missions[0].noticed).toBe(true);
  });

  it('serial episodes read to the end (end_reading) count once each; an unread one is refused', async () => {
    const missionId = await createMission({ rewardType: 10, amount: 10, tasks: [['READ_EPISODE', 2]] });
    const m = await member(t.app);
    const { episodeIds } = await insertSerial(db(), { episodes: 4, free: 4, releasedAt: now - 10 * DAY, now });
    expect((await post(m.cookie, '/api/mission/read_end', { serial_episode_id: episodeIds[0] })).statusCode).toBe(403);
    for (const id of [episodeIds[0]!, episodeIds[0]!, episodeIds[1]!]) {
      await episodeAction(t.app, m.cookie, id, 'start_reading');
      expect((await episodeAction(t.app, m.cookie, id, 'end_reading')).statusCode).toBe(200);
    }
    expect((await post(m.cookie, '/api/mission/read_end', { serial_episode_id: episodeIds[1] })).statusCode).toBe(200);
    expect((await v4(m.cookie)).json().results.missions[0]).toMatchObject({
      id: missionId,
      completed: true,
      rewarded: true,
      tasks: [{ progress: 2 }],
    });
    expect((await ledgerInvariant(db(), m.userId, now)).MANGA_COIN).toBe(10);
  });

  it('a priced book not owned does not count (403); bad input is 400 naming the field', async () => {
    await createMission({ rewardType: 1, amount: 5, tasks: [['READ_BOOKS', 1]] });
    const m = await member(t.app);
    const priced = await insertBook(db(), await insertTitle(db()), 1, { price: 300 });
    expect((await post(m.cookie, '/api/mission/read_end', { book_id: priced })).statusCode).toBe(403);
    const bad = await post(m.cookie, '/api/mission/read_end', { book_id: 'x' });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('book_id');
  });

  it('buying a book and opening the app on 2 Tokyo days grant 50 points; the ticket reward gives lottery tickets', async () => {
    await createMission({
      rewardType: 1,
      amount: 50,
      tasks: [
        ['BUY_BOOK', 1],
        ['OPEN_DAYS', 2],
      ],
    });
    const m = await member(t.app);
    const book = await insertBook(db(), await insertTitle(db()), 1, { price: 100 });
    await grantTo(db(), m.userId, 'MANGA_COIN', 100, { now });
    await buyWithMangaCoin(t.app, m.cookie, book, 100);
    await post(m.cookie, '/api/mission/view');
    await post(m.cookie, '/api/mission/view');
    expect((await v4(m.cookie)).json().results.missions[0].completed).toBe(false);
    now += DAY;
    await post(m.cookie, '/api/mission/view');
    expect((await v4(m.cookie)).json().results.missions[0]).toMatchObject({ completed: true, rewarded: true });
    const reward = await db()
      .selectFrom('wallet_ledger')
      .select(['currency', 'amount'])
      .where('user_id', '=', m.userId)
      .where('reason', '=', 'ミッション「はじめてミッション」達成報酬')
      .execute();
    expect(reward).toEqual([{ currency: 'POINT', amount: 50 }]);

    const { campaignId } = await createCampaign(db(), { now, events: [] });
    await createMission({ rewardType: 100, amount: 2, tasks: [['OPEN_DAYS', 1]], campaignId });
    await post(m.cookie, '/api/mission/view');
    now += DAY;
    await post(m.cookie, '/api/mission/view');
    const tickets = await t.app.inject({ url: `/api/lottery/tickets/me?lottery_campaign_id=${campaignId}`, headers: { cookie: m.cookie } });
    expect(tickets.json().results.totalCount).toBe(2);
  });
});
