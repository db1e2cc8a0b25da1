import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_MANGA_COIN_POSSESSION } from '../src/modules/wallet/coin-purchase.service';
import { type TestApp, buildTestApp } from './support/build-test-app';
import { demoPlans, subscribeByCard } from './support/subscription-factories';
import { grantTo, ledgerInvariant, member, sandboxCardId, tokenFor } from './support/wallet-factories';

/**
 * Parallel coin pack purchases of one member, run on SQLite and on
 * PostgreSQL: the purchase limit and the possession cap are checked and written as one step,
 * under the member's wallet lock that subscriptions take too.
 */
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

async function pack(predicate: (item: { coin: number; limit: number | null }) => boolean) {
  const response = await t.app.inject({ url: '/api/manga_coin/items/v3?payment_type=creditcard&display_scenes=shop' });
  return response.json<{ items: { id: number; coin: number; bonus: number; limit: number | null }[] }>().items.find(predicate)!;
}

async function buyInParallel(cookie: string, itemId: number, n: number) {
  const tokens = await Promise.all(Array.from({ length: n }, () => tokenFor(t.app, cookie, '/api/manga_coin/purchase/create_token')));
  // One card for all of them, as a member paying again with the card the card fields took.
  const cardId = await sandboxCardId(t.app);
  return Promise.all(
    tokens.map((token) =>
      t.app.inject({
        method: 'POST',
        url: `/api/manga_coin/purchase?token=${token}`,
        headers: { cookie },
        payload: { itemId, paymentType: 'creditcard', cardId },
      }),
    ),
  );
}

describe('parallel coin pack purchases', () => {
  it('sixteen parallel purchases of a pack limited to one sell it once', async () => {
    const m = await member(t.app);
    const trial = await pack((i) => i.limit === 1);
    const responses = await buyInParallel(m.cookie, trial.id, 16);
    expect(responses.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(new Set(responses.filter((r) => r.statusCode !== 200).map((r) => r.json().errorCode))).toEqual(new Set(['POSSESSION_LIMIT']));
    const sold = await t.database.db
      .selectFrom('orders')
      .select('id')
      .where('user_id', '=', m.userId)
      .where('status', '=', 'COMPLETE')
      .execute();
    expect(sold).toHaveLength(1);
    expect((await ledgerInvariant(t.database.db, m.userId, Date.now())).MANGA_COIN).toBe(trial.coin + trial.bonus);
  });

  it('sixteen parallel purchases never take the member past the possession cap', async () => {
    const m = await member(t.app);
    const thousand = await pack((i) => i.coin === 1000 && i.limit === null);
    const each = thousand.coin + thousand.bonus;
    const start = MAX_MANGA_COIN_POSSESSION - 3 * each - 10; // room for exactly three packs
    await grantTo(t.database.db, m.userId, 'MANGA_COIN', start, { paid: true, yenValue: start });
    const responses = await buyInParallel(m.cookie, thousand.id, 16);
    expect(responses.filter((r) => r.statusCode === 200)).toHaveLength(3);
    expect(new Set(responses.filter((r) => r.statusCode !== 200).map((r) => r.json().errorCode))).toEqual(new Set(['COIN_POSESSION_OVER']));
    expect((await ledgerInvariant(t.database.db, m.userId, Date.now())).MANGA_COIN).toBe(start + 3 * each);
  });

  it('carrier payments started together and approved together never pass the cap: the late approvals are GRANT_ERROR', async () => {
    const m = await member(t.app);
    const items = (await t.app.inject({ url: '/api/manga_coin/items/v3?payment_type=paypay&display_scenes=shop' })).json<{
      items: { id: number; coin: number; bonus: number }[];
    }>().items;
    const pack = items.find((i) => i.coin === 3000)!;
    const each = pack.coin + pack.bonus;
    const start = MAX_MANGA_COIN_POSSESSION - 2 * each - 10; // room for two
    await grantTo(t.database.db, m.userId, 'MANGA_COIN', start, { paid: true, yenValue: start });
    const tokens = await Promise.all(Array.from({ length: 6 }, () => tokenFor(t.app, m.cookie, '/api/manga_coin/purchase/create_token')));
    const started = await Promise.all(
      tokens.map((token) =>
        t.app.inject({
          method: 'POST',
          url: `/api/manga_coin/purchase?token=${token}`,
          headers: { cookie: m.cookie },
          payload: { itemId: pack.id, paymentType: 'paypay' },
        }),
      ),
    );
    expect(started.every((r) => r.json().status === 'PROCESSING')).toBe(true); // nothing is held until approval
    await Promise.all(started.map((r) => t.app.inject({ method: 'POST', url: `${r.json().confirmUrl}/approve` })));
    const statuses = await t.database.db.selectFrom('orders').select('status').where('user_id', '=', m.userId).execute();
    expect(statuses.filter((o) => o.status === 'COMPLETE')).toHaveLength(2);
    expect(statuses.filter((o) => o.status === 'GRANT_ERROR')).toHaveLength(4);
    expect((await ledgerInvariant(t.database.db, m.userId, Date.now())).MANGA_COIN).toBe(start + 2 * each);
  });

  it('a pack purchase and a subscription racing for the last room under the cap: only one is granted', async () => {
    const plans = await demoPlans(t.database.db);
    const m = await member(t.app);
    const thousand = await pack((i) => i.coin === 1000 && i.limit === null);
    // Room for the subscription's first cycle (1,600) or one pack (1,050), never both nor two packs.
    const start = MAX_MANGA_COIN_POSSESSION - 1700;
    await grantTo(t.database.db, m.userId, 'MANGA_COIN', start, { paid: true, yenValue: start });
    const subscribeToken = await tokenFor(t.app, m.cookie, '/api/manga_coin_sales_subscription_plans/create_token');
    const cardId = await sandboxCardId(t.app);
    const [subscribed, ...packs] = await Promise.all([
      subscribeByCard(t.app, m.cookie, plans.standard, { token: subscribeToken }),
      ...(await Promise.all(Array.from({ length: 8 }, () => tokenFor(t.app, m.cookie, '/api/manga_coin/purchase/create_token')))).map(
        (token) =>
          t.app.inject({
            method: 'POST',
            url: `/api/manga_coin/purchase?token=${token}`,
            headers: { cookie: m.cookie },
            payload: { itemId: thousand.id, paymentType: 'creditcard', cardId },
          }),
      ),
    ]);
    const wins = [subscribed!, ...packs].filter((r) => r.statusCode === 200);
    expect(wins).toHaveLength(1);
    expect([subscribed!, ...packs].filter((r) => r.statusCode !== 200).every((r) => r.json().errorCode === 'COIN_POSESSION_OVER')).toBe(
      true,
    );
    const held = (await ledgerInvariant(t.database.db, m.userId, Date.now())).MANGA_COIN;
    expect(held).toBeLessThanOrEqual(MAX_MANGA_COIN_POSSESSION);
    expect(held - start).toBe(subscribed!.statusCode === 200 ? 1600 : thousand.coin + thousand.bonus);
  });
});
