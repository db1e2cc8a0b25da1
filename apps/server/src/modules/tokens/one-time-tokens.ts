import { createHash } from 'node:crypto';
import { AppError, ErrorCode } from '@hondana/domain/errors';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema';
import { digest, newSecret } from '../accounts/sessions';

/**
 * The one-time token of spec §7 ("mutations first fetch a token from a create_token
 * endpoint"), with idempotency-key semantics: a token belongs to one member and one purpose,
 * expires, and is used once. The first use runs the mutation and stores its response in the
 * same transaction; a replay of the same request gets that response back and changes nothing;
 * a replay with a different request is refused.
 */
export const TOKEN_TTL_MS = 30 * 60 * 1000;

export interface TokenUse {
  token: string;
  userId: number;
  purpose: string;
  /** What identifies the request (its parameters); a replay must carry the same. */
  request: unknown;
  now: number;
}

export interface StoredResponse<T> {
  status: number;
  body: T;
  replayed: boolean;
}

export async function issueToken(db: Kysely<Database>, userId: number, purpose: string, now: number): Promise<string> {
  const token = newSecret();
  await db
    .insertInto('one_time_tokens')
    .values({
      token_hash: digest(token),
      user_id: userId,
      purpose,
      created_at: now,
      expires_at: now + TOKEN_TTL_MS,
      used_at: null,
      request_hash: null,
      response_status: null,
      response_body: null,
    })
    .execute();
  // Expired tokens are swept as new ones are issued: no separate job to run.
  await db.deleteFrom('one_time_tokens').where('expires_at', '<', now - TOKEN_TTL_MS).execute();
  return token;
}

/**
 * Runs `mutation` once for `use.token`, inside one transaction with the token's claim.
 * Concurrent uses of one token serialise on the token row: exactly one runs the mutation,
 * the others read its stored response.
 */
export async function withOneTimeToken<T>(
  db: Kysely<Database>,
  use: TokenUse,
  mutation: (trx: Transaction<Database>) => Promise<{ status?: number; body: T }>,
): Promise<StoredResponse<T>> {
  const tokenHash = digest(use.token);
  const requestHash = fingerprint(use.request);
  const first = await db.transaction().execute(async (trx) => {
    const claimed = await trx
      .updateTable('one_time_tokens')
      .set({ used_at: use.now, request_hash: requestHash })
      .where('token_hash', '=', tokenHash)
      .where('user_id', '=', use.userId)
      .where('purpose', '=', use.purpose)
      .where('used_at', 'is', null)
      .where('expires_at', '>', use.now)
      .executeTakeFirst();
    if (claimed.numUpdatedRows === 0n) return null;
    const result = await mutation(trx);
    const status = result.status ?? 200;
    await trx
      .updateTable('one_time_tokens')
      .set({ response_status: status, response_body: JSON.stringify(result.body) })
      .where('token_hash', '=', tokenHash)
      .execute();
    return { status, body: result.body, replayed: false };
  });
  if (first) return first;
  return replay<T>(db, tokenHash, use, requestHash);
}

async function replay<T>(
  db: Kysely<Database>,
  tokenHash: string,
  use: TokenUse,
  requestHash: string,
): Promise<StoredResponse<T>> {
  const row = await db
    .selectFrom('one_time_tokens')
    .select(['user_id', 'purpose', 'request_hash', 'response_status', 'response_body'])
    .where('token_hash', '=', tokenHash)
    .executeTakeFirst();
  if (!row || row.user_id !== use.userId || row.purpose !== use.purpose || row.response_body === null) {
    throw new AppError(400, ErrorCode.INVALID_TOKEN, ['token: unknown, expired or for another request']);
  }
  if (row.request_hash !== requestHash) {
    throw new AppError(400, ErrorCode.TOKEN_REUSED_WITH_DIFFERENT_REQUEST, ['token: already used for another request']);
  }
  return { status: row.response_status ?? 200, body: JSON.parse(row.response_body) as T, replayed: true };
}

function fingerprint(request: unknown): string {
  return createHash('sha256').update(stableJson(request)).digest('base64url');
}

function stableJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stableJson).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : 1));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${stableJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}
