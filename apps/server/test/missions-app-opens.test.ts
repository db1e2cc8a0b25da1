import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { AppOpens } from '../src/modules/campaigns/missions/app-opens';
import { type TestDatabase, createTestDatabase } from './support/test-database';
import { member } from './support/wallet-factories';

/** "Open the app on N days": any request made for a member counts, one row per member and Tokyo day. */
let app: FastifyInstance;
let database: TestDatabase;
let appOpens: AppOpens;
// 2026-11-25 23:30 in Tokyo.
let now = Date.parse('2026-11-25T14:30:00Z');
const HOUR = 3_600_000;
const errors: unknown[] = [];

beforeAll(async () => {
  database = await createTestDatabase();
  appOpens = new AppOpens({ db: database.db, now: () => now, onError: (e) => errors.push(e) });
  app = await buildApp({
    database,
    config: { cookieSecure: false, dataDir: database.dataDir, secrets: { mediaUrlKey: 'k' } },
    authRateLimit: 1000,
    clock: () => new Date(now),
    campaigns: { appOpens },
  });
  await app.ready();
});
afterAll(async () => {
  await app.close();
  await database.destroy();
});
const db = () => database.db;

async function openDaysMission(target: number) {
  await db()
    .updateTable('missions')
    .set({ end_at: now - 1, start_at: now - 2 })
    .where('end_at', '>', now)
    .execute();
  const { id } = await db()
    .insertInto('missions')
    .values({
      name: '毎日ひらこう',
      reward_type: 1,
      reward_amount: 20,
      lottery_campaign_id: null,
      start_at: now - HOUR,
      end_at: now + 7 * 24 * HOUR,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db().insertInto('mission_tasks').values({ mission_id: id, task_type: 'OPEN_DAYS', target }).execute();
  return id;
}
const status = async (cookie: string) => {
  const answer = await app.inject({ url: '/api/common/get_status', headers: { cookie } });
  await appOpens.settled();
  return answer;
};
const openDays = (userId: number) => db().selectFrom('app_open_days').select('day').where('user_id', '=', userId).orderBy('day').execute();

describe('opening the app', () => {
  it('get_status and any member call count the Tokyo day once; two days complete an open-2-days mission and grant its points once', async () => {
    const missionId = await openDaysMission(2);
    const m = await member(app);
    await appOpens.settled();
    for (let i = 0; i < 3; i += 1) expect((await status(m.cookie)).statusCode).toBe(200);
    expect(await openDays(m.userId)).toEqual([{ day: '2026-11-25' }]);
    now += HOUR; // 00:30 the next Tokyo day
    await app.inject({ url: '/api/user/get_profile', headers: { cookie: m.cookie } });
    await appOpens.settled();
    expect(await openDays(m.userId)).toEqual([{ day: '2026-11-25' }, { day: '2026-11-26' }]);
    const mission = (await app.inject({ url: '/api/mission/v4', headers: { cookie: m.cookie } })).json().results.missions[0];
    expect(mission).toMatchObject({ id: missionId, completed: true, rewarded: true, tasks: [{ progress: 2, target: 2 }] });
    const reward = await db()
      .selectFrom('wallet_ledger')
      .select('amount')
      .where('user_id', '=', m.userId)
      .where('currency', '=', 'POINT')
      .execute();
    expect(reward).toEqual([{ amount: 20 }]);
    expect(errors).toEqual([]);
  });

  it('guests write nothing; a member already seen today in this process costs no write', async () => {
    await status('');
    const m = await member(app);
    await status(m.cookie);
    expect(await openDays(m.userId)).toHaveLength(1);
    await db().deleteFrom('app_open_days').where('user_id', '=', m.userId).execute();
    await Promise.all(Array.from({ length: 5 }, () => status(m.cookie)));
    expect(await openDays(m.userId)).toEqual([]);
  });

  it('another process (its own seen set) writing the same day counts it once', async () => {
    await openDaysMission(1);
    const m = await member(app);
    await status(m.cookie);
    const other = new AppOpens({ db: db(), now: () => now, onError: (e) => errors.push(e) });
    other.seenMember(m.userId);
    await other.settled();
    expect(await openDays(m.userId)).toHaveLength(1);
    const events = await db().selectFrom('mission_task_events').select('event_key').where('user_id', '=', m.userId).execute();
    expect(events).toHaveLength(1);
    expect(errors).toEqual([]);
  });
});
