import { preparedQuery } from '../../db/prepared-query';
import type { Db } from '../../db/schema';

// The statements of a token's life, built once (a create_token and a buy run them all).
export const insertToken = preparedQuery((db, $: { tokenHash: string; userId: number; purpose: string; now: number; expiresAt: number }) =>
  db.insertInto('one_time_tokens').values({
    token_hash: $.tokenHash,
    user_id: $.userId,
    purpose: $.purpose,
    created_at: $.now,
    expires_at: $.expiresAt,
    used_at: null,
    request_hash: null,
    response_status: null,
    response_body: null,
  }),
);
export const claimToken = preparedQuery((db, $: { tokenHash: string; userId: number; purpose: string; now: number; requestHash: string }) =>
  db
    .updateTable('one_time_tokens')
    .set({ used_at: $.now, request_hash: $.requestHash })
    .where('token_hash', '=', $.tokenHash)
    .where('user_id', '=', $.userId)
    .where('purpose', '=', $.purpose)
    .where('used_at', 'is', null)
    .where('expires_at', '>', $.now),
);
export const storeResponse = preparedQuery((db, $: { tokenHash: string; status: number; body: string }) =>
  db.updateTable('one_time_tokens').set({ response_status: $.status, response_body: $.body }).where('token_hash', '=', $.tokenHash),
);

/** Sweeps the tokens that expired before `before`. */
export async function deleteExpiredTokens(db: Db, before: number): Promise<void> {
  await db.deleteFrom('one_time_tokens').where('expires_at', '<', before).execute();
}

export function findToken(db: Db, tokenHash: string) {
  return db
    .selectFrom('one_time_tokens')
    .select(['user_id', 'purpose', 'request_hash', 'response_status', 'response_body'])
    .where('token_hash', '=', tokenHash)
    .executeTakeFirst();
}
