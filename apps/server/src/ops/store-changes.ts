import pg from 'pg';
import type { Db } from '../db/schema';
import { CHANGES_CHANNEL, bumpVersion, versions } from './store-changes.repository';

/**
 * What caches are told of. `catalog`: titles, books, prices, bundles, media of books (an import,
 * an editor, the demo reseed). `settings`: the operator's settings (the maintenance mode).
 * `rankings`: the `rankings` job wrote the rankings again.
 */
export type ChangeTopic = 'catalog' | 'settings' | 'rankings';

type Listener = () => void | Promise<void>;

/**
 * Records a change of `topic` with the write that made it: call it inside the write's
 * transaction (the count and the write commit together). Processes that only write (the import
 * command, the admin command) need nothing else; a serving process learns of it through
 * `StoreChanges`.
 */
export function recordChange(db: Db, topic: ChangeTopic, now = Date.now()): Promise<void> {
  return bumpVersion(db, topic, now);
}

interface StoreChangesOptions {
  db: Db;
  /** PostgreSQL's URL: a dedicated connection LISTENs, so a change is heard at once. Absent on SQLite. */
  connectionString?: string | undefined;
  /** How often the change counters are read: the whole delay on SQLite, a backstop on PostgreSQL. */
  pollMs?: number;
  log?: (error: unknown, message: string) => void;
}

/** Reconnect delay of the LISTEN connection after it is lost. */
const RECONNECT_MS = 1000;

/**
 * One process's view of the store's change counters (decision 018). Each topic has a counter in
 * `store_changes`; this process remembers the counts it has seen and, when one moves, calls the
 * topic's subscribers (caches drop what they kept). It learns of a move by reading the counters
 * every `pollMs` (one primary-key table of a few rows) and, on PostgreSQL, at once from a
 * NOTIFY on a connection of its own. `publish` counts a change and tells this process's
 * subscribers before it returns, so a write's own process never serves the old state after it.
 */
export class StoreChanges {
  readonly #db: Db;
  readonly #options: StoreChangesOptions;
  readonly #subscribers = new Map<string, Set<Listener>>();
  #seen: Map<string, number> | null = null;
  #timer: NodeJS.Timeout | null = null;
  #reconnect: NodeJS.Timeout | null = null;
  #listener: pg.Client | null = null;
  #stopped = false;
  #checking: Promise<void> | null = null;
  #checkAgain = false;
  #failing = false;

  constructor(options: StoreChangesOptions) {
    this.#db = options.db;
    this.#options = options;
  }

  /** Calls `listener` after every change of `topic` this process learns of; returns the unsubscribe. */
  subscribe(topic: ChangeTopic, listener: Listener): () => void {
    let set = this.#subscribers.get(topic);
    if (!set) this.#subscribers.set(topic, (set = new Set()));
    set.add(listener);
    return () => set.delete(listener);
  }

  /** Counts a change of `topic` (after its write committed) and tells this process's subscribers. */
  async publish(topic: ChangeTopic, now = Date.now()): Promise<void> {
    await recordChange(this.#db, topic, now);
    await this.check();
  }

  /** Reads the counters now; subscribers of every topic that moved are called (and awaited). */
  check(): Promise<void> {
    if (this.#checking) {
      // A change may have committed after the running read began: read once more after it.
      this.#checkAgain = true;
      return this.#checking;
    }
    this.#checking = (async () => {
      try {
        do {
          this.#checkAgain = false;
          await this.#readOnce();
        } while (this.#checkAgain);
      } finally {
        this.#checking = null;
      }
    })();
    return this.#checking;
  }

  /** Takes the current counts as seen, then follows them (timer, and LISTEN on PostgreSQL). */
  async start(): Promise<void> {
    if (this.#seen === null) this.#seen = await versions(this.#db);
    const pollMs = this.#options.pollMs ?? (this.#options.connectionString ? 1000 : 250);
    this.#timer ??= setInterval(() => void this.check().catch(() => undefined), pollMs);
    this.#timer.unref();
    if (this.#options.connectionString) await this.#listen();
  }

  async stop(): Promise<void> {
    this.#stopped = true;
    if (this.#timer) clearInterval(this.#timer);
    if (this.#reconnect) clearTimeout(this.#reconnect);
    this.#timer = this.#reconnect = null;
    const listener = this.#listener;
    this.#listener = null;
    await listener?.end().catch(() => undefined);
    await this.#checking?.catch(() => undefined);
  }

  async #readOnce(): Promise<void> {
    let now: Map<string, number>;
    try {
      now = await versions(this.#db);
      this.#failing = false;
    } catch (error) {
      // Logged once per outage, not every poll; the next successful read catches up.
      if (!this.#failing && !this.#stopped) this.#options.log?.(error, 'reading the store change counters failed');
      this.#failing = true;
      throw error;
    }
    const before = this.#seen;
    this.#seen = now;
    if (before === null) return;
    const moved = [...now].filter(([topic, version]) => (before.get(topic) ?? 0) !== version).map(([topic]) => topic);
    const calls = moved.flatMap((topic) => [...(this.#subscribers.get(topic) ?? [])].map((listener) => listener()));
    const failed = (await Promise.allSettled(calls)).filter((r) => r.status === 'rejected');
    for (const f of failed) this.#options.log?.((f as PromiseRejectedResult).reason, 'a store change subscriber failed');
  }

  async #listen(): Promise<void> {
    if (this.#stopped || this.#listener) return;
    const client = new pg.Client({ connectionString: this.#options.connectionString });
    const lost = (error?: unknown) => {
      if (this.#listener !== client) return;
      this.#listener = null;
      client.end().catch(() => undefined);
      if (this.#stopped) return;
      if (error) this.#options.log?.(error, 'the store change listener lost its connection; reconnecting');
      this.#reconnect = setTimeout(() => {
        this.#reconnect = null;
        // Anything announced while disconnected is caught by reading the counters once connected.
        void this.#listen()
          .then(() => this.check())
          .catch(() => undefined);
      }, RECONNECT_MS);
      this.#reconnect.unref();
    };
    client.on('error', lost);
    client.on('end', () => lost());
    client.on('notification', (message) => {
      if (message.channel === CHANGES_CHANNEL) void this.check().catch(() => undefined);
    });
    this.#listener = client;
    try {
      await client.connect();
      await client.query(`LISTEN ${CHANGES_CHANNEL}`);
    } catch (error) {
      lost(error);
    }
  }
}
