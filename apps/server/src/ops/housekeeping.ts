import { sweepRateLimits } from './rate-limiter';
import type { Scheduler } from './scheduler';

/**
 * The store's own upkeep job: rate-limit counters past every window. `rateWindowMs` is the
 * longest rate-limit window (`app.ts` passes the accounts' login window). Expired sessions are
 * the accounts' to sweep (`accounts.routes.ts`: issue 43, accounts alone writes `sessions`).
 */
export function registerHousekeeping(scheduler: Scheduler, { rateWindowMs }: { rateWindowMs: number }): void {
  scheduler.register({
    name: 'rate-limit-sweep',
    everyMs: 5 * 60 * 1000,
    run: ({ db, now }) => sweepRateLimits(db, now, rateWindowMs),
  });
}
