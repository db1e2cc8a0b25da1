import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema';
import type { PushNotice } from './push-notices';
import { dropPushesOf, insertPush } from './push.repository';

export type { PushNotice } from './push-notices';

/**
 * The push area's public step: writes a notice to push to the member's browsers, in the caller's
 * transaction (a key already there is left as it is: one event, one push); nothing for a member
 * who has allowed none. The scheduler's `push-outbox` job sends it after the commit to every
 * browser the member has then.
 */
export async function enqueuePush(db: Kysely<Database> | Transaction<Database>, notice: PushNotice, now: number): Promise<void> {
  await insertPush(db, {
    event_key: notice.key,
    user_id: notice.userId,
    kind: notice.kind,
    payload: JSON.stringify(notice.data),
    next_attempt_at: now,
    created_at: now,
  });
}

/** Withdrawal's step in push (passed to accounts by `app.ts`): the member's browsers and unsent pushes are dropped. */
export const forgetPushesAtWithdrawal = (trx: Transaction<Database>, userId: number): Promise<void> => dropPushesOf(trx, userId);
