import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { pendingMigrations } from '../db/migrate';
import { selectOne } from './readiness.repository';

/** One thing `/readyz` needs: resolves when it is fine, throws (or rejects) with the reason when not. */
type ReadinessCheck = () => Promise<void>;

interface ReadinessReport {
  ready: boolean;
  checks: Record<string, 'ok' | string>;
}

/**
 * What `/readyz` answers: the process is not shutting down and every registered check passes
 * (database, migrations, media store; features may add theirs with `add`). Checks run at most
 * once per `cacheMs` (load balancers poll every second or so, from every process).
 */
export class Readiness {
  readonly #checks = new Map<string, ReadinessCheck>();
  #shuttingDown = false;
  #last: { at: number; report: ReadinessReport } | null = null;
  #pending: Promise<ReadinessReport> | null = null;

  constructor(private readonly cacheMs = 1000) {}

  add(name: string, check: ReadinessCheck): void {
    this.#checks.set(name, check);
    this.#last = null;
  }

  /** From now on the process is not ready (SIGTERM): the load balancer sends it nothing new. */
  shutDown(): void {
    this.#shuttingDown = true;
  }

  get shuttingDown(): boolean {
    return this.#shuttingDown;
  }

  async report(): Promise<ReadinessReport> {
    if (this.#shuttingDown) return { ready: false, checks: { shutdown: 'shutting down' } };
    const now = Date.now();
    if (this.#last && now - this.#last.at < this.cacheMs) return this.#last.report;
    this.#pending ??= this.#run().finally(() => (this.#pending = null));
    const report = await this.#pending;
    this.#last = { at: now, report };
    return this.#shuttingDown ? { ready: false, checks: { ...report.checks, shutdown: 'shutting down' } } : report;
  }

  async #run(): Promise<ReadinessReport> {
    const entries = await Promise.all(
      [...this.#checks].map(async ([name, check]) => {
        try {
          await withTimeout(check(), 2000);
          return [name, 'ok'] as const;
        } catch (error) {
          return [name, error instanceof Error ? error.message : String(error)] as const;
        }
      }),
    );
    return { ready: entries.every(([, state]) => state === 'ok'), checks: Object.fromEntries(entries) };
  }
}

function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

/** The database answers a query. */
export const databaseCheck =
  (db: Kysely<Database>): ReadinessCheck =>
  async () => {
    await selectOne(db);
  };

/** Every migration this code knows has been applied (checked until it passes once, then kept). */
export function migrationsCheck(db: Kysely<Database>): ReadinessCheck {
  let applied = false;
  return async () => {
    if (applied) return;
    const pending = await pendingMigrations(db);
    if (pending.length > 0) throw new Error(`${pending.length} migration(s) not applied: ${pending.join(', ')}`);
    applied = true;
  };
}
