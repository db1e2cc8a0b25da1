import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import * as repository from './rate-limit.repository';

/** At most `max` attempts in any `windowMs` (a sliding window over the recorded attempts). */
export interface RateLimit {
  max: number;
  windowMs: number;
}

interface LimitedKey {
  key: string;
  limit: RateLimit;
}

export type Attempt =
  | { allowed: true; /** Hit ids, per key, for `release`. */ hits: Map<string, number> }
  | { allowed: false; /** When the key that refused lets an attempt through again. */ retryAfterMs: number };

/**
 * Counts one attempt against every key at once: allowed only if each key had fewer than its
 * `max` attempts in its window, and then recorded on every key; a refused attempt is recorded
 * on none (waiting the window out is enough). The counters are rows, so every process of the
 * store shares them, and each key's check and write are one step under the key's row lock.
 */
export async function takeAttempt(db: Kysely<Database>, keys: readonly LimitedKey[], now: number): Promise<Attempt> {
  // One lock order for every transaction, so two attempts on the same keys cannot deadlock.
  const ordered = [...keys].sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  return db.transaction().execute(async (trx) => {
    let retryAfterMs = 0;
    for (const { key, limit } of ordered) {
      await repository.lockKey(trx, key, now);
      const hits = await repository.recentHits(trx, key, now - limit.windowMs, limit.max);
      // The max-th newest hit leaves the window first among those that keep the key full.
      if (hits.length >= limit.max) retryAfterMs = Math.max(retryAfterMs, hits[limit.max - 1]! + limit.windowMs - now);
    }
    if (retryAfterMs > 0) return { allowed: false, retryAfterMs };
    const recorded = new Map<string, number>();
    for (const { key } of ordered) recorded.set(key, await repository.insertHit(trx, key, now));
    return { allowed: true, hits: recorded };
  });
}

/** Takes back an allowed attempt's hit on `key` (an attempt that should not count there after all). */
export async function releaseAttempt(db: Kysely<Database>, attempt: Attempt, key: string): Promise<void> {
  const id = attempt.allowed ? attempt.hits.get(key) : undefined;
  if (id !== undefined) await repository.deleteHit(db, id);
}

/** Deletes what no window of at most `longestWindowMs` can still count. */
export function sweepRateLimits(db: Kysely<Database>, now: number, longestWindowMs: number): Promise<number> {
  return repository.deleteBefore(db, now - longestWindowMs);
}
