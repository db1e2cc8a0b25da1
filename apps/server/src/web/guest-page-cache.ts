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

export class GuestPageCache {
  readonly #pages = new Map<string, CachedPage>();
  #bytes = 0;
  /** Pages whose render started at or before this instant were made from the state before the last change. */
  #clearedAt = -Infinity;

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

  /** Keeps a page whose render started at `now`. */
  set(key: string, page: Omit<CachedPage, 'expires'>, now: number): void {
    if (!this.enabled || page.body.length > this.maxBytes / 16 || now <= this.#clearedAt) return;
    const old = this.#pages.get(key);
    if (old) this.#delete(key, old);
    this.#pages.set(key, { ...page, expires: now + this.ttlMs });
    this.#bytes += page.body.length;
    for (const [oldestKey, oldest] of this.#pages) {
      if (this.#bytes <= this.maxBytes) break;
      this.#delete(oldestKey, oldest);
    }
  }

  /** Forgets every page, and refuses the pages of renders already running (they may show the old state). */
  clear(now = Date.now()): void {
    this.#pages.clear();
    this.#bytes = 0;
    this.#clearedAt = now;
  }

  get size(): number {
    return this.#pages.size;
  }

  #delete(key: string, page: CachedPage): void {
    this.#pages.delete(key);
    this.#bytes -= page.body.length;
  }
}
