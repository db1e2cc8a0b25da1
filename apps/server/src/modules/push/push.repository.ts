import type { Kysely } from 'kysely';
import type { Database, Db } from '../../db/schema';

export function subscriptionsOf(db: Db, userId: number) {
  return db
    .selectFrom('push_subscriptions')
    .select(['id', 'endpoint', 'p256dh', 'auth', 'created_at'])
    .where('user_id', '=', userId)
    .orderBy('id')
    .execute();
}

/** One browser, one endpoint: a browser subscribed again (or by another member signed in on it) takes the row over. */
export async function upsertSubscription(
  db: Db,
  row: { user_id: number; endpoint: string; p256dh: string; auth: string; created_at: number },
): Promise<void> {
  await db
    .insertInto('push_subscriptions')
    .values(row)
    .onConflict((oc) =>
      oc.column('endpoint').doUpdateSet({ user_id: row.user_id, p256dh: row.p256dh, auth: row.auth, created_at: row.created_at }),
    )
    .execute();
}

export async function deleteSubscription(db: Db, where: { userId: number; endpoint: string }): Promise<void> {
  await db.deleteFrom('push_subscriptions').where('user_id', '=', where.userId).where('endpoint', '=', where.endpoint).execute();
}

/** A subscription its push service says is gone (404/410). */
export async function deleteSubscriptionById(db: Db, id: number): Promise<void> {
  await db.deleteFrom('push_subscriptions').where('id', '=', id).execute();
}

async function deleteSubscriptionsOf(db: Db, userId: number): Promise<void> {
  await db.deleteFrom('push_subscriptions').where('user_id', '=', userId).execute();
}

/**
 * Writes a push to send, only for a member with a browser that takes them (one statement: the
 * row is selected from the member's first subscription); a key already there is left as it is.
 */
export async function insertPush(
  db: Db,
  row: { event_key: string; user_id: number; kind: string; payload: string; next_attempt_at: number; created_at: number },
): Promise<void> {
  await db
    .insertInto('push_outbox')
    .columns(['event_key', 'user_id', 'kind', 'payload', 'next_attempt_at', 'created_at'])
    .expression((eb) =>
      eb
        .selectFrom('push_subscriptions')
        .select([
          eb.val(row.event_key).as('event_key'),
          eb.val(row.user_id).as('user_id'),
          eb.val(row.kind).as('kind'),
          eb.val(row.payload).as('payload'),
          eb.val(row.next_attempt_at).as('next_attempt_at'),
          eb.val(row.created_at).as('created_at'),
        ])
        .where('user_id', '=', row.user_id)
        .limit(1),
    )
    .onConflict((oc) => oc.column('event_key').doNothing())
    .execute();
}

/**
 * Takes the due pushes: each one's next attempt is moved `holdMs` ahead and its attempts counted,
 * in the statement that finds it due, so a process running the job at the same time does not
 * take it too; a process that dies mid-send leaves it due again after `holdMs`.
 */
export async function claimDuePushes(db: Kysely<Database>, q: { now: number; holdMs: number; limit: number }) {
  const due = db
    .selectFrom('push_outbox')
    .select('id')
    .where('status', '=', 'PENDING')
    .where('next_attempt_at', '<=', q.now)
    .orderBy('id')
    .limit(q.limit);
  const rows = await db
    .updateTable('push_outbox')
    .set((eb) => ({ next_attempt_at: q.now + q.holdMs, attempts: eb('attempts', '+', 1) }))
    .where('id', 'in', due)
    .where('status', '=', 'PENDING')
    .where('next_attempt_at', '<=', q.now)
    .returning(['id', 'event_key', 'user_id', 'kind', 'payload', 'attempts'])
    .execute();
  return rows.sort((a, b) => a.id - b.id);
}

export async function finishPush(
  db: Db,
  id: number,
  done: { status: 'SENT' | 'SKIPPED' | 'FAILED'; now: number; note: string | null },
): Promise<void> {
  await db
    .updateTable('push_outbox')
    .set({ status: done.status, sent_at: done.now, last_error: done.note })
    .where('id', '=', id)
    .where('status', '=', 'PENDING')
    .execute();
}

export async function retryPush(db: Db, id: number, at: { retryAt: number; error: string }): Promise<void> {
  await db
    .updateTable('push_outbox')
    .set({ next_attempt_at: at.retryAt, last_error: at.error })
    .where('id', '=', id)
    .where('status', '=', 'PENDING')
    .execute();
}

/** Withdrawal: the member's browsers stop, and pushes not sent yet are dropped. */
export async function dropPushesOf(db: Db, userId: number): Promise<void> {
  await db.deleteFrom('push_outbox').where('user_id', '=', userId).where('status', '=', 'PENDING').execute();
  await deleteSubscriptionsOf(db, userId);
}
