import type { TableOwners } from './table-owners';
import type { Generated } from 'kysely';

/**
 * Tables of lottery campaigns and missions, created by migration
 * 2026-11-25T0400-campaigns. Instants are epoch milliseconds.
 */
type Millis = number;

/** §3 Lottery campaign: a period and how long its tickets last. */
export interface LotteryCampaignsTable {
  id: Generated<number>;
  name: string;
  description: Generated<string>;
  color_code: Generated<string>;
  start_at: Millis;
  end_at: Millis;
  ticket_valid_days: Generated<number>;
  /** Bumped by every console edit (migration 2026-12-06T1300): a stale edit is refused. */
  version: Generated<number>;
}

/** A draw pool of a campaign. */
export interface LotteryBoxesTable {
  id: Generated<number>;
  campaign_id: number;
  name: string;
  sort_order: Generated<number>;
}

/** A prize: what it gives (PrizeKind), its odds (weight) and its stock (null: unlimited). */
export interface LotteryPrizesTable {
  id: Generated<number>;
  box_id: number;
  rank: number;
  name: string;
  kind: string;
  amount: Generated<number>;
  book_id: number | null;
  coupon_id: number | null;
  weight: number;
  stock: number | null;
  /** Spent by `remaining = remaining - 1 WHERE remaining > 0`; a CHECK keeps it ≥ 0. */
  remaining: number | null;
}

/** What hands out tickets in a campaign (DistributionEventType), and how many each time. */
export interface LotteryDistributionEventsTable {
  id: Generated<number>;
  campaign_id: number;
  event_type: string;
  name: string;
  tickets: Generated<number>;
  /** URL events: the link id of `/lottery/tickets/url`. */
  link_id: string | null;
}

/** A member's ticket, unique per (member, campaign, grant key, seq): a grant is given once. */
export interface LotteryTicketsTable {
  id: Generated<number>;
  user_id: number;
  campaign_id: number;
  event_type: string;
  grant_key: string;
  /** 1..n when one grant hands out n tickets. */
  seq: Generated<number>;
  order_id: number | null;
  issued_at: Millis;
  expires_at: Millis;
  /** Set once, by the draw that used it. */
  used_at: Millis | null;
}

/** One draw: the ticket (unique) and the prize it won. */
export interface LotteryDrawsTable {
  id: Generated<number>;
  ticket_id: number;
  user_id: number;
  campaign_id: number;
  prize_id: number;
  title_id: number | null;
  created_at: Millis;
}

/** §3 Mission with its reward (§9 type: point 1, coin 10, ticket 100) and period. */
export interface MissionsTable {
  id: Generated<number>;
  name: string;
  image_url: Generated<string>;
  background_color: Generated<string>;
  reward_type: number;
  reward_amount: number;
  /** Ticket rewards: the campaign the tickets are for. */
  lottery_campaign_id: number | null;
  start_at: Millis;
  end_at: Millis;
  /** Bumped by every console edit (migration 2026-12-06T1600): a stale edit is refused. */
  version: Generated<number>;
}

export interface MissionTasksTable {
  id: Generated<number>;
  mission_id: number;
  task_type: string;
  target: number;
  sort_order: Generated<number>;
}

/** What counted towards a task, once per key; progress is their count. */
export interface MissionTaskEventsTable {
  user_id: number;
  task_id: number;
  event_key: string;
  created_at: Millis;
}

export interface MissionRewardsTable {
  user_id: number;
  mission_id: number;
  granted_at: Millis;
  noticed_at: Millis | null;
}

/** A Tokyo day on which the member opened the app (a page or any member call); one row a day. */
export interface AppOpenDaysTable {
  user_id: number;
  /** yyyy-MM-dd in Asia/Tokyo. */
  day: string;
  created_at: Millis;
}

export interface CampaignTables {
  lottery_campaigns: LotteryCampaignsTable;
  lottery_boxes: LotteryBoxesTable;
  lottery_prizes: LotteryPrizesTable;
  lottery_distribution_events: LotteryDistributionEventsTable;
  lottery_tickets: LotteryTicketsTable;
  lottery_draws: LotteryDrawsTable;
  missions: MissionsTable;
  mission_tasks: MissionTasksTable;
  mission_task_events: MissionTaskEventsTable;
  mission_rewards: MissionRewardsTable;
  app_open_days: AppOpenDaysTable;
}

/** The area that writes each table (issue 43: another area's repository only reads it, as a listed view). */
export const campaignTableOwners = {
  lottery_campaigns: 'admin',
  lottery_boxes: 'admin',
  lottery_prizes: 'campaigns',
  lottery_distribution_events: 'admin',
  lottery_tickets: 'campaigns',
  lottery_draws: 'campaigns',
  missions: 'admin',
  mission_tasks: 'admin',
  mission_task_events: 'campaigns',
  mission_rewards: 'campaigns',
  app_open_days: 'campaigns',
} as const satisfies TableOwners<CampaignTables>;
