import { SandboxTestCard } from '@hondana/domain/wallet/wallet-payments';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../src/db/schema';
import { insertDemoSubscriptionPlans } from '../../src/demo/demo-subscriptions';
import { sandboxCardId, tokenFor } from './wallet-factories';

/** The demo's plans, by their names; returns them with their ids. */
export async function demoPlans(db: Kysely<Database>) {
  await insertDemoSubscriptionPlans(db);
  const rows = await db.selectFrom('manga_coin_subscription_plans').selectAll().orderBy('sort_order').execute();
  const byName = (name: string) => rows.find((r) => r.name === name)!;
  return { light: byName('ライトコース'), standard: byName('スタンダードコース'), premium: byName('プレミアムコース') };
}

/** A plan with overrides (`createPlan(db, { cycle_bonus: 0 })`). */
export async function createPlan(
  db: Kysely<Database>,
  overrides: Partial<{
    name: string;
    coin: number;
    tax_included_price: number;
    first_bonus: number;
    second_bonus: number;
    cycle_bonus: number;
    payment_types: string;
  }> = {},
) {
  return db
    .insertInto('manga_coin_subscription_plans')
    .values({
      name: 'テストコース',
      coin: 1000,
      tax_included_price: 1000,
      first_bonus: 500,
      second_bonus: 200,
      cycle_bonus: 100,
      highlight_type: 'none',
      payment_types: 'creditcard,docomo,softbank',
      sort_order: 10,
      active: 1,
      ...overrides,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export const testCard = (number: string = SandboxTestCard.SUCCESS) => ({ number, expiry: '12/39', cvc: '123' });

type PlanShown = { id: number; coin: number; first_bonus: number; cycle_bonus: number };

/** What the page sends: the plan's coins and bonuses as shown. */
export const shown = (plan: PlanShown) => ({ coin: plan.coin, firstBonus: plan.first_bonus, cycleBonus: plan.cycle_bonus });

/** `POST /manga_coin_sales_subscription_plans/{id}` by card (a fresh token unless given). */
export async function subscribeByCard(
  app: FastifyInstance,
  cookie: string,
  plan: PlanShown,
  options: { card?: string; token?: string; body?: object } = {},
): Promise<LightMyRequestResponse> {
  const token = options.token ?? (await tokenFor(app, cookie, '/api/manga_coin_sales_subscription_plans/create_token'));
  return app.inject({
    method: 'POST',
    url: `/api/manga_coin_sales_subscription_plans/${plan.id}?token=${token}`,
    headers: { cookie },
    payload: options.body ?? { ...shown(plan), cardId: await sandboxCardId(app, options.card), reCaptchaToken: 'sandbox' },
  });
}

/** `DELETE /manga_coin_sales_subscription_plans/{id}?token=`. */
export async function cancelSubscription(app: FastifyInstance, cookie: string, planId: number): Promise<LightMyRequestResponse> {
  const token = await tokenFor(app, cookie, '/api/manga_coin_sales_subscription_plans/create_token');
  return app.inject({ method: 'DELETE', url: `/api/manga_coin_sales_subscription_plans/${planId}?token=${token}`, headers: { cookie } });
}

/** The sandbox's issuer starts (or stops) declining the member's kept cards, as a card does once it is stopped. */
export async function issuerAnswers(db: Kysely<Database>, userId: number, behaviour: 'SUCCESS' | 'DECLINED'): Promise<void> {
  await db.updateTable('sandbox_cards').set({ behaviour }).where('user_id', '=', userId).execute();
}

/** A clock the test moves: `clock.set(instant)`. */
export function testClock(start: number) {
  let now = start;
  const clock = () => new Date(now);
  return Object.assign(clock, { set: (at: number) => void (now = at), now: () => now });
}
