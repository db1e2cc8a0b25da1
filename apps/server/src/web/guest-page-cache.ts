/**
 * Guests all see the same page for a URL, so a guest's rendered page is kept for a few seconds
 * and served to the next guests (what a CDN's micro-cache would do, inside the process). Members
 * are always rendered: their header, recommendations and adult state are their own. A page can
 * be up to `ttlMs` old, unless the catalog or the settings change first: then `clear()` drops every
 * page (the store's change counters tell every process, `ops/store-changes.ts`).
 */
export interface CachedPage {
  status: number;
  headers: [string, string][];
  /** With the nonce marker where the page's nonce goes (`http/content-security-policy.ts`). */
  body: Buffer;
  /** Where the marker is in `body`: each send puts its own nonce there. */
  nonceAt?: number[];
  expires: number;
}

/**
 * When a render began: its time (the kept page's age counts from it) and the cache's generation
 * then. A render that began before a change (`clear`) may show the state before it, so its page is
 * not kept. A generation, not the time, tells them apart: a clear and a render can begin in the
 * same millisecond.
 */
export interface RenderStart {
  readonly at: number;
  readonly generation: number;
}

export class GuestPageCache {
  readonly #pages = new Map<string, CachedPage>();
  #bytes = 0;
  /** Counts the changes (`clear`): a render that began in an earlier one is not kept. */
  #generation = 0;

  constructor(
    private readonly ttlMs: number,
    private readonly maxBytes = 32 * 1024 * 1024,
  ) {}

  get enabled(): boolean {
    return this.ttlMs > 0;
  }

  get(key: string, now: number): CachedPage | undefined {
    const page = this.#pages.get(key);
    if (!page) return undefined;
    this.#delete(key, page);
    if (page.expires <= now) return undefined;
    this.#pages.set(key, page); // most recently used last
    this.#bytes += page.body.length;
    return page;
  }

  /** A render beginning `now`: give it to `set` with its page. */
  start(now: number): RenderStart {
    return { at: now, generation: this.#generation };
  }

  /** Keeps the page of a render that began at `start`, unless a change came since. */
  set(key: string, page: Omit<CachedPage, 'expires'>, start: RenderStart): void {
    if (!this.enabled || page.body.length > this.maxBytes / 16 || start.generation !== this.#generation) return;
    const old = this.#pages.get(key);
    if (old) this.#delete(key, old);
    this.#pages.set(key, { ...page, expires: start.at + this.ttlMs });
    this.#bytes += page.body.length;
    for (const [oldestKey, oldest] of this.#pages) {
      if (this.#bytes <= this.maxBytes) break;
      this.#delete(oldestKey, oldest);
    }
  }

  /** Forgets every page, and refuses the pages of renders already running (they may show the old state). */
  clear(): void {
    this.#pages.clear();
    this.#bytes = 0;
    this.#generation += 1;
  }

  get size(): number {
    return this.#pages.size;
  }

  #delete(key: string, page: CachedPage): void {
    this.#pages.delete(key);
    this.#bytes -= page.body.length;
  }
}
