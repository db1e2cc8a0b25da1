import type { TableOwners } from './table-owners';
import type { Generated } from 'kysely';
import type { Millis } from './schema';

/**
 * One §7 `/log/*` call, written in batches by the tracking buffer. `kind` is the call's name
 * (`page`, `read_start`, …); the columns rankings and recommendations filter on are their own
 * columns, the rest of the call's parameters are `data` (JSON).
 */
export interface EventsTable {
  id: Generated<number>;
  kind: string;
  occurred_at: Millis;
  /** The member, or null for a guest (then `guest_id`, the first-party random id cookie). */
  user_id: number | null;
  guest_id: string | null;
  title_id: number | null;
  book_id: number | null;
  ref: string | null;
  data: string;
}

export interface TrackingTables {
  events: EventsTable;
}

/** The area that writes each table (issue 43: another area's repository only reads it, as a listed view). */
export const trackingTableOwners = {
  events: 'tracking',
} as const satisfies TableOwners<TrackingTables>;
