import type { TableOwners } from './table-owners';
import type { Generated } from 'kysely';

/** Tables of the mail area, created by migration 2026-12-06T0700-accounts-mail. */
type Millis = number;

export type OutboxStatus = 'PENDING' | 'SENT' | 'FAILED' | 'SKIPPED';

/**
 * A mail to send, written in the transaction of the event that causes it and sent after that
 * commits by the scheduler's `mail-outbox` job. `event_key` is unique: one event, one mail.
 */
export interface MailOutboxTable {
  id: Generated<number>;
  event_key: string;
  kind: string;
  /** The member it is for: their address is read when it is sent (null: `to_address` given). */
  user_id: number | null;
  to_address: string | null;
  /** JSON of what the template shows. */
  payload: string;
  status: Generated<OutboxStatus>;
  attempts: Generated<number>;
  next_attempt_at: Millis;
  /** The process sending it now; another takes it once `lease_until` has passed. */
  lease_owner: Generated<string | null>;
  lease_until: Generated<Millis>;
  message_id: Generated<string | null>;
  last_error: Generated<string | null>;
  created_at: Millis;
  sent_at: Generated<Millis | null>;
}

/** How far a scan has gone (the new-volume scan's last release instant). */
export interface MailWatermarksTable {
  name: string;
  until_at: Millis;
}

export interface MailTables {
  mail_outbox: MailOutboxTable;
  mail_watermarks: MailWatermarksTable;
}

/** The area that writes each table (issue 43: another area's repository only reads it, as a listed view). */
export const mailTableOwners = {
  mail_outbox: 'mail',
  mail_watermarks: 'mail',
} as const satisfies TableOwners<MailTables>;
