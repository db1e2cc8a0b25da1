import { TZDate } from '@date-fns/tz';
import { SandboxTestCard } from '@hondana/domain/wallet/wallet-payments';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { unusedPaidBalance } from '../src/modules/wallet/reports';
import { type TestApp, buildTestApp } from './support/build-test-app';
import { cancelSubscription, demoPlans, shown, subscribeByCard, testCard, testClock } from './support/subscription-factories';
import { grantTo, ledgerInvariant, member, sandboxCardId, tokenFor } from './support/wallet-factories';

/** The subscription API of §7 on a fixed clock: plans, appeal, subscribe, cancel, the member's subscriptions. */
const START = new TZDate(2027, 0, 10, 12, 0, 0, 'Asia/Tokyo').getTime();
const clock = testClock(START);
let t: TestApp;
let plans: Awaited<ReturnType<typeof demoPlans>>;
beforeAll(async () => {
  t = await buildTestApp({ clock });
  plans = await demoPlans(t.database.db);
});
afterAll(() => t.close());

const PLANS = '/api/manga_coin_sales_subscription_plans';
const get = (url: string, cookie?: string) => t.app.inject({ url, headers: cookie ? { cookie } : {} });

describe('plans and the good-value appeal', () => {
  it('lists the plans of a payment type with the §5 bonus percentage and marks the good-value one', async () => {
    const card = (await get(`${PLANS}?payment_type=creditcard`)).json();
    expect(card.plans.map((p: { name: string }) => p.name)).toEqual(['ライトコース', 'スタンダードコース', 'プレミアムコース']);
    expect(card.plans.map((p: { bonusPercentage: number }) => p.bonusPercentage)).toEqual([5, 10, 15]);
    expect(card.plans.find((p: { goodValueFlg: boolean }) => p.goodValueFlg)).toMatchObject({
      name: 'プレミアムコース',
      highlightType: 'bargain',
      paymentType: 'creditcard',
    });
    expect(card.plans[1]).toMatchObject({
      coin: 1000,
      taxIncludedPrice: 1000,
      firstBonus: 500,
      secondBonus: 200,
      cycleBonus: 100,
      highlightType: 'popular',
    });
    const docomo = (await get(`${PLANS}?payment_type=docomo`)).json();
    expect(docomo.plans.map((p: { name: string }) => p.name)).toEqual(['ライトコース', 'スタンダードコース']);
    expect((await get(`${PLANS}/${plans.premium.id}?payment_type=softbank`)).statusCode).toBe(404);
    expect((await get(`${PLANS}/${plans.premium.id}`)).json()).toMatchObject({ id: plans.premium.id, coin: 3000 });
  });

  it('names the missing or bad payment_type (§5)', async () => {
    const missing = await get(PLANS);
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual({ errorCode: 'BAD_REQUEST', messages: ['payment_type: is required'] });
    const bad = await get(`${PLANS}?payment_type=paypay`);
    expect(bad.json().messages[0]).toMatch(/^payment_type: must be one of creditcard, docomo, softbank/);
  });

  it('appeals to a guest and a member without a subscription, and hides for a subscriber', async () => {
    const guest = (await get(`${PLANS}/appeal/good_value?payment_type=creditcard`)).json();
    expect(guest).toMatchObject({
      status: 'ACTIVE',
      loggedIn: false,
      plan: { name: 'プレミアムコース', coin: 3000, cycleBonus: 450, bonusPercentage: 15 },
    });
    const m = await member(t.app);
    expect((await get(`${PLANS}/appeal/good_value`, m.cookie)).json()).toMatchObject({ status: 'ACTIVE', loggedIn: true });
    expect((await subscribeByCard(t.app, m.cookie, plans.light)).statusCode).toBe(200);
    expect((await get(`${PLANS}/appeal/good_value`, m.cookie)).json()).toEqual({
      status: 'SUBSCRIBED',
      loggedIn: true,
      essentiallyFreeFlg: false,
      plan: null,
    });
  });

  it('serves the banner image of the good-value plan', async () => {
    const image = await get(`${PLANS}/image?payment_type=docomo`);
    expect(image.headers['content-type']).toContain('image/svg+xml');
    expect(image.body).toContain('毎月1,000コイン＋ボーナス100コイン（10%）');
  });
});

describe('subscribing by card', () => {
  it('charges the first cycle at once: ACTIVE, paid coins and first and cycle bonuses as lots with Japanese ledger lines', async () => {
    const m = await member(t.app);
    const response = await subscribeByCard(t.app, m.cookie, plans.standard);
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({
      status: 'ACTIVE',
      granted: { coin: 1000, firstBonus: 500, secondBonus: 0, cycleBonus: 100, bonus: 600 },
      balance: 1600,
      subscription: {
        status: 'ACTIVE',
        paymentCount: 1,
        firstBonusFlg: true,
        secondBonusFlg: false,
        card: { brand: 'VISA', last4: '4242' },
        paymentType: 'creditcard',
      },
    });
    expect(body.subscription.cardId).toMatch(/^card_/);
    expect(body.subscription.renewalDatetime).toBe(new TZDate(2027, 1, 10, 12, 0, 0, 'Asia/Tokyo').getTime());
    const lots = await t.database.db.selectFrom('wallet_lots').selectAll().where('user_id', '=', m.userId).orderBy('id').execute();
    expect(lots.map((l) => [l.amount, l.paid, l.yen_value])).toEqual([
      [1000, 1, 1000],
      [500, 0, 0],
      [100, 0, 0],
    ]);
    const history = (await get('/api/manga_coin/history?offset=0&limit=10', m.cookie)).json().history;
    expect(history.map((e: { reason: string }) => e.reason).sort()).toEqual(
      ['マンガコイン定期購入「スタンダードコース」1回目', '定期購入 初回ボーナス', '定期購入 毎月ボーナス'].sort(),
    );
    expect(await ledgerInvariant(t.database.db, m.userId, clock.now())).toMatchObject({ MANGA_COIN: 1600 });
    // The payments history shows the cycle's payment.
    const payments = (await get('/api/order/payments?offset=0&limit=10', m.cookie)).json();
    expect(payments.payments[0]).toMatchObject({
      kind: 'MANGA_COIN',
      status: 'COMPLETE',
      paymentType: 'SIMPLY_PAY_CREDIT_CARD',
      totalPrice: 1000,
      coinItem: { coin: 1000, bonus: 600 },
    });
  });

  it('answers a replayed token with the first answer and charges once', async () => {
    const m = await member(t.app);
    const token = await tokenFor(t.app, m.cookie, `${PLANS}/create_token`);
    const body = { ...shown(plans.light), cardId: await sandboxCardId(t.app) };
    const first = await subscribeByCard(t.app, m.cookie, plans.light, { token, body });
    const again = await subscribeByCard(t.app, m.cookie, plans.light, { token, body });
    expect(again.json()).toEqual(first.json());
    expect(await t.database.db.selectFrom('orders').select('id').where('user_id', '=', m.userId).execute()).toHaveLength(1);
  });

  it('refuses a second subscription (POSSESSION_LIMIT) and allows one again after cancelling, without a second first bonus', async () => {
    const m = await member(t.app);
    expect((await subscribeByCard(t.app, m.cookie, plans.light)).statusCode).toBe(200);
    const second = await subscribeByCard(t.app, m.cookie, plans.standard);
    expect(second.statusCode).toBe(400);
    expect(second.json().errorCode).toBe('POSSESSION_LIMIT');
    expect((await cancelSubscription(t.app, m.cookie, plans.light.id)).statusCode).toBe(200);
    const again = await subscribeByCard(t.app, m.cookie, plans.standard);
    expect(again.statusCode).toBe(200);
    // The member's second paid cycle: the second bonus, not the first again.
    expect(again.json().granted).toEqual({ coin: 1000, bonus: 300, firstBonus: 0, secondBonus: 200, cycleBonus: 100 });
  });

  it('refuses a card subscription whose reCaptchaToken the human check refuses, charging and keeping nothing', async () => {
    const m = await member(t.app);
    const refused = await subscribeByCard(t.app, m.cookie, plans.light, {
      body: { ...shown(plans.light), cardId: await sandboxCardId(t.app), reCaptchaToken: 'fail' },
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ errorCode: 'HUMAN_CHECK_FAILED', messages: ['reCaptchaToken: not verified'] });
    const all = (await get('/api/user_manga_coin_sales_subscriptions/me/by_status?status=ENTRY,ACTIVE,ERROR,CANCEL', m.cookie)).json();
    expect(all.subscriptions).toHaveLength(0);
    expect(await ledgerInvariant(t.database.db, m.userId, clock.now())).toMatchObject({ MANGA_COIN: 0 });
  });

  it('records a declined card as an ERROR subscription and answers SIMPLY_CREDIT_CARD_ERROR, granting nothing', async () => {
    const m = await member(t.app);
    const declined = await subscribeByCard(t.app, m.cookie, plans.light, { card: SandboxTestCard.DECLINED });
    expect(declined.statusCode).toBe(400);
    expect(declined.json()).toEqual({ errorCode: 'SIMPLY_CREDIT_CARD_ERROR', messages: ['DECLINED_CARD: card: declined by the issuer'] });
    const errors = (await get('/api/user_manga_coin_sales_subscriptions/me/by_status?status=ERROR', m.cookie)).json();
    expect(errors.subscriptions).toHaveLength(1);
    expect(errors.subscriptions[0]).toMatchObject({
      status: 'ERROR',
      paymentCount: 0,
      failureCode: 'DECLINED_CARD',
      renewalDatetime: null,
    });
    expect(await ledgerInvariant(t.database.db, m.userId, clock.now())).toMatchObject({ MANGA_COIN: 0 });
    // A failed first payment does not hold the member's one subscription.
    expect((await subscribeByCard(t.app, m.cookie, plans.light)).statusCode).toBe(200);
    // A brand not accepted is refused by the sandbox's card fields already: it never gets a card id.
    const unsupported = await t.app.inject({ method: 'POST', url: '/sandbox/cards', payload: testCard(SandboxTestCard.UNSUPPORTED) });
    expect(unsupported.json()).toEqual({ errorCode: 'UNSUPPORTED_CARD', messages: ['card: this brand is not accepted'] });
  });

  it('refuses a card number sent to the store (400 naming card), keeping and charging nothing', async () => {
    const m = await member(t.app);
    const cardData = testCard();
    for (const body of [
      { ...shown(plans.light), card: cardData },
      { ...shown(plans.light), cardId: await sandboxCardId(t.app), card: cardData },
    ]) {
      const refused = await subscribeByCard(t.app, m.cookie, plans.light, { body });
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toMatchObject({
        errorCode: 'BAD_REQUEST',
        messages: expect.arrayContaining([expect.stringMatching(/^card: /)]),
      });
    }
    expect(
      await t.database.db.selectFrom('user_manga_coin_subscriptions').select('id').where('user_id', '=', m.userId).execute(),
    ).toHaveLength(0);
  });

  it('charges a card the provider already keeps, by cardId, and refuses another member’s cardId', async () => {
    const m = await member(t.app);
    const first = (await subscribeByCard(t.app, m.cookie, plans.light)).json();
    await cancelSubscription(t.app, m.cookie, plans.light.id);
    const byId = await subscribeByCard(t.app, m.cookie, plans.light, {
      body: { ...shown(plans.light), cardId: first.subscription.cardId },
    });
    expect(byId.statusCode, byId.body).toBe(200);
    expect(byId.json().subscription.cardId).toBe(first.subscription.cardId);
    const other = await member(t.app);
    const stolen = await subscribeByCard(t.app, other.cookie, plans.light, {
      body: { ...shown(plans.light), cardId: first.subscription.cardId },
    });
    expect(stolen.json()).toMatchObject({ errorCode: 'SIMPLY_CREDIT_CARD_ERROR', messages: ['INVALID_CARD_ID: cardId: no such card'] });
  });

  it('refuses a plan whose coins or bonuses are not what was shown, or not sold for the payment type (SIMPLY_SUBSCRIBE_ERROR)', async () => {
    const m = await member(t.app);
    const changed = await subscribeByCard(t.app, m.cookie, plans.light, {
      body: { ...shown(plans.light), cycleBonus: 999, cardId: await sandboxCardId(t.app) },
    });
    expect(changed.json()).toEqual({ errorCode: 'SIMPLY_SUBSCRIBE_ERROR', messages: ['coin: the plan is no longer what was shown'] });
    const token = await tokenFor(t.app, m.cookie, `${PLANS}/create_token`);
    const carrier = await t.app.inject({
      method: 'POST',
      url: `${PLANS}/softbank/${plans.premium.id}?token=${token}`,
      headers: { cookie: m.cookie },
      payload: shown(plans.premium),
    });
    expect(carrier.json()).toEqual({ errorCode: 'SIMPLY_SUBSCRIBE_ERROR', messages: ['id: no such plan for this payment type'] });
  });

  it('refuses a cycle that would take the member past the possession cap (COIN_POSESSION_OVER)', async () => {
    const m = await member(t.app);
    // 499,500 held + 500 coins and 325 bonus of the first cycle > 500,000.
    await grantTo(t.database.db, m.userId, 'MANGA_COIN', 499_500, { now: clock.now() });
    const over = await subscribeByCard(t.app, m.cookie, plans.light);
    expect(over.statusCode).toBe(400);
    expect(over.json().errorCode).toBe('COIN_POSESSION_OVER');
    expect(
      await t.database.db.selectFrom('user_manga_coin_subscriptions').select('id').where('user_id', '=', m.userId).execute(),
    ).toHaveLength(0);
  });

  it('names the missing fields of §5: id, token, body', async () => {
    const m = await member(t.app);
    const noToken = await t.app.inject({
      method: 'POST',
      url: `${PLANS}/${plans.light.id}`,
      headers: { cookie: m.cookie },
      payload: { ...shown(plans.light), cardId: await sandboxCardId(t.app) },
    });
    expect(noToken.json().messages).toContain('token: is required');
    const token = await tokenFor(t.app, m.cookie, `${PLANS}/create_token`);
    const noBody = await t.app.inject({ method: 'POST', url: `${PLANS}/${plans.light.id}?token=${token}`, headers: { cookie: m.cookie } });
    expect(noBody.statusCode).toBe(400);
    expect(noBody.json().messages[0]).toBe('coin: is required'); // an empty body is {}: its fields are named
    const noBonus = await t.app.inject({
      method: 'POST',
      url: `${PLANS}/${plans.light.id}?token=${token}`,
      headers: { cookie: m.cookie },
      payload: { coin: 500, firstBonus: 300, cardId: await sandboxCardId(t.app) },
    });
    expect(noBonus.json().messages).toEqual(['cycleBonus: is required']);
    const noCard = await t.app.inject({
      method: 'POST',
      url: `${PLANS}/${plans.light.id}?token=${token}`,
      headers: { cookie: m.cookie },
      payload: shown(plans.light),
    });
    expect(noCard.json().messages).toEqual(['cardId: is required']);
    const badId = await t.app.inject({
      method: 'POST',
      url: `${PLANS}/abc?token=${token}`,
      headers: { cookie: m.cookie },
      payload: shown(plans.light),
    });
    expect(badId.json().messages[0]).toMatch(/^id: /);
    const byStatus = await get('/api/user_manga_coin_sales_subscriptions/me/by_status', m.cookie);
    expect(byStatus.json()).toEqual({ errorCode: 'BAD_REQUEST', messages: ['status: is required'] });
    expect((await get('/api/user_manga_coin_sales_subscriptions/me/by_status?status=PAUSED', m.cookie)).statusCode).toBe(400);
    expect((await get('/api/user_manga_coin_sales_subscriptions/me', m.cookie)).json().messages).toEqual(['id: is required']);
  });

  it('answers 401 to every member call without a session', async () => {
    const calls = [
      ['GET', `${PLANS}/create_token`],
      ['POST', `${PLANS}/${plans.light.id}?token=x`],
      ['POST', `${PLANS}/docomo/${plans.light.id}?token=x`],
      ['DELETE', `${PLANS}/${plans.light.id}?token=x`],
      ['GET', '/api/user_manga_coin_sales_subscriptions/me?id=1'],
      ['GET', '/api/user_manga_coin_sales_subscriptions/me/1'],
      ['GET', '/api/user_manga_coin_sales_subscriptions/me/by_status?status=ACTIVE'],
    ] as const;
    for (const [method, url] of calls) {
      const response = await t.app.inject({
        method,
        url,
        payload: method === 'POST' ? { ...shown(plans.light), cardId: await sandboxCardId(t.app) } : undefined,
      });
      expect(response.statusCode, url).toBe(401);
    }
  });
});

describe('cancelling and the member’s subscriptions', () => {
  it('cancels with a token: CANCEL, no renewal, the paid month’s end shown, coins kept', async () => {
    const m = await member(t.app);
    const subscribed = (await subscribeByCard(t.app, m.cookie, plans.light)).json();
    const cancelled = await cancelSubscription(t.app, m.cookie, plans.light.id);
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json()).toMatchObject({
      status: 'CANCEL',
      renewalDatetime: null,
      endDatetime: subscribed.subscription.renewalDatetime,
      cancelDatetime: clock.now(),
      paymentCount: 1,
    });
    expect(await ledgerInvariant(t.database.db, m.userId, clock.now())).toMatchObject({ MANGA_COIN: 500 + 300 + 25 });
    const again = await cancelSubscription(t.app, m.cookie, plans.light.id);
    expect(again.json()).toEqual({ errorCode: 'SIMPLY_UNSUBSCRIBE_ERROR', messages: ['id: no subscription of this plan to cancel'] });
  });

  it('answers the member’s subscription of a plan, one subscription with its cycles, and a list by status', async () => {
    const m = await member(t.app);
    const id = (await subscribeByCard(t.app, m.cookie, plans.standard)).json().subscription.id;
    const ofPlan = (await get(`/api/user_manga_coin_sales_subscriptions/me?id=${plans.standard.id}`, m.cookie)).json();
    expect(ofPlan.subscription).toMatchObject({ id, planId: plans.standard.id, plan: { name: 'スタンダードコース', bonusPercentage: 10 } });
    expect((await get(`/api/user_manga_coin_sales_subscriptions/me?id=${plans.light.id}`, m.cookie)).json()).toEqual({
      subscription: null,
    });
    const one = (await get(`/api/user_manga_coin_sales_subscriptions/me/${id}`, m.cookie)).json();
    expect(one.cycles).toEqual([
      expect.objectContaining({
        cycle: 1,
        status: 'PAID',
        attempts: 1,
        coin: 1000,
        bonus: 600,
        taxIncludedPrice: 1000,
        paidDatetime: clock.now(),
      }),
    ]);
    expect((await get(`/api/user_manga_coin_sales_subscriptions/me/${id}`, (await member(t.app)).cookie)).statusCode).toBe(404);
    const list = (await get('/api/user_manga_coin_sales_subscriptions/me/by_status?status=ACTIVE,CANCEL', m.cookie)).json();
    expect(list.subscriptions.map((s: { id: number }) => s.id)).toEqual([id]);
  });
});

describe('subscribing by carrier', () => {
  async function subscribeByCarrier(cookie: string, carrier: 'docomo' | 'softbank', plan = plans.standard) {
    const token = await tokenFor(t.app, cookie, `${PLANS}/create_token`);
    return t.app.inject({
      method: 'POST',
      url: `${PLANS}/${carrier}/${plan.id}?token=${token}`,
      headers: { cookie },
      payload: { ...shown(plan), returnUrl: '/mangacoin/subscription?payment_type=docomo' },
    });
  }

  it('waits in ENTRY for the confirmation page, then is ACTIVE with the coins once approved', async () => {
    const m = await member(t.app);
    const entry = await subscribeByCarrier(m.cookie, 'docomo');
    expect(entry.statusCode, entry.body).toBe(200);
    expect(entry.json()).toMatchObject({ status: 'ENTRY', subscription: { status: 'ENTRY', paymentType: 'docomo', card: null } });
    expect(await ledgerInvariant(t.database.db, m.userId, clock.now())).toMatchObject({ MANGA_COIN: 0 });
    const page = await t.app.inject({ url: entry.json().confirmUrl });
    expect(page.body).toContain('ドコモ払い');
    const approved = await t.app.inject({ method: 'POST', url: `${entry.json().confirmUrl}/approve` });
    expect(approved.statusCode).toBe(303);
    expect(approved.headers.location).toMatch(/^\/mangacoin\/subscription\?payment_type=docomo&order_id=\d+&result=COMPLETE$/);
    const active = (await get('/api/user_manga_coin_sales_subscriptions/me/by_status?status=ACTIVE', m.cookie)).json().subscriptions[0];
    expect(active).toMatchObject({ status: 'ACTIVE', paymentCount: 1, firstBonusFlg: true });
    expect(await ledgerInvariant(t.database.db, m.userId, clock.now())).toMatchObject({ MANGA_COIN: 1600 });
  });

  it('ends as CANCEL with nothing granted when the member cancels on the page', async () => {
    const m = await member(t.app);
    const entry = (await subscribeByCarrier(m.cookie, 'softbank')).json();
    await t.app.inject({ method: 'POST', url: `${entry.confirmUrl}/cancel` });
    const cancelled = (await get(`/api/user_manga_coin_sales_subscriptions/me/${entry.subscription.id}`, m.cookie)).json();
    expect(cancelled).toMatchObject({
      status: 'CANCEL',
      failureCode: 'CANCELLED_BY_USER',
      paymentCount: 0,
      cycles: [expect.objectContaining({ status: 'DECLINED' })],
    });
    expect(await ledgerInvariant(t.database.db, m.userId, clock.now())).toMatchObject({ MANGA_COIN: 0 });
    expect((await subscribeByCarrier(m.cookie, 'softbank')).json().status).toBe('ENTRY');
  });
});

describe('資金決済法 report', () => {
  it('counts the unused paid coins of subscriptions at their yen price, like pack coins', async () => {
    const before = await unusedPaidBalance(t.database.db, '2027-01-10');
    const m = await member(t.app);
    await subscribeByCard(t.app, m.cookie, plans.premium);
    const after = await unusedPaidBalance(t.database.db, '2027-01-10');
    expect(after.totalYen - before.totalYen).toBe(3000);
  });
});
