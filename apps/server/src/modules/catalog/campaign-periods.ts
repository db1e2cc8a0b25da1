import type { Db } from '../../db/schema';
import { campaignPeriodPassed } from './campaign-periods.repository';

/** How often the store looks for a campaign that started or ended: the pages follow within about a second. */
export const CAMPAIGN_PERIODS_EVERY_MS = 1000;

/**
 * The scheduler's job (one process per run): a campaign that started or ended since the last
 * catalog change counts a `catalog` change, as the console's edit of it would, so every process
 * drops its kept pages and kept campaign lists within a second (decision 018) — a plan reaching its
 * start shows without waiting for the next edit. Returns 1 when it counted one.
 */
export async function noticeCampaignPeriods(db: Db, now: number, publish: (now: number) => Promise<void>): Promise<number> {
  if (!(await campaignPeriodPassed(db, now))) return 0;
  await publish(now);
  return 1;
}
