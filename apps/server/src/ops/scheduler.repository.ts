import type { Db } from '../db/schema';

/** Creates the job's row (due at once) unless another process already did. */
export async function ensureJob(db: Db, name: string): Promise<void> {
  await db
    .insertInto('scheduler_jobs')
    .values({ name, next_run_at: 0, lease_owner: null, lease_until: 0, last_started_at: null, last_finished_at: null, last_error: null })
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();
}

/**
 * Takes the job's lease when it is due and no unexpired lease is held: one conditional update,
 * so of all the processes that try at once exactly one wins.
 */
export async function claimLease(db: Db, q: { name: string; owner: string; now: number; leaseMs: number }): Promise<boolean> {
  const result = await db
    .updateTable('scheduler_jobs')
    .set((eb) => ({ lease_owner: q.owner, lease_until: q.now + q.leaseMs, last_started_at: q.now, runs: eb('runs', '+', 1) }))
    .where('name', '=', q.name)
    .where('next_run_at', '<=', q.now)
    .where('lease_until', '<=', q.now)
    .executeTakeFirst();
  return result.numUpdatedRows === 1n;
}

/** Gives the lease back and sets the next run; a no-op when the lease was lost meanwhile. */
export async function finishRun(
  db: Db,
  q: { name: string; owner: string; now: number; nextRunAt: number; error: string | null },
): Promise<void> {
  await db
    .updateTable('scheduler_jobs')
    .set({ lease_owner: null, lease_until: 0, next_run_at: q.nextRunAt, last_finished_at: q.now, last_error: q.error })
    .where('name', '=', q.name)
    .where('lease_owner', '=', q.owner)
    .execute();
}
