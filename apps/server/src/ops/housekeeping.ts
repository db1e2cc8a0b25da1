import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { deleteExpiredSessions } from './housekeeping.repository';
import { sweepRateLimits } from './rate-limiter';
import type { Scheduler } from './scheduler';

const HOUR = 60 * 60 * 1000;

/** Expired sessions are useless rows (a lookup ignores them): deleted in batches. */
async function sweepExpiredSessions(db: Kysely<Database>, now: number): Promise<number> {
  return deleteExpiredSessions(db, now);
}

/**
 * The store's own upkeep jobs: rate-limit counters past every window, expired sessions.
 * `rateWindowMs` is the longest rate-limit window (`app.ts` passes the accounts' login window).
 */
export function registerHousekeeping(scheduler: Scheduler, { rateWindowMs }: { rateWindowMs: number }): void {
  scheduler.register({
    name: 'rate-limit-sweep',
    everyMs: 5 * 60 * 1000,
    run: ({ db, now }) => sweepRateLimits(db, now, rateWindowMs),
  });
  scheduler.register({
    name: 'expired-session-sweep',
    everyMs: HOUR,
    run: ({ db, now }) => sweepExpiredSessions(db, now),
  });
}
