import type { TableOwners } from './table-owners';
import type { Generated } from 'kysely';

/** Tables of pre-order bonuses, created by migration 2026-11-22T0820-pre-order-bonus. */
type Millis = number;

/** §3 Pre-order bonus: `points` + `rate` % of the price for a pre-order placed while it runs. */
export interface PreOrderBonusesTable {
  id: Generated<number>;
  name: string;
  rate: Generated<number>;
  points: Generated<number>;
  /** One volume; or with title_id every reservable volume of the title; both null: every pre-order. */
  book_id: number | null;
  title_id: number | null;
  start_at: Millis;
  end_at: Millis | null;
  /** Days the granted points stay usable. */
  expire_days: Generated<number>;
  /** Bumped by each console edit (migration 2026-12-06T1725-pre-order-bonus-version): a stale save is a 409. */
  version: Generated<number>;
}

/** A pre-order's bonus: PENDING until the release, then GRANTED (lot_id) once, or CANCELED. */
export interface PreOrderBonusGrantsTable {
  id: Generated<number>;
  user_id: number;
  order_id: number;
  bonus_id: number;
  book_id: number;
  point: number;
  status: string;
  lot_id: number | null;
  created_at: Millis;
  granted_at: Millis | null;
}

export interface PreOrderTables {
  pre_order_bonuses: PreOrderBonusesTable;
  pre_order_bonus_grants: PreOrderBonusGrantsTable;
}

/** The area that writes each table (issue 43: another area's repository only reads it, as a listed view). */
export const preOrderTableOwners = {
  pre_order_bonuses: 'admin',
  pre_order_bonus_grants: 'cart',
} as const satisfies TableOwners<PreOrderTables>;
