import { type CachedPage, GuestPageCache, type RenderStart } from './guest-page-cache';
import type { MemberCall } from './member-part';

/** Series and volume, top, rankings, free, keyword and author search, the serial home and ranking (decision 029). */
const COVERED = [
  /^\/series_list\/series_id=/,
  /^\/(?:\?|$)/,
  /^\/ranking\//,
  /^\/free(?:\?|$)/,
  /^\/search(?:\?|\/author\/|$)/,
  /^\/serial(?:\?|$)/,
  /^\/serial\/ranking\/general\//,
];

/**
 * Members' store pages, kept like guests' (decision 029): a page is kept under its URL, the
 * member's adult state and the member's part of it (`MemberPart.key()`: the member calls the
 * render made and their answers). The next member asking for that URL with that adult state
 * has the same calls asked again for them (`plan`), a few indexed reads, and gets the kept page
 * when their answers are the same; otherwise their page is rendered and kept too. Pages go with
 * the guests' on every catalog or settings change (`clear`), and after `ttlMs` at the latest
 * (a rating, a review count may change without a catalog change).
 */
export class MemberPageCache {
  readonly #pages: GuestPageCache;
  readonly #plans = new Map<string, MemberCall[]>();
  /** The plan of the last render of each URL, whatever the adult state: asked before the member is known. */
  readonly #latest = new Map<string, MemberCall[]>();

  constructor(ttlMs: number, maxBytes = 32 * 1024 * 1024) {
    this.#pages = new GuestPageCache(ttlMs, maxBytes);
  }

  get enabled(): boolean {
    return this.#pages.enabled;
  }

  /**
   * The pages kept for members: store pages whose loaders read the member only through calls that
   * record or mark the page personal (never `context.viewer.userId` or the request's cookies).
   */
  covers(url: string): boolean {
    return COVERED.some((path) => path.test(url));
  }

  /** The member calls the last render of this page made (undefined: none kept yet). */
  plan(page: string): MemberCall[] | undefined {
    return this.#plans.get(page);
  }

  /** The member calls of the last render of `url` in either adult state (the plan the member statement asks first). */
  latestPlan(url: string): MemberCall[] | undefined {
    return this.#latest.get(url);
  }

  get(page: string, memberPart: string, now: number): CachedPage | undefined {
    return this.#pages.get(`${page}\n${memberPart}`, now);
  }

  /** A render beginning `now`: give it to `set` with its page. */
  start(now: number): RenderStart {
    return this.#pages.start(now);
  }

  /** Keeps the page of a render that began at `start` (unless a change came since), made with the member calls `plan` answered as `memberPart`. */
  set(url: string, page: string, plan: MemberCall[], memberPart: string, body: Omit<CachedPage, 'expires'>, start: RenderStart): void {
    if (this.#plans.size > 10_000) {
      this.#plans.clear();
      this.#latest.clear();
    }
    this.#plans.set(page, plan);
    this.#latest.set(url, plan);
    this.#pages.set(`${page}\n${memberPart}`, body, start);
  }

  clear(): void {
    this.#pages.clear();
    this.#plans.clear();
    this.#latest.clear();
  }

  get size(): number {
    return this.#pages.size;
  }
}
