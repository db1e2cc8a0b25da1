import type { TableOwners } from './table-owners';
import type { Generated } from 'kysely';

/** Tables of the push area, created by migration 2026-12-06T1400-web-push. */
type Millis = number;

/** A browser that takes the member's notices: its push service endpoint and the keys messages are encrypted for. */
export interface PushSubscriptionsTable {
  id: Generated<number>;
  user_id: number;
  endpoint: string;
  p256dh: string;
  auth: string;
  created_at: Millis;
}

export type PushStatus = 'PENDING' | 'SENT' | 'FAILED' | 'SKIPPED';

/** A notice to push to every browser of a member; `event_key` unique: one event, one push. */
export interface PushOutboxTable {
  id: Generated<number>;
  event_key: string;
  user_id: number;
  kind: string;
  /** JSON of what the notice shows. */
  payload: string;
  status: Generated<PushStatus>;
  attempts: Generated<number>;
  /** When it is due; a process that takes it moves this ahead for as long as its send may take. */
  next_attempt_at: Millis;
  last_error: Generated<string | null>;
  created_at: Millis;
  sent_at: Generated<Millis | null>;
}

export interface PushTables {
  push_subscriptions: PushSubscriptionsTable;
  push_outbox: PushOutboxTable;
}

/** The area that writes each table (issue 43: another area's repository only reads it, as a listed view). */
export const pushTableOwners = {
  push_subscriptions: 'push',
  push_outbox: 'push',
} as const satisfies TableOwners<PushTables>;
