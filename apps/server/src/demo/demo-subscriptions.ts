import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/schema';
import { anySubscriptionPlan, insertSubscriptionPlans } from './demo-selling.repository';

/**
 * The demo's three manga coin subscription plans (1 manga coin is 1 yen): the bonus every cycle
 * grows with the plan (5 %, 10 %, 15 %), the first and second cycles add more. The largest is
 * sold by card only, as carrier bills keep monthly amounts small.
 */
export const DEMO_SUBSCRIPTION_PLANS = [
  { name: 'ライトコース', coin: 500, price: 500, first: 300, second: 100, cycle: 25, highlight: 'none', types: 'creditcard,docomo,softbank' },
  { name: 'スタンダードコース', coin: 1000, price: 1000, first: 500, second: 200, cycle: 100, highlight: 'popular', types: 'creditcard,docomo,softbank' },
  { name: 'プレミアムコース', coin: 3000, price: 3000, first: 1000, second: 500, cycle: 450, highlight: 'bargain', types: 'creditcard' },
] as const;

/** Adds the demo plans unless plans exist already (members' subscriptions refer to them, so they outlive a catalog reset). */
export async function insertDemoSubscriptionPlans(db: Kysely<Database> | Transaction<Database>): Promise<void> {
  if (await anySubscriptionPlan(db)) return;
  await insertSubscriptionPlans(
    db,
    DEMO_SUBSCRIPTION_PLANS.map((p, i) => ({
      name: p.name,
      coin: p.coin,
      tax_included_price: p.price,
      first_bonus: p.first,
      second_bonus: p.second,
      cycle_bonus: p.cycle,
      highlight_type: p.highlight,
      payment_types: p.types,
      sort_order: i,
      active: 1,
    })),
  );
}
