import { createHash } from 'node:crypto';
import { AppError, ErrorCode, badRequest } from '@hondana/domain/common/errors';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema';
import { digest, newSecret } from './secrets';
import { claimToken, deleteExpiredTokens, findToken, insertToken, storeResponse } from './one-time-tokens.repository';

/**
 * The one-time token of spec §7 ("mutations first fetch a token from a create_token
 * endpoint"), with idempotency-key semantics: a token belongs to one member and one purpose,
 * expires, and is used once. The first use runs the mutation and stores its response in the
 * same transaction; a replay of the same request gets that response back and changes nothing;
 * a replay with a different request is refused.
 */
export const TOKEN_TTL_MS = 30 * 60 * 1000;

interface TokenUse {
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
  await insertToken.execute(db, { tokenHash: digest(token), userId, purpose, now, expiresAt: now + TOKEN_TTL_MS });
  // Expired tokens are swept as new ones are issued, at most once a minute per database: no
  // separate job to run. An expired token is refused whether or not it has been swept yet.
  const due = nextSweepAt.get(db);
  if (due === undefined || now >= due || now < due - SWEEP_INTERVAL_MS) {
    nextSweepAt.set(db, now + SWEEP_INTERVAL_MS);
    await deleteExpiredTokens(db, now - TOKEN_TTL_MS);
  }
  return token;
}

const SWEEP_INTERVAL_MS = 60 * 1000;
/** When each database's expired tokens are next swept (a clock turned back sweeps at once). */
const nextSweepAt = new WeakMap<Kysely<Database>, number>();

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
    const claimed = await claimToken.execute(trx, { tokenHash, userId: use.userId, purpose: use.purpose, now: use.now, requestHash });
    if (claimed.numAffectedRows === 0n) return null;
    const result = await mutation(trx);
    const status = result.status ?? 200;
    await storeResponse.execute(trx, { tokenHash, status, body: JSON.stringify(result.body) });
    return { status, body: result.body, replayed: false };
  });
  if (first) return first;
  return replay<T>(db, tokenHash, use, requestHash);
}

/**
 * The same token use for a mutation that must open its own transaction (a book import writes the
 * catalog in one at its end): `claimIn` claims the token and stores the answer inside that
 * transaction, and is false when the token was already used (the caller rolls back and asks
 * `replayed` for the first answer).
 */
export function tokenUseIn<T>(use: TokenUse) {
  const tokenHash = digest(use.token);
  const requestHash = fingerprint(use.request);
  return {
    claimIn: async (trx: Transaction<Database>, body: T): Promise<boolean> => {
      const claimed = await claimToken.execute(trx, { tokenHash, userId: use.userId, purpose: use.purpose, now: use.now, requestHash });
      if (claimed.numAffectedRows === 0n) return false;
      await storeResponse.execute(trx, { tokenHash, status: 200, body: JSON.stringify(body) });
      return true;
    },
    replayed: (db: Kysely<Database>) => replay<T>(db, tokenHash, use, requestHash),
  };
}

async function replay<T>(db: Kysely<Database>, tokenHash: string, use: TokenUse, requestHash: string): Promise<StoredResponse<T>> {
  const row = await findToken(db, tokenHash);
  if (!row || row.user_id !== use.userId || row.purpose !== use.purpose || row.response_body === null) {
    throw new AppError(400, ErrorCode.INVALID_TOKEN, ['token: unknown, expired or for another request']);
  }
  if (row.request_hash !== requestHash) {
    throw new AppError(400, ErrorCode.TOKEN_REUSED_WITH_DIFFERENT_REQUEST, ['token: already used for another request']);
  }
  return { status: row.response_status ?? 200, body: JSON.parse(row.response_body) as T, replayed: true };
}

/**
 * The response a used token stored, when `token` is the member's and of one of `purposes`
 * (e.g. `/user/recently_bought/v2` finds the order a buy token made). Null otherwise.
 */
export async function storedResponseOf(
  db: Kysely<Database>,
  token: string,
  userId: number,
  purposes: readonly string[],
): Promise<{ status: number; body: unknown } | null> {
  const row = await findToken(db, digest(token));
  if (!row || row.user_id !== userId || !purposes.includes(row.purpose) || row.response_body === null) return null;
  return { status: row.response_status ?? 200, body: JSON.parse(row.response_body) as unknown };
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

/** A token from the body or the query string (§7 sends it either way); missing → 400 naming it. */
export function requireToken(...candidates: (string | undefined)[]): string {
  const token = candidates.find((t) => t !== undefined && t !== '');
  if (!token) throw badRequest('token', 'is required');
  return token;
}
