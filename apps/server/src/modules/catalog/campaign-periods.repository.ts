import { sql } from 'kysely';
import type { Database, Db } from '../../db/schema';

/**
 * The store's time-bound campaigns and their periods: what the pages show changes when one of
 * these starts or ends, with no write to tell anyone (subscription plans, point campaigns, reach
 * banners, the guests' appeal, invitation and lottery campaigns, missions, pre-order bonuses,
 * bundles, the serial home's osusumes).
 */
const PERIODS: readonly (readonly [table: keyof Database, start: string, end: string])[] = [
  ['manga_coin_subscription_plans', 'start_at', 'end_at'],
  ['point_campaigns', 'start_at', 'end_at'],
  ['reach_banners', 'start_at', 'end_at'],
  ['non_login_appeals', 'start_at', 'end_at'],
  ['invitation_campaigns', 'start_at', 'end_at'],
  ['lottery_campaigns', 'start_at', 'end_at'],
  ['missions', 'start_at', 'end_at'],
  ['pre_order_bonuses', 'start_at', 'end_at'],
  ['bundles', 'start_at', 'end_at'],
  ['serial_osusumes', 'start_datetime', 'end_datetime'],
];

/**
 * Whether a campaign started or ended after the store's last `catalog` change and by `now`, in one
 * statement. The last catalog change is the watermark: every cache was emptied then, so an instant
 * before it is shown already, and a change recorded for an instant moves the watermark past it.
 */
export async function campaignPeriodPassed(db: Db, now: number): Promise<boolean> {
  const since = sql`(select coalesce(max(changed_at), 0) from store_changes where topic = 'catalog')`;
  const passed = (column: string) => sql`(${sql.ref(column)} > ${since} and ${sql.ref(column)} <= ${now})`;
  const checks = PERIODS.map(
    ([table, start, end]) => sql`exists (select 1 from ${sql.table(table)} where ${passed(start)} or ${passed(end)})`,
  );
  const { rows } = await sql<{
    passed: number | string;
  }>`select case when ${sql.join(checks, sql` or `)} then 1 else 0 end as passed`.execute(db);
  return Number(rows[0]?.passed ?? 0) === 1;
}
