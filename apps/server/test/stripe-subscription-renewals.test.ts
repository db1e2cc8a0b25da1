import { TZDate } from '@date-fns/tz';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ErrorCode } from '@hondana/domain/common/errors';
import type { Kysely } from 'kysely';
import type { Database } from '../src/db/schema';
import { type StripePayments, createStripeProvider } from '../src/payments/stripe-provider';
import { renewDueSubscriptions } from '../src/modules/wallet/subscriptions/renewal.service';
import { rememberStripeCustomer, stripeCustomerOf } from '../src/modules/wallet/subscriptions/subscriptions.repository';
import { memberSubscription } from '../src/modules/wallet/subscriptions/subscription.service';
import { type TestApp, buildTestApp, secondInstance } from './support/build-test-app';
import { testDialect } from './support/test-database';
import { type StripeStandIn, startStripeStandIn } from './support/stripe-server';
import { createMember, signUp } from './support/members';
import { cancelSubscription, demoPlans, shown, subscribeByCard, testClock } from './support/subscription-factories';
import { ledgerInvariant, member, tokenFor } from './support/wallet-factories';

/**
 * Keeps a card (a PaymentMethod from Stripe.js) for the member's renewals, as a change of card
 * would: a SetupIntent on the member's Customer (made once and remembered). Answers the §8 code
 * of a refused card. (No store page changes the card yet; the renewals' tests use it.)
 */
async function saveStripeCard(
  db: Kysely<Database>,
  stripe: StripePayments,
  input: { userId: number; paymentMethod: string; now: number },
): Promise<{ ok: true } | { ok: false; errorCode: ErrorCode }> {
  const known = await stripeCustomerOf(db, input.userId);
  const saved = await stripe.saveCard({ userId: input.userId, paymentMethod: input.paymentMethod, customerId: known });
  if (!known) await rememberStripeCustomer(db, input.userId, saved.customerId, input.now);
  return saved.kind === 'SAVED' ? { ok: true } : { ok: false, errorCode: saved.errorCode };
}

/**
 * Subscription renewals through Stripe (issue 39): on the store's schedule, the saved card
 * (a SetupIntent on the member's Customer) charged off-session between two transactions. A card
 * that asks for authentication, or a declined one, marks the renewal failed (§4: ERROR, retried on
 * each of the next two days, then CANCEL) and mails the member.
 *
 * Subscribing: after the subscribe's transaction the first cycle is charged on-session on the
 * member's Customer, keeping the card (a PaymentMethod from Stripe.js) for the renewals
 * (`setup_future_usage`); 3-D Secure, if the bank asks, is passed on the page.
 */
const tokyo = (y: number, m: number, d: number, h = 10) => new TZDate(y, m - 1, d, h, 0, 0, 'Asia/Tokyo').getTime();

// Each test has a fresh database (order ids start again), so a fresh Stripe too (idempotency keys are the order ids).
let stripe: StripeStandIn;
beforeEach(async () => {
  stripe = await startStripeStandIn();
});
let t: TestApp | null = null;
afterEach(async () => {
  await t?.close();
  t = null;
  await stripe.close();
});

async function stripeApp() {
  const clock = testClock(tokyo(2027, 1, 10));
  const provider = createStripeProvider(stripe.config);
  t = await buildTestApp({ clock, paymentProvider: provider });
  stripe.now = () => clock.now();
  const plans = await demoPlans(t.database.db);
  return { app: t.app, db: t.database.db, clock, provider, plans };
}

/** `POST /manga_coin_sales_subscription_plans/{id}` with the PaymentMethod Stripe.js made of the card. */
const subscribeWith = (app: TestApp['app'], cookie: string, plan: Parameters<typeof shown>[0], paymentMethod: string) =>
  subscribeByCard(app, cookie, plan, { body: { ...shown(plan), cardId: paymentMethod, reCaptchaToken: 'sandbox' } });

async function subscribedWithStripeCard(paymentMethod: string) {
  const { app, db, clock, provider, plans } = await stripeApp();
  const m = await member(app);
  const first = await subscribeWith(app, m.cookie, plans.standard, paymentMethod);
  expect(first.statusCode, first.body).toBe(200);
  // The card as the page names it, from Stripe's charge (the store never had the number).
  expect(first.json()).toMatchObject({
    status: 'ACTIVE',
    subscription: { status: 'ACTIVE', paymentCount: 1, card: { brand: 'VISA', last4: '4242' } },
  });
  const subscriptionId = first.json().subscription.id as number;
  const renew = (at: number) => {
    clock.set(at);
    stripe.now = () => at;
    return renewDueSubscriptions({ db, provider }, new Date(at));
  };
  /**
   * The member's bank starts treating the saved card otherwise (as `issuerAnswers` does for the
   * sandbox): here the subscription's card becomes another PaymentMethod, saved on the same Customer.
   */
  const cardBecomes = async (other: string) => {
    expect(await saveStripeCard(db, provider.stripe, { userId: m.userId, paymentMethod: other, now: clock.now() })).toEqual({ ok: true });
    await db.updateTable('user_manga_coin_subscriptions').set({ card_id: other }).where('id', '=', subscriptionId).execute();
  };
  const mails = async (kind: string) =>
    db.selectFrom('mail_outbox').select(['kind', 'payload']).where('user_id', '=', m.userId).where('kind', '=', kind).execute();
  return { app, db, m, plan: plans.standard, subscriptionId, renew, mails, clock, provider, cardBecomes };
}

const ordersOf = (db: TestApp['database']['db'], userId: number, kind = 'MANGA_COIN_SUBSCRIPTION') =>
  db.selectFrom('orders').selectAll().where('user_id', '=', userId).where('kind', '=', kind).orderBy('id').execute();

describe('subscribing through Stripe', () => {
  it('a refused card: 400 SIMPLY_CREDIT_CARD_ERROR naming the §8 code, the subscription ERROR, nothing granted', async () => {
    const { app, db, plans } = await stripeApp();
    const m = await member(app);
    const r = await subscribeWith(app, m.cookie, plans.standard, 'pm_card_chargeDeclinedInsufficientFunds');
    expect([r.statusCode, r.json().errorCode]).toEqual([400, 'SIMPLY_CREDIT_CARD_ERROR']);
    expect(JSON.stringify(r.json().messages)).toContain('USER_CREDIT_CARD_LIMIT_EXCEEDED');
    const sub = await db.selectFrom('user_manga_coin_subscriptions').selectAll().where('user_id', '=', m.userId).executeTakeFirstOrThrow();
    expect(sub).toMatchObject({ status: 'ERROR', payment_count: 0 });
    expect((await ledgerInvariant(db, m.userId, Date.now())).MANGA_COIN).toBe(0);
    // A card that attaches but is declined when charged: the same.
    const other = await member(app);
    const declined = await subscribeWith(app, other.cookie, plans.standard, 'pm_card_chargeCustomerFail');
    expect([declined.statusCode, declined.json().errorCode]).toEqual([400, 'SIMPLY_CREDIT_CARD_ERROR']);
    expect((await ordersOf(db, other.userId)).map((o) => o.status)).toEqual(['PAYMENT_ERROR']);
  });
});

const webhook = (app: TestApp['app'], { payload, signature }: { payload: string; signature: string }) =>
  app.inject({
    method: 'POST',
    url: '/api/payments/stripe/webhook',
    headers: { 'content-type': 'application/json', 'stripe-signature': signature },
    payload,
  });
const intentOfOrder = (orderId: number) => [...stripe.intents.values()].find((i) => i.metadata.order_id === String(orderId))!;

describe('the first payment on-session, with 3-D Secure when the bank asks', () => {
  it('3-D Secure asked: ENTRY with the client secret and nothing granted; the signed webhook starts it, once; renewals then go off-session', async () => {
    const { app, db, clock, provider, plans } = await stripeApp();
    const m = await member(app);
    const r = await subscribeWith(app, m.cookie, plans.standard, 'pm_card_authenticationRequiredOnSetup');
    expect(r.statusCode, r.body).toBe(200);
    const body = r.json<{ status: string; orderId: number; clientSecret: string; subscription: { id: number; status: string } }>();
    const intent = intentOfOrder(body.orderId);
    // On-session (off-session, Stripe would have refused it with authentication_required), on the
    // member's Customer, keeping the card for the renewals.
    expect(intent).toMatchObject({
      status: 'requires_action',
      setup_future_usage: 'off_session',
      amount: plans.standard.tax_included_price,
    });
    expect(intent.customer).toMatch(/^cus_/);
    expect(body).toMatchObject({ status: 'ENTRY', clientSecret: intent.client_secret, subscription: { status: 'ENTRY' } });
    const order = () => db.selectFrom('orders').selectAll().where('id', '=', body.orderId).executeTakeFirstOrThrow();
    expect(await order()).toMatchObject({ status: 'PROCESSING', provider_ref: intent.id });
    expect((await ledgerInvariant(db, m.userId, clock.now())).MANGA_COIN).toBe(0);

    // The page passed 3-D Secure with Stripe.js; Stripe's webhook comes, twice at once and once more.
    stripe.authenticate(intent.id);
    const event = stripe.event('payment_intent.succeeded', intent.id);
    const answers = await Promise.all([
      webhook(app, event),
      webhook(app, event),
      webhook(app, stripe.event('payment_intent.succeeded', intent.id)),
    ]);
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200]);
    expect(await order()).toMatchObject({ status: 'COMPLETE', card_last4: '3155' });
    expect(await memberSubscription(db, m.userId, body.subscription.id)).toMatchObject({
      status: 'ACTIVE',
      paymentCount: 1,
      card: { brand: 'VISA', last4: '3155' },
    });
    const coins = (await ledgerInvariant(db, m.userId, clock.now())).MANGA_COIN;
    expect(coins).toBe(plans.standard.coin + plans.standard.first_bonus + plans.standard.cycle_bonus);
    const paidLines = await db
      .selectFrom('wallet_ledger')
      .select('reason')
      .where('order_id', '=', body.orderId)
      .where('kind', '=', 'GRANT')
      .execute();
    expect(paidLines.filter((l) => l.reason.startsWith('マンガコイン定期購入'))).toHaveLength(1);

    // The renewal charges the card kept by the first payment off-session, with no authentication asked.
    const at = tokyo(2027, 2, 10);
    clock.set(at);
    stripe.now = () => at;
    expect(await renewDueSubscriptions({ db, provider }, new Date(at))).toMatchObject({ renewed: 1 });
    const renewal = (await ordersOf(db, m.userId)).at(-1)!;
    expect(renewal).toMatchObject({ status: 'COMPLETE' });
    expect(intentOfOrder(renewal.id)).toMatchObject({ status: 'succeeded', customer: intent.customer });
    expect(stripe.calls.some((c) => c.path === '/v1/setup_intents')).toBe(false);
  });

  it('3-D Secure failed on the page: the subscription ERROR with nothing granted; an unanswered one ends at the time limit', async () => {
    const { app, db, clock, provider, plans } = await stripeApp();
    const m = await member(app);
    const body = (await subscribeWith(app, m.cookie, plans.standard, 'pm_card_threeDSecure2Required')).json<{
      orderId: number;
      subscription: { id: number };
    }>();
    const intent = intentOfOrder(body.orderId);
    Object.assign(intent, {
      status: 'requires_payment_method',
      next_action: null,
      last_payment_error: {
        type: 'card_error',
        code: 'payment_intent_authentication_failure',
        message: 'The provided PaymentMethod has failed authentication.',
      },
    });
    expect((await webhook(app, stripe.event('payment_intent.payment_failed', intent.id))).statusCode).toBe(200);
    expect(await memberSubscription(db, m.userId, body.subscription.id)).toMatchObject({ status: 'ERROR', paymentCount: 0 });
    expect(intent.status).toBe('canceled');
    expect((await ordersOf(db, m.userId)).map((o) => o.status)).toEqual(['PAYMENT_ERROR']);

    const other = await member(app);
    const left = (await subscribeWith(app, other.cookie, plans.standard, 'pm_card_threeDSecure2Required')).json<{
      orderId: number;
      subscription: { id: number };
    }>();
    const run = async (at: number) => {
      clock.set(at);
      stripe.now = () => at;
      await renewDueSubscriptions({ db, provider }, new Date(at));
    };
    await run(clock.now() + 11 * 60 * 1000); // past the renewals' lease, within 3-D Secure's time limit: it waits
    expect(await memberSubscription(db, other.userId, left.subscription.id)).toMatchObject({ status: 'ENTRY' });
    await run(clock.now() + 30 * 60 * 1000);
    expect(await memberSubscription(db, other.userId, left.subscription.id)).toMatchObject({ status: 'ERROR', paymentCount: 0 });
    expect(intentOfOrder(left.orderId).status).toBe('canceled');
    expect((await ledgerInvariant(db, other.userId, clock.now())).MANGA_COIN).toBe(0);
    // No renewal mail for a subscription that never started.
    expect(
      await db
        .selectFrom('mail_outbox')
        .select('kind')
        .where('user_id', '=', other.userId)
        .where('kind', 'like', 'SUBSCRIPTION_RENEWAL%')
        .execute(),
    ).toEqual([]);
  });
});

describe('ending a subscription whose first payment waits on 3-D Secure', () => {
  /** A member whose subscription's first payment asks for 3-D Secure: ENTRY, its order PROCESSING, its intent requires_action. */
  async function waitingOn3ds(makeMember: (app: TestApp['app']) => Promise<{ cookie: string; userId: number }> = member) {
    const env = await stripeApp();
    const who = await makeMember(env.app);
    const r = await subscribeWith(env.app, who.cookie, env.plans.standard, 'pm_card_threeDSecure2Required');
    const body = r.json<{ status: string; orderId: number; subscription: { id: number } }>();
    expect(body.status, r.body).toBe('ENTRY');
    const intent = intentOfOrder(body.orderId);
    expect(intent.status).toBe('requires_action');
    const order = () => env.db.selectFrom('orders').selectAll().where('id', '=', body.orderId).executeTakeFirstOrThrow();
    const coins = async () => (await ledgerInvariant(env.db, who.userId, env.clock.now())).MANGA_COIN;
    return { ...env, m: who, orderId: body.orderId, subscriptionId: body.subscription.id, intent, order, coins };
  }
  const monthOfCoins = (plan: { coin: number; first_bonus: number; cycle_bonus: number }) =>
    plan.coin + plan.first_bonus + plan.cycle_bonus;

  it('the member cancels while waiting: the intent is cancelled at Stripe, the order CANCEL, nothing charged or granted; passing the challenge later takes nothing', async () => {
    const { app, db, m, plans, orderId, subscriptionId, intent, order, coins } = await waitingOn3ds();
    const r = await cancelSubscription(app, m.cookie, plans.standard.id);
    expect(r.statusCode, r.body).toBe(200);
    expect(intent).toMatchObject({ status: 'canceled', latest_charge: null, amount_received: 0 });
    expect(stripe.calls.filter((c) => c.path === `/v1/payment_intents/${intent.id}/cancel`)).toHaveLength(1);
    expect(await order()).toMatchObject({ status: 'CANCEL', failure_code: 'CANCELLED_BY_USER' });
    expect(await memberSubscription(db, m.userId, subscriptionId)).toMatchObject({ status: 'CANCEL', paymentCount: 0 });
    const cycle = await db
      .selectFrom('manga_coin_subscription_cycles')
      .selectAll()
      .where('order_id', '=', orderId)
      .executeTakeFirstOrThrow();
    expect(cycle.status).toBe('DECLINED');
    expect(await coins()).toBe(0);
    // Stripe's event of the cancelled intent, and the page trying the challenge now: nothing changes, nothing is taken.
    expect((await webhook(app, stripe.event('payment_intent.canceled', intent.id))).statusCode).toBe(200);
    expect(await order()).toMatchObject({ status: 'CANCEL' });
    // The member may subscribe again (the ended one holds nothing).
    expect((await subscribeWith(app, m.cookie, plans.standard, 'pm_card_visa')).json()).toMatchObject({ status: 'ACTIVE' });
  });

  it('the member passed the challenge just before cancelling (the webhook not yet come): the month is paid with its coins, once, and nothing renews', async () => {
    const { app, db, m, plans, provider, clock, orderId, subscriptionId, intent, order, coins } = await waitingOn3ds();
    stripe.authenticate(intent.id); // succeeded at Stripe; its webhook races the cancel
    const [cancelled, heard] = await Promise.all([
      cancelSubscription(app, m.cookie, plans.standard.id),
      webhook(app, stripe.event('payment_intent.succeeded', intent.id)),
    ]);
    expect([cancelled.statusCode, heard.statusCode]).toEqual([200, 200]);
    expect((await webhook(app, stripe.event('payment_intent.succeeded', intent.id))).statusCode).toBe(200);
    expect(intent.status).toBe('succeeded');
    expect(await order()).toMatchObject({ status: 'COMPLETE', provider_ref: intent.id });
    expect(await coins()).toBe(monthOfCoins(plans.standard));
    const paidLines = await db
      .selectFrom('wallet_ledger')
      .select('reason')
      .where('order_id', '=', orderId)
      .where('kind', '=', 'GRANT')
      .execute();
    expect(paidLines.filter((l) => l.reason.startsWith('マンガコイン定期購入'))).toHaveLength(1);
    const sub = await memberSubscription(db, m.userId, subscriptionId);
    expect(sub).toMatchObject({ status: 'CANCEL', paymentCount: 1, renewalDatetime: null });
    expect(sub.endDatetime).toBe(tokyo(2027, 2, 10));
    // A month on: no renewal is charged.
    const at = tokyo(2027, 2, 11);
    clock.set(at);
    stripe.now = () => at;
    expect(await renewDueSubscriptions({ db, provider }, new Date(at))).toMatchObject({ renewed: 0 });
    expect((await ordersOf(db, m.userId)).map((o) => o.status)).toEqual(['COMPLETE']);
  });

  it('the cancel answered first, the challenge passed before Stripe heard the cancel: settled as paid by the cancel itself, then the webhook changes nothing', async () => {
    const { app, db, m, plans, subscriptionId, intent, order, coins } = await waitingOn3ds();
    stripe.authenticate(intent.id);
    expect((await cancelSubscription(app, m.cookie, plans.standard.id)).statusCode).toBe(200);
    expect(await order()).toMatchObject({ status: 'COMPLETE' });
    expect(await coins()).toBe(monthOfCoins(plans.standard));
    expect((await webhook(app, stripe.event('payment_intent.succeeded', intent.id))).statusCode).toBe(200);
    expect(await coins()).toBe(monthOfCoins(plans.standard));
    expect(await memberSubscription(db, m.userId, subscriptionId)).toMatchObject({ status: 'CANCEL', paymentCount: 1 });
  });

  it('Stripe unreachable at the cancel: the reconciliation cancels the intent on a later run', async () => {
    const { app, db, m, plans, provider, clock, subscriptionId, intent, order, coins } = await waitingOn3ds();
    // The cancel's own call to Stripe fails (its answer lost): the cancel still answers.
    const realCancel = provider.stripe.cancelIntent;
    provider.stripe.cancelIntent = () => Promise.reject(new Error('ECONNRESET'));
    expect((await cancelSubscription(app, m.cookie, plans.standard.id)).statusCode).toBe(200);
    provider.stripe.cancelIntent = realCancel;
    expect(await order()).toMatchObject({ status: 'PROCESSING' });
    const at = clock.now() + 11 * 60 * 1000; // past the lease, within 3-D Secure's time limit: an ended one does not wait for it
    clock.set(at);
    stripe.now = () => at;
    await renewDueSubscriptions({ db, provider }, new Date(at));
    expect(intent.status).toBe('canceled');
    expect(await order()).toMatchObject({ status: 'CANCEL' });
    expect(await coins()).toBe(0);
    expect(await memberSubscription(db, m.userId, subscriptionId)).toMatchObject({ status: 'CANCEL', paymentCount: 0 });
  });

  it('the member withdraws while waiting: the intent is cancelled at Stripe and the order CANCEL (WITHDRAWN), nothing charged', async () => {
    const input = createMember();
    const signedUp = async (app: TestApp['app']) => {
      const cookie = await signUp(app, input);
      return {
        cookie,
        userId: (await app.inject({ url: '/api/common/get_status', headers: { cookie } })).json<{ userId: number }>().userId,
      };
    };
    const { app, db, m, subscriptionId, intent, order, coins } = await waitingOn3ds(signedUp);
    expect(
      (
        await app.inject({
          method: 'POST',
          url: '/api/user/reauthenticate',
          headers: { cookie: m.cookie },
          payload: { password: input.password },
        })
      ).statusCode,
    ).toBe(200);
    const token = await tokenFor(app, m.cookie, '/api/user/create_token');
    expect((await app.inject({ url: `/api/user/withdrawal?token=${token}`, headers: { cookie: m.cookie } })).statusCode).toBe(200);
    expect(intent).toMatchObject({ status: 'canceled', latest_charge: null, amount_received: 0 });
    expect(await order()).toMatchObject({ status: 'CANCEL', failure_code: 'WITHDRAWN' });
    expect(await memberSubscription(db, m.userId, subscriptionId)).toMatchObject({ status: 'CANCEL', paymentCount: 0 });
    expect(await coins()).toBe(0);
  });
});

describe('subscription renewals through Stripe', () => {
  it('keeps the card on a Customer with the first payment, then renews on schedule off-session, once even if run twice', async () => {
    const s = await subscribedWithStripeCard('pm_card_visa');
    const customer = await s.db.selectFrom('stripe_customers').selectAll().where('user_id', '=', s.m.userId).executeTakeFirstOrThrow();
    expect(customer.customer_id).toMatch(/^cus_/);
    expect(stripe.calls.filter((c) => c.path === '/v1/customers').at(-1)?.idempotencyKey).toBe(`hondana-customer-${s.m.userId}`);
    const before = (await ledgerInvariant(s.db, s.m.userId, tokyo(2027, 2, 10))).MANGA_COIN;

    const report = await s.renew(tokyo(2027, 2, 10));
    expect(report).toMatchObject({ renewed: 1, retrying: 0, cancelled: 0 });
    const again = await s.renew(tokyo(2027, 2, 10, 11));
    expect(again).toMatchObject({ renewed: 0 });
    const orders = await ordersOf(s.db, s.m.userId);
    const renewal = orders.at(-1)!;
    const intent = [...stripe.intents.values()].find((i) => i.metadata.order_id === String(renewal.id))!;
    expect(renewal).toMatchObject({ status: 'COMPLETE', provider_ref: intent.id, card_last4: '4242' });
    expect(intent).toMatchObject({ amount: s.plan.tax_included_price, customer: customer.customer_id, status: 'succeeded' });
    expect(stripe.calls.filter((c) => c.path === '/v1/payment_intents' && c.idempotencyKey === `hondana-order-${renewal.id}`)).toHaveLength(
      1,
    );
    expect(await memberSubscription(s.db, s.m.userId, s.subscriptionId)).toMatchObject({ status: 'ACTIVE', paymentCount: 2 });
    expect((await ledgerInvariant(s.db, s.m.userId, tokyo(2027, 2, 10, 12))).MANGA_COIN).toBeGreaterThan(before);
    expect(await s.mails('SUBSCRIPTION_RENEWED')).toHaveLength(1);
  });

  it('a card that asks for authentication off-session: the renewal fails (ERROR), the member is mailed, retried the next two days, then CANCEL', async () => {
    const s = await subscribedWithStripeCard('pm_card_visa');
    await s.cardBecomes('pm_card_authenticationRequired');
    expect(await s.renew(tokyo(2027, 2, 10))).toMatchObject({ retrying: 1 });
    const failed = (await ordersOf(s.db, s.m.userId)).at(-1)!;
    expect(failed).toMatchObject({ status: 'PAYMENT_ERROR', failure_code: 'DECLINED_CARD' });
    expect(await memberSubscription(s.db, s.m.userId, s.subscriptionId)).toMatchObject({ status: 'ERROR', paymentCount: 1 });
    const mails = await s.mails('SUBSCRIPTION_RENEWAL_FAILED');
    expect(mails).toHaveLength(1);
    expect(JSON.parse(mails[0]!.payload)).toMatchObject({ cancelled: false });

    expect(await s.renew(tokyo(2027, 2, 11))).toMatchObject({ retrying: 1 });
    expect(await s.renew(tokyo(2027, 2, 12))).toMatchObject({ cancelled: 1 });
    expect(await memberSubscription(s.db, s.m.userId, s.subscriptionId)).toMatchObject({ status: 'CANCEL', paymentCount: 1 });
    const all = await s.mails('SUBSCRIPTION_RENEWAL_FAILED');
    expect(all).toHaveLength(3);
    expect(JSON.parse(all.at(-1)!.payload)).toMatchObject({ cancelled: true });
    expect(await s.renew(tokyo(2027, 2, 20))).toMatchObject({ renewed: 0, retrying: 0, cancelled: 0 });
    // Nothing was taken: every renewal intent is unpaid.
    const renewals = (await ordersOf(s.db, s.m.userId)).slice(1);
    for (const o of renewals) expect(o.status).toBe('PAYMENT_ERROR');
  });

  it('a declined card: the renewal fails with the §8 code and the member is mailed', async () => {
    const s = await subscribedWithStripeCard('pm_card_visa');
    await s.cardBecomes('pm_card_chargeCustomerFail');
    expect(await s.renew(tokyo(2027, 2, 10))).toMatchObject({ retrying: 1 });
    expect((await ordersOf(s.db, s.m.userId)).at(-1)).toMatchObject({ status: 'PAYMENT_ERROR', failure_code: 'DECLINED_CARD' });
    expect(await s.mails('SUBSCRIPTION_RENEWAL_FAILED')).toHaveLength(1);
  });

  /** A renewal whose answer from Stripe was lost, then Stripe's event of it delivered to `apps`, four times at once. */
  async function lostRenewalThenEvents(apps: (s: Awaited<ReturnType<typeof subscribedWithStripeCard>>) => Promise<TestApp['app'][]>) {
    const s = await subscribedWithStripeCard('pm_card_visa');
    const coinsBefore = (await ledgerInvariant(s.db, s.m.userId, tokyo(2027, 2, 10))).MANGA_COIN;
    stripe.loseCreateAnswers = true;
    await s.renew(tokyo(2027, 2, 10));
    stripe.loseCreateAnswers = false;
    const renewal = (await ordersOf(s.db, s.m.userId)).at(-1)!;
    expect(renewal.status).toBe('PROCESSING');
    const intent = intentOfOrder(renewal.id);
    expect(intent.status).toBe('succeeded'); // the money was taken; the store did not hear it
    const targets = await apps(s);
    const event = stripe.event('payment_intent.succeeded', intent.id);
    const answers = await Promise.all([...targets, ...targets, ...targets, ...targets].slice(0, 4).map((app) => webhook(app, event)));
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 200]);

    // Granted once: the order, one cycle paid, one ledger line of the cycle's paid coins, one mail.
    expect(
      await s.db.selectFrom('orders').select(['status', 'provider_ref']).where('id', '=', renewal.id).executeTakeFirstOrThrow(),
    ).toEqual({ status: 'COMPLETE', provider_ref: intent.id });
    expect(await memberSubscription(s.db, s.m.userId, s.subscriptionId)).toMatchObject({ status: 'ACTIVE', paymentCount: 2 });
    const lines = await s.db
      .selectFrom('wallet_ledger')
      .select(['reason', 'amount'])
      .where('order_id', '=', renewal.id)
      .where('kind', '=', 'GRANT')
      .execute();
    expect(lines.filter((l) => l.reason.endsWith('2回目'))).toEqual([
      { reason: expect.stringContaining('マンガコイン定期購入'), amount: s.plan.coin },
    ]);
    const coinsAfter = (await ledgerInvariant(s.db, s.m.userId, tokyo(2027, 2, 10, 12))).MANGA_COIN;
    expect(coinsAfter - coinsBefore).toBe(lines.reduce((sum, l) => sum + l.amount, 0));
    expect(await s.mails('SUBSCRIPTION_RENEWED')).toHaveLength(1);
    // The next run finds nothing left to settle or charge.
    expect(await s.renew(tokyo(2027, 2, 10, 11))).toMatchObject({ renewed: 0, retrying: 0 });
    expect(
      stripe.calls.filter((c) => c.path === '/v1/payment_intents' && c.idempotencyKey === `hondana-order-${renewal.id}`).length,
    ).toBeGreaterThan(0);
    expect([...stripe.intents.values()].filter((i) => i.metadata.order_id === String(renewal.id))).toHaveLength(1);
  }

  it("Stripe's answer lost: the signed webhook settles the renewal, once even when it comes four times at once", async () => {
    await lostRenewalThenEvents(async (s) => [s.app]);
  });

  it.skipIf(testDialect !== 'postgres')(
    'two app instances on one PostgreSQL receive the same event of a renewal: granted once',
    async () => {
      const opened: TestApp['app'][] = [];
      try {
        await lostRenewalThenEvents(async (s) => {
          const second = await secondInstance(t!, {
            paymentProvider: createStripeProvider(stripe.config),
            clock: () => new Date(s.clock.now()),
          });
          opened.push(second);
          return [s.app, second];
        });
      } finally {
        for (const app of opened) await app.close();
      }
    },
  );

  it("Stripe's answer lost: the renewal waits PROCESSING (leased), then a later run finds the intent and grants once", async () => {
    const s = await subscribedWithStripeCard('pm_card_visa');
    stripe.loseCreateAnswers = true;
    const report = await s.renew(tokyo(2027, 2, 10));
    stripe.loseCreateAnswers = false;
    expect(report).toMatchObject({ renewed: 0, skipped: 1 });
    const waiting = (await ordersOf(s.db, s.m.userId)).at(-1)!;
    expect(waiting.status).toBe('PROCESSING');
    // Within the lease nothing is charged again.
    expect(await s.renew(tokyo(2027, 2, 10, 10) + 60_000)).toMatchObject({ renewed: 0 });
    await s.renew(tokyo(2027, 2, 10, 11));
    expect(await s.db.selectFrom('orders').select('status').where('id', '=', waiting.id).executeTakeFirstOrThrow()).toEqual({
      status: 'COMPLETE',
    });
    expect(await memberSubscription(s.db, s.m.userId, s.subscriptionId)).toMatchObject({ status: 'ACTIVE', paymentCount: 2 });
    expect([...stripe.intents.values()].filter((i) => i.metadata.order_id === String(waiting.id))).toHaveLength(1);
    expect((await ordersOf(s.db, s.m.userId)).filter((o) => o.status === 'COMPLETE')).toHaveLength(2);
  });
});
