import { TZDate } from '@date-fns/tz';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renewDueSubscriptions } from '../src/modules/wallet/subscriptions/renewal.service';
import { createSandboxProvider } from '../src/payments/sandbox-provider';
import { staffMember } from './support/admin-factories';
import { type TestApp, buildTestApp } from './support/build-test-app';
import { demoPlans, subscribeByCard, testClock } from './support/subscription-factories';
import { member, sandboxCardId, tokenFor } from './support/wallet-factories';

/**
 * Issue 34 item 16: the console's manga coin sales report counts what members paid for manga
 * coins: coin packs, and subscriptions (the first payment and each monthly renewal, each an order
 * of its own), which it once left out.
 */
const tokyo = (y: number, m: number, d: number, h = 10) => new TZDate(y, m - 1, d, h, 0, 0, 'Asia/Tokyo').getTime();
const clock = testClock(tokyo(2027, 1, 10));
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ clock });
});
afterAll(() => t.close());
const db = () => t.database.db;

describe('the manga coin sales report', () => {
  it('counts a subscription’s first payment and its renewal beside the coin packs, each on its day, with CSV', async () => {
    const plans = await demoPlans(db());
    const subscriber = await member(t.app);
    expect((await subscribeByCard(t.app, subscriber.cookie, plans.standard)).statusCode).toBe(200);
    const buyer = await member(t.app);
    const token = await tokenFor(t.app, buyer.cookie, '/api/manga_coin/purchase/create_token');
    const shop = (await t.app.inject({ url: '/api/manga_coin/items/v3?payment_type=creditcard&display_scenes=shop' })).json<{
      items: { id: number }[];
    }>().items;
    const bought = await t.app.inject({
      method: 'POST',
      url: `/api/manga_coin/purchase?token=${token}`,
      headers: { cookie: buyer.cookie },
      payload: { itemId: shop[0]!.id, paymentType: 'creditcard', cardId: await sandboxCardId(t.app) },
    });
    expect(bought.statusCode, bought.body).toBe(200);
    const packOrder = await db()
      .selectFrom('orders')
      .select(['total_price', 'coin', 'bonus'])
      .where('user_id', '=', buyer.userId)
      .where('kind', '=', 'MANGA_COIN')
      .executeTakeFirstOrThrow();

    // A month later the renewal charges the kept card: a second order of the subscription.
    clock.set(tokyo(2027, 2, 10, 13));
    expect(await renewDueSubscriptions({ db: db(), provider: createSandboxProvider() }, new Date(clock.now()))).toMatchObject({
      renewed: 1,
    });

    const op = await staffMember(t.app, db(), 'operator');
    const january = (await op.get('/reports/coin_packs?from=2027-01-10&to=2027-01-10')).json();
    expect(january.rows).toEqual([
      {
        source: 'pack',
        paymentType: 'SIMPLY_PAY_CREDIT_CARD',
        orders: 1,
        yen: packOrder.total_price,
        coins: packOrder.coin,
        bonus: packOrder.bonus,
      },
      // Standard plan: 1,000 coins for 1,000 yen, first and monthly bonuses 500 + 100.
      { source: 'subscription', paymentType: 'SIMPLY_PAY_CREDIT_CARD', orders: 1, yen: 1000, coins: 1000, bonus: 600 },
    ]);
    expect(january.total).toMatchObject({ orders: 2, yen: packOrder.total_price + 1000 });
    const february = (await op.get('/reports/coin_packs?from=2027-02-01&to=2027-02-28')).json();
    // The renewal: the second bonus (200) and the monthly one (100).
    expect(february.rows).toEqual([
      { source: 'subscription', paymentType: 'SIMPLY_PAY_CREDIT_CARD', orders: 1, yen: 1000, coins: 1000, bonus: 300 },
    ]);
    const csv = (await op.get('/reports/coin_packs?from=2027-01-01&to=2027-02-28&format=csv')).body;
    expect(csv).toContain('\r\n定期購入,クレジットカード,2,2000,2000,900\r\n');
    expect(csv).toContain('\r\nコインパック,クレジットカード,1,');
  });
});
