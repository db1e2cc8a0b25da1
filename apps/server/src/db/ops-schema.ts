import type { TableOwners } from './table-owners';
import type { Generated } from 'kysely';

/** Tables of running several processes as one store, created by migration 2026-11-25T0300-ops. */
type Millis = number;

/** A rate-limited key (`login:ip:…`, `login:email:<digest>`): the row an attempt locks. */
export interface RateLimitKeysTable {
  key: string;
  updated_at: Millis;
}

/** One counted attempt of a key; the ones inside the window are its count. */
export interface RateLimitHitsTable {
  id: Generated<number>;
  key: string;
  at: Millis;
}

/** A scheduled job's lease and schedule, shared by every process that registers it. */
export interface SchedulerJobsTable {
  name: string;
  /** The job is due once the clock passes this instant. */
  next_run_at: Millis;
  /** The process running it now (null when none); its lease ends at `lease_until`. */
  lease_owner: string | null;
  lease_until: Millis;
  last_started_at: Millis | null;
  last_finished_at: Millis | null;
  last_error: string | null;
  runs: Generated<number>;
}

export interface OpsTables {
  rate_limit_keys: RateLimitKeysTable;
  rate_limit_hits: RateLimitHitsTable;
  scheduler_jobs: SchedulerJobsTable;
}

/** The area that writes each table (issue 43: another area's repository only reads it, as a listed view). */
export const opsTableOwners = {
  rate_limit_keys: 'ops',
  rate_limit_hits: 'ops',
  scheduler_jobs: 'ops',
} as const satisfies TableOwners<OpsTables>;
