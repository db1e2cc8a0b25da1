import { afterEach, describe, expect, it } from 'vitest';
import { insertTitle } from './support/catalog-factories';
import { createMember } from './support/members';
import {
  type ProcessDatabase,
  type ServerProcess,
  client,
  confirmEmailThrough,
  createProcessDatabase,
  startServer,
} from './support/server-processes';
import { demoPlans, shown, testCard } from './support/subscription-factories';
import { ledgerInvariant } from './support/wallet-factories';

/** The member's card as the page's card fields take it: on the sandbox's endpoint, outside /api. */
const cardIdAt = async (url: string) => ((await client(url).post('/sandbox/cards', testCard())).json as { cardId: string }).cardId;

/**
 * Renewals without anyone visiting: two store processes (`main.ts`, each with its renewal
 * runner) on one database find the same due subscriptions, and each is charged once.
 */
let database: ProcessDatabase | null = null;
const servers: ServerProcess[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => s.stop()));
  await database?.destroy();
  database = null;
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('renewal runners in two processes', () => {
  it('renew each due subscription exactly once', async () => {
    database = await createProcessDatabase();
    const db = database.handle.db;
    await insertTitle(db); // a catalog exists: no demo generation at start
    const { standard } = await demoPlans(db);
    const env = { ...database.env, SUBSCRIPTION_RENEWAL_INTERVAL_MS: '150' };
    const first = await startServer(env);
    servers.push(first);

    const userIds: number[] = [];
    for (let i = 0; i < 8; i += 1) {
      const api = client(`${first.url}/api`);
      const signup = await api.post('/auth/signup', createMember());
      userIds.push(signup.json.userId as number);
      await confirmEmailThrough(api, database, signup.json.userId as number);
      const token = (await api.get('/manga_coin_sales_subscription_plans/create_token')).json.status!.token!;
      const subscribed = await api.post(`/manga_coin_sales_subscription_plans/${standard.id}?token=${token}`, {
        ...shown(standard),
        cardId: await cardIdAt(first.url),
      });
      expect(subscribed.status, JSON.stringify(subscribed.json)).toBe(200);
    }
    const second = await startServer(env);
    servers.push(second);

    // Every subscription falls due now, while both runners poll.
    const due = Date.now() - 1000;
    await db.updateTable('user_manga_coin_subscriptions').set({ renewal_at: due, next_attempt_at: due }).execute();
    const paid = async () =>
      (await db.selectFrom('manga_coin_subscription_cycles').select('id').where('cycle', '=', 2).where('status', '=', 'PAID').execute())
        .length;
    for (let waited = 0; (await paid()) < userIds.length && waited < 20_000; waited += 100) await sleep(100);
    await sleep(1000); // more polls of both runners: nothing more is charged
    expect(await paid()).toBe(userIds.length);
    for (const userId of userIds) {
      const orders = await db.selectFrom('orders').select('status').where('user_id', '=', userId).execute();
      expect(orders.map((o) => o.status)).toEqual(['COMPLETE', 'COMPLETE']);
      expect((await ledgerInvariant(db, userId, Date.now())).MANGA_COIN).toBe(1600 + 1300);
    }
    const subs = await db.selectFrom('user_manga_coin_subscriptions').select(['payment_count', 'status']).execute();
    expect(subs.every((s) => s.payment_count === 2 && s.status === 'ACTIVE')).toBe(true);
  }, 120_000);
});
