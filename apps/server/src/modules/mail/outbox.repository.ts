import { type Insertable, PostgresAdapter, type Selectable } from 'kysely';
import type { MailOutboxTable } from '../../db/mail-schema';
import type { Db } from '../../db/schema';
import { preparedQuery } from '../../db/prepared-query';

export type OutboxRow = Selectable<MailOutboxTable>;

const isPostgres = (db: Db) => db.getExecutor().adapter instanceof PostgresAdapter;

type NewRow = Required<
  Pick<Insertable<MailOutboxTable>, 'event_key' | 'kind' | 'user_id' | 'to_address' | 'payload' | 'next_attempt_at' | 'created_at'>
>;

// Built once (db/prepared-query.ts): the buy path writes its receipt with it.
const insertRow = preparedQuery((db, $: NewRow) =>
  db
    .insertInto('mail_outbox')
    .values({
      event_key: $.event_key,
      kind: $.kind,
      user_id: $.user_id,
      to_address: $.to_address,
      payload: $.payload,
      next_attempt_at: $.next_attempt_at,
      created_at: $.created_at,
    })
    .onConflict((oc) => oc.column('event_key').doNothing()),
);

/** One INSERT; a row with the same event key already there is left as it is. */
export async function insertOutboxRow(db: Db, row: NewRow): Promise<void> {
  await insertRow.execute(db, row);
}

/**
 * Takes up to `limit` due mails for `owner` until `now + leaseMs`: one UPDATE that re-checks on
 * each row that it is due and not held by a live lease, so two processes never hold one mail at
 * once (PostgreSQL picks the candidates FOR UPDATE SKIP LOCKED; SQLite's UPDATE holds the write
 * lock). A process that dies holding mails lets them go when the lease ends.
 */
export async function claimDue(db: Db, q: { owner: string; now: number; leaseMs: number; limit: number }): Promise<OutboxRow[]> {
  const due = db
    .selectFrom('mail_outbox')
    .select('id')
    .where('status', '=', 'PENDING')
    .where('next_attempt_at', '<=', q.now)
    .where('lease_until', '<=', q.now)
    .orderBy('id')
    .limit(q.limit);
  const candidates = isPostgres(db) ? due.forUpdate().skipLocked() : due;
  const rows = await db
    .updateTable('mail_outbox')
    .set((eb) => ({ lease_owner: q.owner, lease_until: q.now + q.leaseMs, attempts: eb('attempts', '+', 1) }))
    .where('id', 'in', candidates)
    .where('status', '=', 'PENDING')
    .where('lease_until', '<=', q.now)
    .returningAll()
    .execute();
  return rows.sort((a, b) => a.id - b.id);
}

/** Sent (or skipped: no one to send it to): never taken again. */
export async function markDone(
  db: Db,
  id: number,
  done: { status: 'SENT' | 'SKIPPED'; to: string | null; messageId: string | null; now: number; note?: string },
) {
  await db
    .updateTable('mail_outbox')
    .set({
      status: done.status,
      to_address: done.to,
      message_id: done.messageId,
      sent_at: done.now,
      lease_owner: null,
      lease_until: 0,
      last_error: done.note ?? null,
    })
    .where('id', '=', id)
    .where('status', '=', 'PENDING')
    .execute();
}

/** A failed send: tried again at `retryAt`, or FAILED for good (null). Only while `owner` still holds it. */
export async function markFailed(db: Db, id: number, q: { owner: string; error: string; retryAt: number | null }) {
  await db
    .updateTable('mail_outbox')
    .set(
      q.retryAt === null
        ? { status: 'FAILED', last_error: q.error, lease_owner: null, lease_until: 0 }
        : { next_attempt_at: q.retryAt, last_error: q.error, lease_owner: null, lease_until: 0 },
    )
    .where('id', '=', id)
    .where('lease_owner', '=', q.owner)
    .where('status', '=', 'PENDING')
    .execute();
}

/** Holds the mail for another `leaseMs` right before it is sent; false when the lease was lost (another process has it now). */
export async function renewLease(db: Db, id: number, q: { owner: string; now: number; leaseMs: number }): Promise<boolean> {
  const result = await db
    .updateTable('mail_outbox')
    .set({ lease_until: q.now + q.leaseMs })
    .where('id', '=', id)
    .where('lease_owner', '=', q.owner)
    .where('status', '=', 'PENDING')
    .executeTakeFirst();
  return result.numUpdatedRows === 1n;
}

/** Gives back mails taken but not tried (the process is stopping). */
export async function release(db: Db, ids: readonly number[], owner: string) {
  if (ids.length === 0) return;
  await db
    .updateTable('mail_outbox')
    .set((eb) => ({ lease_owner: null, lease_until: 0, attempts: eb('attempts', '-', 1) }))
    .where('id', 'in', ids)
    .where('lease_owner', '=', owner)
    .execute();
}

/** The console's list: the newest mails first. */
export function recentMails(db: Db, limit: number) {
  return db
    .selectFrom('mail_outbox')
    .select(['id', 'kind', 'user_id', 'to_address', 'status', 'attempts', 'last_error', 'created_at', 'sent_at'])
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}

export async function mailById(db: Db, id: number) {
  return db
    .selectFrom('mail_outbox')
    .select(['id', 'kind', 'status', 'to_address', 'created_at', 'sent_at'])
    .where('id', '=', id)
    .executeTakeFirst();
}

export async function readWatermark(db: Db, name: string): Promise<number | null> {
  const row = await db.selectFrom('mail_watermarks').select('until_at').where('name', '=', name).executeTakeFirst();
  return row ? Number(row.until_at) : null;
}

/** Moves the scan's watermark forward only (a slower run that ends later cannot move it back). */
export async function advanceWatermark(db: Db, name: string, until: number): Promise<void> {
  await db
    .insertInto('mail_watermarks')
    .values({ name, until_at: until })
    .onConflict((oc) => oc.column('name').doUpdateSet({ until_at: until }).where('mail_watermarks.until_at', '<', until))
    .execute();
}

/** A withdrawn member's mails keep no personal data: their contents and addresses are blanked (the rows stay as a record of what was sent). */
export async function blankMailsOf(db: Db, userId: number): Promise<void> {
  await db
    .updateTable('mail_outbox')
    .set({ payload: '{}', to_address: null })
    .where('user_id', '=', userId)
    .where('status', '!=', 'PENDING')
    .execute();
  await db.deleteFrom('mail_outbox').where('user_id', '=', userId).where('status', '=', 'PENDING').execute();
}
