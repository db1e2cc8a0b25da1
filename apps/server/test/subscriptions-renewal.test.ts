import { TZDate } from '@date-fns/tz';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/database';
import { createSandboxProvider } from '../src/payments/sandbox-provider';
import { renewDueSubscriptions } from '../src/modules/wallet/subscriptions/renewal.service';
import { CycleTaken, chargeCycle } from '../src/modules/wallet/subscriptions/subscription-billing.service';
import type { PaymentProvider } from '../src/payments/payment-provider';
import { memberSubscription } from '../src/modules/wallet/subscriptions/subscription.service';
import { type TestApp, buildTestApp } from './support/build-test-app';
import { cancelSubscription, demoPlans, issuerAnswers, shown, subscribeByCard, testClock } from './support/subscription-factories';
import { testDialect } from './support/test-database';
import { grantTo, ledgerInvariant, member, tokenFor } from './support/wallet-factories';

/**
 * Renewals on a clock the test moves (Asia/Tokyo): month-end-safe dates, the first and second
 * bonuses once, a declined renewal's retries, cancel, the possession cap, and concurrent runs.
 */
const tokyo = (y: number, m: number, d: number, h = 10) => new TZDate(y, m - 1, d, h, 0, 0, 'Asia/Tokyo').getTime();
const provider = createSandboxProvider();

let t: TestApp | null = null;
afterEach(async () => {
  await t?.close();
  t = null;
});

async function setup(start: number) {
  const clock = testClock(start);
  t = await buildTestApp({ clock });
  const plans = await demoPlans(t.database.db);
  const db = t.database.db;
  const renew = (at: number) => {
    clock.set(at);
    return renewDueSubscriptions({ db, provider }, new Date(at));
  };
  return { app: t.app, db: t.database.db, clock, plans, renew };
}

/** The member's subscription with its cycles, as `/user_manga_coin_sales_subscriptions/me/{id}` answers (sessions end after 30 days of test clock). */
async function mine(m: { userId: number }, id: number) {
  return memberSubscription(t!.database.db, m.userId, id);
}

describe('renewals on the clock', () => {
  it('the store scheduler renews a due subscription with no one visiting', async () => {
    const { app, clock, plans } = await setup(tokyo(2027, 1, 31));
    const m = await member(app);
    const first = (await subscribeByCard(app, m.cookie, plans.standard)).json();
    clock.set(tokyo(2027, 2, 28));
    const runs = await app.ops.scheduler.runDue();
    expect(runs.find((r) => r.name === 'subscription-renewals')).toMatchObject({ outcome: 'ran', items: 1 });
    expect(await mine(m, first.subscription.id)).toMatchObject({ paymentCount: 2, renewalDatetime: tokyo(2027, 3, 31) });
  });

  it('subscribed on Jan 31 renews on Feb 28 and Mar 31, granting the first and second bonuses once each', async () => {
    const { app, db, plans, renew } = await setup(tokyo(2027, 1, 31));
    const m = await member(app);
    const response = await subscribeByCard(app, m.cookie, plans.standard);
    expect(response.statusCode, response.body).toBe(200);
    const first = response.json();
    expect(first.subscription.renewalDatetime).toBe(tokyo(2027, 2, 28));

    expect(await renew(tokyo(2027, 2, 28) - 1)).toEqual({ renewed: 0, retrying: 0, cancelled: 0, skipped: 0 });
    expect(await renew(tokyo(2027, 2, 28))).toMatchObject({ renewed: 1 });
    // The same run again at the same instant charges nothing more.
    expect(await renew(tokyo(2027, 2, 28))).toMatchObject({ renewed: 0 });
    let sub = await mine(m, first.subscription.id);
    expect(sub).toMatchObject({
      status: 'ACTIVE',
      paymentCount: 2,
      firstBonusFlg: true,
      secondBonusFlg: true,
      renewalDatetime: tokyo(2027, 3, 31),
    });

    expect(await renew(tokyo(2027, 3, 31))).toMatchObject({ renewed: 1 });
    sub = await mine(m, first.subscription.id);
    expect(sub.renewalDatetime).toBe(tokyo(2027, 4, 30));
    expect(sub.cycles!.map((c) => [c.cycle, c.status, c.coin, c.bonus, c.paidDatetime])).toEqual([
      [1, 'PAID', 1000, 600, tokyo(2027, 1, 31)],
      [2, 'PAID', 1000, 300, tokyo(2027, 2, 28)],
      [3, 'PAID', 1000, 100, tokyo(2027, 3, 31)],
    ]);
    const grants = await db
      .selectFrom('wallet_ledger')
      .select(['reason', 'amount'])
      .where('user_id', '=', m.userId)
      .orderBy('id')
      .execute();
    expect(grants.filter((g) => g.reason === '定期購入 初回ボーナス').map((g) => g.amount)).toEqual([500]);
    expect(grants.filter((g) => g.reason === '定期購入 2回目ボーナス').map((g) => g.amount)).toEqual([200]);
    expect(grants.filter((g) => g.reason === '定期購入 毎月ボーナス')).toHaveLength(3);
    expect(grants.filter((g) => g.reason.startsWith('マンガコイン定期購入「スタンダードコース」')).map((g) => g.reason)).toEqual([
      'マンガコイン定期購入「スタンダードコース」1回目',
      'マンガコイン定期購入「スタンダードコース」2回目',
      'マンガコイン定期購入「スタンダードコース」3回目',
    ]);
    const orders = await db.selectFrom('orders').select(['status', 'total_price']).where('user_id', '=', m.userId).execute();
    expect(orders).toEqual(Array(3).fill({ status: 'COMPLETE', total_price: 1000 }));
    expect(await ledgerInvariant(db, m.userId, tokyo(2027, 3, 31))).toMatchObject({ MANGA_COIN: 3000 + 1000 });
  });

  it('moves a declined renewal to ERROR, tries it on each of the next two days, then CANCEL, keeping the coins granted', async () => {
    const { app, db, plans, renew } = await setup(tokyo(2027, 1, 10));
    const m = await member(app);
    const { subscription } = (await subscribeByCard(app, m.cookie, plans.light)).json();
    await issuerAnswers(db, m.userId, 'DECLINED');

    expect(await renew(tokyo(2027, 2, 10))).toMatchObject({ retrying: 1 });
    expect(await mine(m, subscription.id)).toMatchObject({
      status: 'ERROR',
      paymentCount: 1,
      failureCode: 'DECLINED_CARD',
      renewalDatetime: tokyo(2027, 2, 10),
      retryDatetime: tokyo(2027, 2, 11),
    });
    expect(await renew(tokyo(2027, 2, 10, 23))).toMatchObject({ retrying: 0 });
    expect(await renew(tokyo(2027, 2, 11))).toMatchObject({ retrying: 1 });
    expect((await mine(m, subscription.id)).retryDatetime).toBe(tokyo(2027, 2, 12));
    expect(await renew(tokyo(2027, 2, 12))).toMatchObject({ cancelled: 1 });
    const ended = await mine(m, subscription.id);
    expect(ended).toMatchObject({
      status: 'CANCEL',
      paymentCount: 1,
      renewalDatetime: null,
      endDatetime: tokyo(2027, 2, 10),
      retryDatetime: null,
    });
    expect(ended.cycles![1]).toMatchObject({ cycle: 2, status: 'DECLINED', attempts: 3, failureCode: 'DECLINED_CARD' });
    expect(await renew(tokyo(2027, 3, 10))).toMatchObject({ renewed: 0, retrying: 0, cancelled: 0 });
    const orders = await db.selectFrom('orders').select('status').where('user_id', '=', m.userId).orderBy('id').execute();
    expect(orders.map((o) => o.status)).toEqual(['COMPLETE', 'PAYMENT_ERROR', 'PAYMENT_ERROR', 'PAYMENT_ERROR']);
    expect(await ledgerInvariant(db, m.userId, tokyo(2027, 3, 10))).toMatchObject({ MANGA_COIN: 500 + 300 + 25 });
  });

  it('renews on a retry that succeeds, and the next renewal keeps the anchor’s month end', async () => {
    const { app, db, plans, renew } = await setup(tokyo(2027, 1, 31));
    const m = await member(app);
    const { subscription } = (await subscribeByCard(app, m.cookie, plans.light)).json();
    await issuerAnswers(db, m.userId, 'DECLINED');
    expect(await renew(tokyo(2027, 2, 28))).toMatchObject({ retrying: 1 });
    await issuerAnswers(db, m.userId, 'SUCCESS');
    expect(await renew(tokyo(2027, 3, 1))).toMatchObject({ renewed: 1 });
    const sub = await mine(m, subscription.id);
    expect(sub).toMatchObject({
      status: 'ACTIVE',
      paymentCount: 2,
      failureCode: null,
      retryDatetime: null,
      renewalDatetime: tokyo(2027, 3, 31),
      secondBonusFlg: true,
    });
    expect(sub.cycles![1]).toMatchObject({ cycle: 2, status: 'PAID', attempts: 2 });
  });

  it('does not renew a cancelled subscription; its granted coins stay', async () => {
    const { app, db, plans, renew } = await setup(tokyo(2027, 1, 10));
    const m = await member(app);
    await subscribeByCard(app, m.cookie, plans.light);
    expect((await cancelSubscription(app, m.cookie, plans.light.id)).statusCode).toBe(200);
    expect(await renew(tokyo(2027, 2, 10))).toMatchObject({ renewed: 0 });
    expect(await db.selectFrom('orders').select('id').where('user_id', '=', m.userId).execute()).toHaveLength(1);
    expect(await ledgerInvariant(db, m.userId, tokyo(2027, 2, 10))).toMatchObject({ MANGA_COIN: 825 });
  });

  it('charges nothing for a renewal that would pass the possession cap, and retries it', async () => {
    const { app, db, plans, renew } = await setup(tokyo(2027, 1, 10));
    const m = await member(app);
    const { subscription } = (await subscribeByCard(app, m.cookie, plans.light)).json();
    await grantTo(db, m.userId, 'MANGA_COIN', 499_000, { now: tokyo(2027, 1, 10), expiresAt: tokyo(2028, 1, 1) });
    expect(await renew(tokyo(2027, 2, 10))).toMatchObject({ retrying: 1 });
    expect(await mine(m, subscription.id)).toMatchObject({ status: 'ERROR', failureCode: 'COIN_POSESSION_OVER' });
    expect(await db.selectFrom('orders').select('id').where('user_id', '=', m.userId).execute()).toHaveLength(1);
  });

  it('renews a docomo subscription without a confirmation page once the first payment was agreed there', async () => {
    const { app, db, plans, renew } = await setup(tokyo(2027, 1, 10));
    const m = await member(app);
    const token = await tokenFor(app, m.cookie, '/api/manga_coin_sales_subscription_plans/create_token');
    const entry = await app.inject({
      method: 'POST',
      url: `/api/manga_coin_sales_subscription_plans/docomo/${plans.light.id}?token=${token}`,
      headers: { cookie: m.cookie },
      payload: shown(plans.light),
    });
    await app.inject({ method: 'POST', url: `${entry.json().confirmUrl}/approve` });
    expect(await renew(tokyo(2027, 2, 10))).toMatchObject({ renewed: 1 });
    const orders = await db.selectFrom('orders').select(['status', 'payment_type']).where('user_id', '=', m.userId).execute();
    expect(orders).toEqual([
      { status: 'COMPLETE', payment_type: 'DOCOMO' },
      { status: 'COMPLETE', payment_type: 'DOCOMO' },
    ]);
    expect(await mine(m, entry.json().subscription.id)).toMatchObject({
      status: 'ACTIVE',
      paymentCount: 2,
      renewalDatetime: tokyo(2027, 3, 10),
    });
  });

  it('ends a withdrawn member’s subscription instead of charging it', async () => {
    const { app, db, plans, renew } = await setup(tokyo(2027, 1, 10));
    const m = await member(app);
    const { subscription } = (await subscribeByCard(app, m.cookie, plans.light)).json();
    await db
      .updateTable('users')
      .set({ withdrawn_at: tokyo(2027, 1, 20) })
      .where('id', '=', m.userId)
      .execute();
    expect(await renew(tokyo(2027, 2, 10))).toMatchObject({ renewed: 0, cancelled: 1 });
    expect(await mine(m, subscription.id)).toMatchObject({ status: 'CANCEL', failureCode: 'WITHDRAWN' });
    expect(await db.selectFrom('orders').select('id').where('user_id', '=', m.userId).execute()).toHaveLength(1);
  });

  it('skips the months a stopped store missed instead of charging them in a burst', async () => {
    const { app, plans, renew } = await setup(tokyo(2027, 1, 31));
    const m = await member(app);
    const { subscription } = (await subscribeByCard(app, m.cookie, plans.light)).json();
    expect(await renew(tokyo(2027, 5, 2))).toMatchObject({ renewed: 1 });
    expect(await mine(m, subscription.id)).toMatchObject({ paymentCount: 2, renewalDatetime: tokyo(2027, 5, 31) });
  });
});

describe('one charge per subscription and cycle', () => {
  it('refuses a second charge of a cycle by its unique key, even for a run that bypassed the claim', async () => {
    const { app, db, plans } = await setup(tokyo(2027, 1, 31));
    const m = await member(app);
    const { subscription } = (await subscribeByCard(app, m.cookie, plans.light)).json();
    const stale = await db
      .selectFrom('user_manga_coin_subscriptions')
      .selectAll()
      .where('id', '=', subscription.id)
      .executeTakeFirstOrThrow();
    const charge = () =>
      db
        .transaction()
        .execute((trx) => chargeCycle(trx, provider, stale, { recurring: true, returnUrl: '/', now: new Date(tokyo(2027, 2, 28)) }));
    expect((await charge()).kind).toBe('PAID');
    await expect(charge()).rejects.toThrow(CycleTaken);
    expect(await db.selectFrom('orders').select('id').where('user_id', '=', m.userId).execute()).toHaveLength(2);
  });

  it('postpones a subscription whose renewal fails unexpectedly by an hour, and renews the others', async () => {
    const { app, db, plans } = await setup(tokyo(2027, 1, 10));
    const [a, b] = [await member(app), await member(app)];
    await subscribeByCard(app, a.cookie, plans.light);
    await subscribeByCard(app, b.cookie, plans.light);
    const broken: PaymentProvider = {
      ...provider,
      start: async (trx, request) => {
        if (request.userId === a.userId) throw new Error('provider unreachable');
        return provider.start(trx, request);
      },
    };
    const errors: object[] = [];
    const report = await renewDueSubscriptions(
      { db, provider: broken, log: { error: (details) => void errors.push(details) } },
      new Date(tokyo(2027, 2, 10)),
    );
    expect(report).toMatchObject({ renewed: 1, skipped: 1 });
    expect(errors).toHaveLength(1);
    const postponed = await db
      .selectFrom('user_manga_coin_subscriptions')
      .select(['next_attempt_at', 'status'])
      .where('user_id', '=', a.userId)
      .executeTakeFirstOrThrow();
    expect(postponed).toEqual({ next_attempt_at: tokyo(2027, 2, 10, 11), status: 'ACTIVE' });
    expect(await db.selectFrom('orders').select('id').where('user_id', '=', a.userId).execute()).toHaveLength(1);
  });
});

describe('concurrent renewal runs', () => {
  async function dueMembers(count: number) {
    const ctx = await setup(tokyo(2027, 1, 31));
    const members = [];
    for (let i = 0; i < count; i += 1) {
      const m = await member(ctx.app);
      expect((await subscribeByCard(ctx.app, m.cookie, ctx.plans.standard)).statusCode).toBe(200);
      members.push(m);
    }
    return { ...ctx, members };
  }

  async function expectEachChargedTwice(ctx: Awaited<ReturnType<typeof dueMembers>>) {
    const cycles = await ctx.db.selectFrom('manga_coin_subscription_cycles').select(['subscription_id', 'cycle', 'status']).execute();
    expect(cycles).toHaveLength(ctx.members.length * 2);
    expect(cycles.every((c) => c.status === 'PAID')).toBe(true);
    for (const m of ctx.members) {
      const orders = await ctx.db.selectFrom('orders').select('status').where('user_id', '=', m.userId).execute();
      expect(orders.map((o) => o.status)).toEqual(['COMPLETE', 'COMPLETE']);
      expect(await ledgerInvariant(ctx.db, m.userId, tokyo(2027, 2, 28))).toMatchObject({ MANGA_COIN: 1600 + 1300 });
    }
  }

  it('charges each due subscription once when several runs overlap in one process', async () => {
    const ctx = await dueMembers(12);
    const now = new Date(tokyo(2027, 2, 28));
    const reports = await Promise.all(Array.from({ length: 4 }, () => renewDueSubscriptions({ db: ctx.db, provider }, now)));
    expect(reports.reduce((s, r) => s + r.renewed, 0)).toBe(12);
    await expectEachChargedTwice(ctx);
  });

  it.skipIf(testDialect !== 'postgres')(
    'charges each due subscription once when two app instances on one PostgreSQL run at the same instant',
    async () => {
      const ctx = await dueMembers(20);
      const second = openDatabase({ databaseUrl: t!.database.databaseUrl, poolSize: 4 });
      try {
        const now = new Date(tokyo(2027, 2, 28));
        const runs = [ctx.db, second.db, ctx.db, second.db].map((db) => renewDueSubscriptions({ db, provider }, now));
        const reports = await Promise.all(runs);
        expect(reports.reduce((s, r) => s + r.renewed, 0)).toBe(20);
        // Each instance took some of them (SKIP LOCKED spreads the work), and nothing was charged twice.
        expect(reports.reduce((s, r) => s + r.skipped, 0)).toBe(0);
        await expectEachChargedTwice(ctx);
        expect((await renewDueSubscriptions({ db: second.db, provider }, now)).renewed).toBe(0);
      } finally {
        await second.destroy();
      }
    },
  );
});
