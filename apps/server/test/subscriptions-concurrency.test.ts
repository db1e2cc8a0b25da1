import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, buildTestApp } from './support/build-test-app';
import { demoPlans, shown, subscribeByCard } from './support/subscription-factories';
import { ledgerInvariant, member, sandboxCardId, tokenFor } from './support/wallet-factories';

/** Parallel subscribe calls of one member (run on SQLite and on PostgreSQL). */
let t: TestApp;
let plans: Awaited<ReturnType<typeof demoPlans>>;
beforeAll(async () => {
  t = await buildTestApp();
  plans = await demoPlans(t.database.db);
});
afterAll(() => t.close());

describe('parallel subscribes', () => {
  it('ten parallel subscribe calls with different tokens leave one active subscription and one charge', async () => {
    const m = await member(t.app);
    const tokens = await Promise.all(
      Array.from({ length: 10 }, () => tokenFor(t.app, m.cookie, '/api/manga_coin_sales_subscription_plans/create_token')),
    );
    const planOf = [plans.light, plans.standard, plans.premium];
    const responses = await Promise.all(tokens.map((token, i) => subscribeByCard(t.app, m.cookie, planOf[i % 3]!, { token })));
    expect(responses.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(new Set(responses.filter((r) => r.statusCode !== 200).map((r) => r.json().errorCode))).toEqual(new Set(['POSSESSION_LIMIT']));
    const subscriptions = await t.database.db
      .selectFrom('user_manga_coin_subscriptions')
      .select(['status'])
      .where('user_id', '=', m.userId)
      .execute();
    expect(subscriptions).toEqual([{ status: 'ACTIVE' }]);
    expect(await t.database.db.selectFrom('orders').select('id').where('user_id', '=', m.userId).execute()).toHaveLength(1);
    const won = responses.find((r) => r.statusCode === 200)!.json();
    expect((await ledgerInvariant(t.database.db, m.userId, Date.now())).MANGA_COIN).toBe(won.granted.coin + won.granted.bonus);
  });

  it('one token sent ten times at once subscribes once and answers the same each time', async () => {
    const m = await member(t.app);
    const token = await tokenFor(t.app, m.cookie, '/api/manga_coin_sales_subscription_plans/create_token');
    const body = { ...shown(plans.standard), cardId: await sandboxCardId(t.app) };
    const responses = await Promise.all(
      Array.from({ length: 10 }, () => subscribeByCard(t.app, m.cookie, plans.standard, { token, body })),
    );
    expect(responses.map((r) => r.statusCode)).toEqual(Array(10).fill(200));
    expect(new Set(responses.map((r) => r.body)).size).toBe(1);
    expect(await t.database.db.selectFrom('orders').select('id').where('user_id', '=', m.userId).execute()).toHaveLength(1);
  });

  it('ten members subscribing at once each get their own subscription', async () => {
    const members = await Promise.all(Array.from({ length: 10 }, () => member(t.app)));
    const responses = await Promise.all(members.map((m) => subscribeByCard(t.app, m.cookie, plans.light)));
    expect(responses.map((r) => r.statusCode)).toEqual(Array(10).fill(200));
  });
});
