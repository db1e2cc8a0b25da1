import type { PlanHighlight, SubscriptionPaymentType } from '@hondana/domain/subscriptions/subscription-plans';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/schema';
import { createSubscriptionPlan, parsePlanInput } from '../modules/admin/subscription-plans.service';
import { anySubscriptionPlan } from './demo-selling.repository';

/**
 * The demo's three manga coin subscription plans (1 manga coin is 1 yen): the bonus every cycle
 * grows with the plan (5 %, 10 %, 15 %), the first and second cycles add more. The largest is
 * sold by card only, as carrier bills keep monthly amounts small.
 */
const DEMO_SUBSCRIPTION_PLANS = [
  {
    name: 'ライトコース',
    coin: 500,
    price: 500,
    first: 300,
    second: 100,
    cycle: 25,
    highlight: 'none',
    types: 'creditcard,docomo,softbank',
  },
  {
    name: 'スタンダードコース',
    coin: 1000,
    price: 1000,
    first: 500,
    second: 200,
    cycle: 100,
    highlight: 'popular',
    types: 'creditcard,docomo,softbank',
  },
  { name: 'プレミアムコース', coin: 3000, price: 3000, first: 1000, second: 500, cycle: 450, highlight: 'bargain', types: 'creditcard' },
] as const;

/**
 * Adds the demo plans unless plans exist already (members' subscriptions refer to them, so they
 * outlive a catalog reset), through the console's own service as an operator would make them.
 * They are open from the start (0), whatever clock a test or the demo runs at.
 */
export async function insertDemoSubscriptionPlans(db: Kysely<Database> | Transaction<Database>, now = Date.now()): Promise<void> {
  if (await anySubscriptionPlan(db)) return;
  for (const [i, p] of DEMO_SUBSCRIPTION_PLANS.entries()) {
    const input = parsePlanInput({
      name: p.name,
      coin: p.coin,
      taxIncludedPrice: p.price,
      firstBonus: p.first,
      secondBonus: p.second,
      cycleBonus: p.cycle,
      highlightType: p.highlight as PlanHighlight,
      paymentTypes: p.types.split(',') as SubscriptionPaymentType[],
      sortOrder: i,
    });
    await createSubscriptionPlan(db, { ...input, start: 0 }, now);
  }
}
