import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema';
import type { OutboxMail } from './mail-kinds';
import { advanceWatermark, blankMailsOf, insertOutboxRow, readWatermark } from './outbox.repository';

export type { MailBook, MailKind, MailPayloads, OutboxMail } from './mail-kinds';

/**
 * The mail area's public step: writes `mail` to the outbox in the caller's transaction (one
 * INSERT; a key already there is left as it is), so the mail exists exactly when the event
 * committed. The scheduler's `mail-outbox` job sends it after the commit. A mail for a member
 * (`userId` without `to`) goes to the address they have when it is sent.
 */
export async function enqueueMail(db: Kysely<Database> | Transaction<Database>, mail: OutboxMail, now: number): Promise<void> {
  await insertOutboxRow(db, {
    event_key: mail.key,
    kind: mail.kind,
    user_id: mail.userId ?? null,
    to_address: mail.to ?? null,
    payload: JSON.stringify(mail.data),
    next_attempt_at: now,
    created_at: now,
  });
}

/**
 * How far a scan that mails about past events has gone (the new-volume scan's last release
 * instant): read before a run, moved forward after it, so each event is looked at once.
 */
export const mailScanWatermark = { read: readWatermark, advance: advanceWatermark };

/** Withdrawal's step in mail (passed to accounts by `app.ts`): the member's mails so far keep no contents or address; unsent ones are dropped. */
export const forgetMailsAtWithdrawal = (trx: Transaction<Database>, userId: number): Promise<void> => blankMailsOf(trx, userId);
