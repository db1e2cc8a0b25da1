import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import * as repository from './scheduler.repository';

/** What a run of a job gets. */
interface JobContext {
  db: Kysely<Database>;
  /** The store's clock at the start of the run (epoch ms). */
  now: number;
  /** Aborted when the process shuts down: a run should stop taking new items. */
  signal: AbortSignal;
}

/**
 * A job that runs every `everyMs` in the store as a whole, however many processes register it.
 *
 * Each process ticks on its own timer; a tick claims the job's lease in the database (a
 * conditional update: one process wins, the others skip) and runs it once. The lease lasts
 * `leaseMs`: if the process dies mid-run, another takes the job after that. So a run should
 * still claim each due item atomically (a conditional update from its due state, or
 * `FOR UPDATE SKIP LOCKED` on PostgreSQL) and write what it produces under a unique key: a run
 * whose lease ran out may overlap the next one.
 */
interface ScheduledJob {
  /** Unique across the store; the lease row's key. */
  name: string;
  everyMs: number;
  /** Longest a run may hold the job (default: 5 × everyMs, at least a minute). */
  leaseMs?: number;
  /** Does the due work; what it returns (items done) is counted in the metrics. */
  run(context: JobContext): Promise<number | void>;
}

interface JobRun {
  name: string;
  /** `skipped`: not due, or another process holds it. */
  outcome: 'ran' | 'failed' | 'skipped';
  items?: number;
  error?: unknown;
}

interface SchedulerOptions {
  db: Kysely<Database>;
  clock: () => number;
  log?: (run: JobRun) => void;
}

/**
 * The store's scheduler: features register jobs (`register`) while the app is built; the
 * process entry starts it once serving (`start`) and stops it on shutdown (`stop`), which lets
 * a running job finish. Tests call `runDue()` with their own clock instead of starting timers.
 */
export class Scheduler {
  readonly #jobs = new Map<string, ScheduledJob>();
  readonly #owner = `${process.pid}-${randomUUID().slice(0, 8)}`;
  readonly #timers = new Set<NodeJS.Timeout>();
  readonly #running = new Set<Promise<JobRun>>();
  readonly #abort = new AbortController();
  readonly #listeners: ((run: JobRun) => void)[] = [];
  #started = false;

  constructor(private readonly options: SchedulerOptions) {
    if (options.log) this.#listeners.push(options.log);
  }

  register(job: ScheduledJob): void {
    if (this.#jobs.has(job.name)) throw new Error(`scheduled job "${job.name}" is registered twice`);
    if (!(job.everyMs > 0)) throw new Error(`scheduled job "${job.name}" needs everyMs > 0`);
    this.#jobs.set(job.name, job);
    if (this.#started) this.#schedule(job, 0);
  }

  get jobNames(): string[] {
    return [...this.#jobs.keys()];
  }

  /** Calls `listener` after every run of every job (metrics, logs). */
  onRun(listener: (run: JobRun) => void): void {
    this.#listeners.push(listener);
  }

  /** Runs every registered job that is due now and not held by another process. */
  async runDue(): Promise<JobRun[]> {
    return Promise.all([...this.#jobs.values()].map((job) => this.#track(this.#runOnce(job))));
  }

  /** Ticks each job: at once (with a little jitter), then every `everyMs`. */
  start(): void {
    if (this.#started || this.#abort.signal.aborted) return;
    this.#started = true;
    for (const job of this.#jobs.values()) this.#schedule(job, Math.random() * Math.min(1000, job.everyMs));
  }

  /** No new runs; resolves when the runs in flight have finished (their signal is aborted). */
  async stop(): Promise<void> {
    this.#abort.abort();
    for (const timer of this.#timers) clearTimeout(timer);
    this.#timers.clear();
    await Promise.allSettled([...this.#running]);
  }

  #schedule(job: ScheduledJob, delayMs: number): void {
    if (this.#abort.signal.aborted) return;
    const timer = setTimeout(() => {
      this.#timers.delete(timer);
      void this.#track(this.#runOnce(job)).finally(() => this.#schedule(job, job.everyMs));
    }, delayMs);
    timer.unref();
    this.#timers.add(timer);
  }

  #track(run: Promise<JobRun>): Promise<JobRun> {
    this.#running.add(run);
    return run.finally(() => this.#running.delete(run));
  }

  async #runOnce(job: ScheduledJob): Promise<JobRun> {
    const { db, clock } = this.options;
    if (this.#abort.signal.aborted) return this.#report({ name: job.name, outcome: 'skipped' });
    const leaseMs = job.leaseMs ?? Math.max(60_000, job.everyMs * 5);
    let result: JobRun;
    try {
      await repository.ensureJob(db, job.name);
      const now = clock();
      if (!(await repository.claimLease(db, { name: job.name, owner: this.#owner, now, leaseMs }))) {
        return this.#report({ name: job.name, outcome: 'skipped' });
      }
      let error: unknown = null;
      let items: number | undefined;
      try {
        items = (await job.run({ db, now, signal: this.#abort.signal })) ?? undefined;
      } catch (failure) {
        error = failure;
      }
      const finished = clock();
      await repository.finishRun(db, {
        name: job.name,
        owner: this.#owner,
        now: finished,
        nextRunAt: now + job.everyMs,
        error: error === null ? null : String(error instanceof Error ? error.message : error).slice(0, 500),
      });
      result =
        error === null
          ? { name: job.name, outcome: 'ran', ...(items === undefined ? {} : { items }) }
          : { name: job.name, outcome: 'failed', error };
    } catch (failure) {
      // The database is unreachable: the next tick tries again.
      result = { name: job.name, outcome: 'failed', error: failure };
    }
    return this.#report(result);
  }

  #report(run: JobRun): JobRun {
    for (const listener of this.#listeners) listener(run);
    return run;
  }
}
