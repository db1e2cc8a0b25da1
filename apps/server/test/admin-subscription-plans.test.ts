import { TZDate } from '@date-fns/tz';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renewDueSubscriptions } from '../src/modules/wallet/subscriptions/renewal.service';
import { createSandboxProvider } from '../src/payments/sandbox-provider';
import { endTwiceAtOnce, staffMember } from './support/admin-factories';
import { type TestApp, buildTestApp } from './support/build-test-app';
import { subscribeByCard, testClock } from './support/subscription-factories';
import { member } from './support/wallet-factories';

/** The console's subscription plans (`/api/admin/subscription_plans`) and the store's plan calls showing what they set. */
const START = new TZDate(2027, 0, 10, 12, 0, 0, 'Asia/Tokyo').getTime();
const clock = testClock(START);
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ clock });
});
afterAll(() => t.close());
const db = () => t.database.db;
const auditOf = (subject: string) => db().selectFrom('admin_audit_log').selectAll().where('subject', '=', subject).orderBy('id').execute();

interface PlanView {
  id: number;
  name: string;
  coin: number;
  taxIncludedPrice: number;
  firstBonus: number;
  secondBonus: number;
  cycleBonus: number;
  highlightType: string;
  paymentTypes: string[];
  sortOrder: number;
  start: string;
  end: string | null;
  state: string;
  members: number;
  liveMembers: number;
  version: number;
}

let names = 0;
const plan = (overrides: object = {}) => ({
  name: `テストコース${++names}`,
  coin: 1200,
  taxIncludedPrice: 1200,
  firstBonus: 600,
  secondBonus: 200,
  cycleBonus: 120,
  highlightType: 'popular',
  paymentTypes: ['creditcard', 'docomo'],
  sortOrder: 5,
  ...overrides,
});
const storePlans = async (paymentType = 'creditcard') =>
  (await t.app.inject({ url: `/api/manga_coin_sales_subscription_plans?payment_type=${paymentType}` })).json<{
    plans: { id: number; name: string; coin: number; firstBonus: number; cycleBonus: number }[];
  }>().plans;
const asShown = (p: { id: number; coin: number; firstBonus: number; cycleBonus: number }) => ({
  id: p.id,
  coin: p.coin,
  first_bonus: p.firstBonus,
  cycle_bonus: p.cycleBonus,
});
const sendDelete = (cookie: string, id: number, payload: object) =>
  t.app.inject({ method: 'DELETE', url: `/api/admin/subscription_plans/${id}`, headers: { cookie }, payload });

describe('subscription plans in the console', () => {
  it('a plan created in the console is sold at once; edits keep the version; a stale edit is 409; ending it closes it to new members while its member renews; each step is audited', async () => {
    const op = await staffMember(t.app, db(), 'operator');
    const created = await op.change('POST', '/subscription_plans', plan({ name: '冬のコース' }));
    expect(created.statusCode, created.body).toBe(200);
    const p = created.json<PlanView>();
    expect(p).toMatchObject({
      name: '冬のコース',
      coin: 1200,
      paymentTypes: ['creditcard', 'docomo'],
      state: 'running',
      end: null,
      members: 0,
      version: 0,
    });

    // The store sells it with the payment types it was given, at once.
    const sold = (await storePlans()).find((x) => x.id === p.id);
    expect(sold).toMatchObject({ name: '冬のコース', coin: 1200, firstBonus: 600, cycleBonus: 120 });
    expect((await storePlans('softbank')).some((x) => x.id === p.id)).toBe(false);

    // A member subscribes to it.
    const m = await member(t.app);
    const subscribed = await subscribeByCard(t.app, m.cookie, asShown(sold!));
    expect(subscribed.statusCode, subscribed.body).toBe(200);

    // An edit changes what new members buy; the member keeps the terms they bought.
    const edited = await op.change('PUT', `/subscription_plans/${p.id}`, {
      version: 0,
      name: '冬のコース（増量）',
      coin: 1500,
      paymentTypes: ['creditcard', 'docomo', 'softbank'],
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json<PlanView>()).toMatchObject({
      name: '冬のコース（増量）',
      coin: 1500,
      taxIncludedPrice: 1200,
      version: 1,
      members: 1,
      liveMembers: 1,
    });
    expect((await storePlans('softbank')).find((x) => x.id === p.id)).toMatchObject({ coin: 1500 });
    const held = await db()
      .selectFrom('user_manga_coin_subscriptions')
      .selectAll()
      .where('user_id', '=', m.userId)
      .executeTakeFirstOrThrow();
    expect(held.coin).toBe(1200);

    // A save against the version read before another's save is refused, and changes nothing.
    const stale = await op.change('PUT', `/subscription_plans/${p.id}`, { version: 0, name: '古い名前' });
    expect([stale.statusCode, stale.json().errorCode]).toEqual([409, 'EDIT_CONFLICT']);

    // Ended: the page no longer lists it, a new member cannot subscribe, a second end is refused.
    clock.set(START + 3_600_000);
    const ended = await op.change('POST', `/subscription_plans/${p.id}/end`, { version: 1 });
    expect(ended.statusCode, ended.body).toBe(200);
    expect(ended.json<PlanView>()).toMatchObject({ state: 'ended', end: '2027-01-10T13:00', version: 2 });
    expect((await storePlans()).some((x) => x.id === p.id)).toBe(false);
    const late = await member(t.app);
    const refused = await subscribeByCard(t.app, late.cookie, { id: p.id, coin: 1500, first_bonus: 600, cycle_bonus: 120 });
    expect([refused.statusCode, refused.json().errorCode]).toEqual([400, 'SIMPLY_SUBSCRIBE_ERROR']);
    expect((await op.change('POST', `/subscription_plans/${p.id}/end`, { version: 2 })).json().messages).toEqual([
      'end: has already ended',
    ]);

    // The member who holds it renews on it a month on, at the terms they bought.
    const renewal = Number(held.renewal_at);
    clock.set(renewal);
    await renewDueSubscriptions({ db: db(), provider: createSandboxProvider() }, new Date(renewal));
    const renewed = await db().selectFrom('user_manga_coin_subscriptions').selectAll().where('id', '=', held.id).executeTakeFirstOrThrow();
    expect([renewed.status, renewed.payment_count, renewed.coin]).toEqual(['ACTIVE', 2, 1200]);
    clock.set(START);

    const entries = await auditOf(`subscription_plan:${p.id}`);
    expect(entries.map((e) => [e.action, e.actor_user_id])).toEqual([
      ['subscription_plan.create', op.userId],
      ['subscription_plan.update', op.userId],
      ['subscription_plan.end', op.userId],
    ]);
    expect(JSON.parse(entries[1]!.before_json!)).toMatchObject({ name: '冬のコース' });
    expect(JSON.parse(entries[1]!.after_json!)).toMatchObject({ name: '冬のコース（増量）' });

    // A plan a member has held cannot be deleted (ended or not): 409 with its own code.
    const kept = await sendDelete(op.cookie, p.id, { token: await op.token(), version: 2 });
    expect([kept.statusCode, kept.json().errorCode]).toEqual([409, 'PLAN_HAS_MEMBERS']);
    expect(await db().selectFrom('manga_coin_subscription_plans').select('id').where('id', '=', p.id).executeTakeFirst()).toBeDefined();
  });

  it('lists by state: running, scheduled, ended; a scheduled plan is not sold before its start', async () => {
    const op = await staffMember(t.app, db(), 'operator');
    const later = (await op.change('POST', '/subscription_plans', plan({ start: '2027-03-01T00:00' }))).json<PlanView>();
    expect(later).toMatchObject({ state: 'scheduled', start: '2027-03-01T00:00' });
    expect((await storePlans()).some((x) => x.id === later.id)).toBe(false);
    const ids = async (state: string) =>
      (await op.get(`/subscription_plans?state=${state}`)).json<{ plans: PlanView[] }>().plans.map((x) => x.id);
    expect(await ids('scheduled')).toContain(later.id);
    expect(await ids('running')).not.toContain(later.id);
    expect((await op.get('/subscription_plans?state=soon')).json().messages).toEqual(['state: must be running, scheduled, ended']);
    // From its start the store sells it (the console's session would have ended by then: the store is asked).
    clock.set(new TZDate(2027, 2, 1, 0, 0, 0, 'Asia/Tokyo').getTime());
    expect((await storePlans()).some((x) => x.id === later.id)).toBe(true);
    clock.set(START);
    const ended = await op.change('POST', `/subscription_plans/${later.id}/end`, { version: 0 });
    expect(ended.json<PlanView>().state).toBe('ended');
    expect(await ids('ended')).toContain(later.id);
    expect(await ids('scheduled')).not.toContain(later.id);
  });

  it('deletes a plan no member has held, against its version', async () => {
    const op = await staffMember(t.app, db(), 'operator');
    const p = (await op.change('POST', '/subscription_plans', plan())).json<PlanView>();
    const stale = await sendDelete(op.cookie, p.id, { token: await op.token(), version: 7 });
    expect([stale.statusCode, stale.json().errorCode]).toEqual([409, 'EDIT_CONFLICT']);
    const deleted = await sendDelete(op.cookie, p.id, { token: await op.token(), version: 0 });
    expect([deleted.statusCode, deleted.json()]).toEqual([200, { id: p.id, deleted: true }]);
    expect((await storePlans()).some((x) => x.id === p.id)).toBe(false);
    expect((await auditOf(`subscription_plan:${p.id}`)).map((e) => e.action)).toEqual([
      'subscription_plan.create',
      'subscription_plan.delete',
    ]);
    expect((await sendDelete(op.cookie, p.id, { token: await op.token(), version: 0 })).statusCode).toBe(404);
  });

  it('refuses bad fields with 400 naming the field, and records nothing', async () => {
    const op = await staffMember(t.app, db(), 'operator');
    const before = (await db().selectFrom('manga_coin_subscription_plans').select('id').execute()).length;
    const cases: [object, string][] = [
      [plan({ name: '' }), 'name: is required'],
      [plan({ coin: 0 }), 'coin: must be a positive integer'],
      [plan({ taxIncludedPrice: -5 }), 'taxIncludedPrice: must be a positive integer'],
      [plan({ firstBonus: 1.5 }), 'firstBonus: must be a non-negative integer'],
      [plan({ highlightType: 'shiny' }), 'highlightType: must be one of none, popular, bargain'],
      [plan({ paymentTypes: [] }), 'paymentTypes: must hold at least one payment type'],
      [plan({ paymentTypes: ['creditcard', 'paypay'] }), 'paymentTypes.1: must be creditcard, docomo, softbank'],
      [plan({ paymentTypes: ['docomo', 'docomo'] }), 'paymentTypes: must not repeat a payment type'],
      [plan({ start: 'tomorrow' }), 'start: must be a date and time (YYYY-MM-DDTHH:mm, Asia/Tokyo)'],
    ];
    for (const [payload, message] of cases) {
      const r = await op.change('POST', '/subscription_plans', payload);
      expect([r.statusCode, r.json().errorCode, r.json().messages], JSON.stringify(payload)).toEqual([400, 'BAD_REQUEST', [message]]);
    }
    const p = (await op.change('POST', '/subscription_plans', plan())).json<PlanView>();
    const bad = await op.change('PUT', `/subscription_plans/${p.id}`, { version: 0, cycleBonus: -1 });
    expect([bad.statusCode, bad.json().messages]).toEqual([400, ['cycleBonus: must be a non-negative integer']]);
    expect((await op.change('PUT', '/subscription_plans/999999', { version: 0, name: 'x' })).statusCode).toBe(404);
    expect((await db().selectFrom('manga_coin_subscription_plans').select('id').execute()).length).toBe(before + 1);
  });

  it('support reads the plans and is refused every change; members get 403, guests 401', async () => {
    const op = await staffMember(t.app, db(), 'operator');
    const p = (await op.change('POST', '/subscription_plans', plan())).json<PlanView>();
    const support = await staffMember(t.app, db(), 'support');
    const read = await support.get('/subscription_plans');
    expect(read.statusCode).toBe(200);
    expect(read.json<{ plans: PlanView[] }>().plans.map((x) => x.id)).toContain(p.id);
    expect((await support.change('POST', '/subscription_plans', plan())).statusCode).toBe(403);
    expect((await support.change('PUT', `/subscription_plans/${p.id}`, { version: 0, name: 'x' })).statusCode).toBe(403);
    expect((await support.change('POST', `/subscription_plans/${p.id}/end`, { version: 0 })).statusCode).toBe(403);
    expect((await sendDelete(support.cookie, p.id, { token: await support.token(), version: 0 })).statusCode).toBe(403);
    const m = await member(t.app);
    expect((await t.app.inject({ url: '/api/admin/subscription_plans', headers: { cookie: m.cookie } })).statusCode).toBe(403);
    expect((await t.app.inject({ url: '/api/admin/subscription_plans' })).statusCode).toBe(401);
    expect((await auditOf(`subscription_plan:${p.id}`)).map((e) => e.action)).toEqual(['subscription_plan.create']);
  });

  it('two operators ending the same plan at once: one wins, the other is told it changed', async () => {
    const { row: p, results } = await endTwiceAtOnce<PlanView>(t.app, db(), '/subscription_plans', plan());
    const outcomes = results.map((r) => [r.statusCode, r.json().errorCode ?? null]).sort();
    expect(outcomes).toEqual([
      [200, null],
      [409, 'EDIT_CONFLICT'],
    ]);
    expect((await auditOf(`subscription_plan:${p.id}`)).map((e) => e.action)).toEqual([
      'subscription_plan.create',
      'subscription_plan.end',
    ]);
  });
});
