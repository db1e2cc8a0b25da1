import type { TableOwners } from './table-owners';
import type { Generated } from 'kysely';

/**
 * Tables of the serials area, created by migration 2026-11-22T0700-serials: per
 * member, each serial's normal ticket, notification and history; each episode's rental and
 * reading; the special tickets and the ad reward. Instants are epoch milliseconds.
 */
type Millis = number;

/** One row per member and serial they touched. */
export interface UserSerialsTable {
  user_id: number;
  serial_id: number;
  /** When the normal ticket ("wait for free") was last used; null never. */
  charge_used_at: Millis | null;
  notification: number;
  /** The history item: the episode last opened and when; hidden after a delete. */
  last_episode_id: number | null;
  last_read_at: Millis | null;
  history_visible: number;
  created_at: Millis;
}

/** One row per member and episode they rented or opened. */
export interface UserSerialEpisodesTable {
  user_id: number;
  episode_id: number;
  serial_id: number;
  /** How the rental was paid (spend type 1–3), null when never rented. */
  spend_type: number | null;
  price: number;
  /** Rental payload paymentType (0 coin, 2 manga coin) of a coin rental. */
  payment_type: number | null;
  rented_at: Millis | null;
  /** The rental's end (RENTAL_FOREVER for permanent); null when never rented. */
  rental_end: Millis | null;
  read_started_at: Millis | null;
  read_ended_at: Millis | null;
}

/** Special tickets: the amount held at `as_of`; hand-outs since are added on read (domain/serials). */
export interface UserSerialTicketsTable {
  user_id: number;
  amount: number;
  as_of: Millis;
}

/** Ad rewards left on the Tokyo day number `day`. */
export interface UserSerialAdRewardsTable {
  user_id: number;
  amount: number;
  day: number;
}

/** An editorial list of serials (§7 `/serial_osusumes`), shown from start_datetime until end_datetime. */
export interface SerialOsusumesTable {
  id: Generated<number>;
  name: string;
  description: Generated<string>;
  sort_order: Generated<number>;
  start_datetime: Millis;
  end_datetime: Millis | null;
  created_at: Millis;
  /** Bumped by each console edit (migration 2026-12-06T1720-feature-version): a stale save is a 409. */
  version: Generated<number>;
}

export interface SerialOsusumeItemsTable {
  osusume_id: number;
  serial_id: number;
  sort_order: Generated<number>;
}

/** One row per coin rental (spend type 2), for the member's payment history. */
export interface SerialRentalPaymentsTable {
  id: Generated<number>;
  user_id: number;
  serial_id: number;
  episode_id: number;
  /** Rental payload paymentType: 0 coin, 2 manga coin. */
  payment_type: number;
  price: number;
  rental_end: Millis;
  created_at: Millis;
}

export interface SerialsTables {
  user_serials: UserSerialsTable;
  user_serial_episodes: UserSerialEpisodesTable;
  user_serial_tickets: UserSerialTicketsTable;
  user_serial_ad_rewards: UserSerialAdRewardsTable;
  serial_osusumes: SerialOsusumesTable;
  serial_osusume_items: SerialOsusumeItemsTable;
  serial_rental_payments: SerialRentalPaymentsTable;
}

/** The area that writes each table (issue 43: another area's repository only reads it, as a listed view). */
export const serialsTableOwners = {
  user_serials: 'serials',
  user_serial_episodes: 'serials',
  user_serial_tickets: 'serials',
  user_serial_ad_rewards: 'serials',
  serial_osusumes: 'admin',
  serial_osusume_items: 'admin',
  serial_rental_payments: 'serials',
} as const satisfies TableOwners<SerialsTables>;
