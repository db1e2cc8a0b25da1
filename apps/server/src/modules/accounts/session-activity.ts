import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { digest } from '../tokens/secrets';
import { touchSession } from './sessions.repository';

/** A session's "last seen" moves at most this often (per process). */
const LAST_SEEN_STEP_MS = 5 * 60 * 1000;
const MAX_KEPT = 20_000;

/**
 * The sessions list's "last seen": told of each request whose session was looked up, it writes
 * the session's `last_seen_at` when this process has not written it for `LAST_SEEN_STEP_MS`.
 * The write runs after the request's tick (never in its way); a request of a session seen
 * lately costs one map lookup.
 */
export class SessionActivity {
  readonly #written = new Map<string, number>();
  readonly #pending = new Set<Promise<void>>();

  constructor(
    private readonly db: () => Kysely<Database>,
    private readonly onError: (error: unknown) => void,
  ) {}

  seen(secret: string, now: number): void {
    const last = this.#written.get(secret);
    if (last !== undefined && now - last < LAST_SEEN_STEP_MS) return;
    if (this.#written.size >= MAX_KEPT) this.#written.clear();
    this.#written.set(secret, now);
    const write = new Promise<void>((resolve) => setImmediate(resolve))
      .then(() => touchSession(this.db(), digest(secret), now))
      .catch(this.onError)
      .finally(() => this.#pending.delete(write));
    this.#pending.add(write);
  }

  /** A session that ended is forgotten (its next sign-in is a new secret anyway). */
  forget(secret: string): void {
    this.#written.delete(secret);
  }

  async settled(): Promise<void> {
    while (this.#pending.size > 0) await Promise.all(this.#pending);
  }
}
