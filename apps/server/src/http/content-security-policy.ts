import { randomBytes } from 'node:crypto';

/** Where browsers send what the policy blocked (`ops/csp-reports.ts`). */
const CSP_REPORT_PATH = '/api/csp-report';
/** The Reporting API's name for that endpoint (`report-to`, `Reporting-Endpoints`). */
const REPORT_GROUP = 'csp';

export interface PolicyOptions {
  /**
   * The payment provider's page script (Stripe.js, issue 39), its frames and its API: only
   * when the store takes payments through Stripe.
   */
  stripe?: boolean;
  /** Another origin of Stripe.js and its API (STRIPE_JS_URL: a test's local stand-in), with `stripe`. */
  stripeOrigins?: readonly string[];
  /**
   * Other origins images and media come from. Every cover, page and banner is served by the
   * store itself (`/media/…`, `media/routes.ts`, from the local folder or the S3 bucket alike),
   * so none by default.
   */
  mediaOrigins?: readonly string[];
}

/** Stripe's documented origins (https://docs.stripe.com/security/guide#content-security-policy). */
const STRIPE = {
  script: ['https://js.stripe.com', 'https://*.js.stripe.com'],
  frame: ['https://js.stripe.com', 'https://*.js.stripe.com', 'https://hooks.stripe.com'],
  connect: ['https://api.stripe.com'],
};

/**
 * The policy of the store's pages, with `nonce` where the response's nonce goes:
 * - scripts: only those carrying the response's nonce (React Router's inline hydration data and
 *   module entry, its modulepreload links) and what they load (`'strict-dynamic'`: the lazy route
 *   chunks, Stripe.js); `https:` and `'unsafe-inline'` only for browsers without CSP 3, which
 *   ignore them when they know nonces;
 * - styles: `'self'` plus `'unsafe-inline'`: the pages put `style` attributes on elements (the
 *   viewer's page boxes, the long-press progress, admin previews) and a book's own XHTML may carry
 *   them; a nonce cannot cover attributes, and a nonce in style-src would switch
 *   `'unsafe-inline'` off. Styles cannot run code.
 * - images and media: the store's own origin (covers, pages, banners under `/media`), `data:`
 *   (CSS icons) and `blob:` (the offline reader shows pages kept in IndexedDB as object URLs,
 *   which a page may also read back with fetch: `connect-src` has `blob:` too);
 * - no plugins, no `<base>`, framed only by the store's own pages;
 * - violations go to `CSP_REPORT_PATH` (`report-uri` for every browser, `report-to` for those
 *   that read `Reporting-Endpoints`).
 */
export function pagePolicy(options: PolicyOptions = {}): (nonce: string) => string {
  const stripe = options.stripe === true;
  const media = options.mediaOrigins ?? [];
  const extra = stripe ? (options.stripeOrigins ?? []).map((o) => ` ${o}`).join('') : '';
  const directives = (nonce: string) =>
    [
      `default-src 'self'`,
      `script-src 'nonce-${nonce}' 'strict-dynamic' https: 'unsafe-inline'${stripe ? ` ${STRIPE.script.join(' ')}${extra}` : ''}`,
      `style-src 'self' 'unsafe-inline'`,
      `img-src 'self' data: blob:${media.map((o) => ` ${o}`).join('')}${stripe ? ' https://*.stripe.com' : ''}`,
      `media-src 'self' blob:${media.map((o) => ` ${o}`).join('')}`,
      `font-src 'self' data:`,
      `connect-src 'self' blob:${media.map((o) => ` ${o}`).join('')}${stripe ? ` ${STRIPE.connect.join(' ')}${extra}` : ''}`,
      `frame-src 'self'${stripe ? ` ${STRIPE.frame.join(' ')}${extra}` : ''}`,
      `worker-src 'self'`,
      `manifest-src 'self'`,
      `object-src 'none'`,
      `base-uri 'none'`,
      `frame-ancestors 'self'`,
      `report-uri ${CSP_REPORT_PATH}`,
      `report-to ${REPORT_GROUP}`,
    ].join('; ');
  const marker = '\u0000';
  const [before, after] = directives(marker).split(marker) as [string, string];
  return (nonce) => before + nonce + after;
}

/**
 * The policy of every other answer that is not the API's: the maintenance page, the sandbox
 * carrier's page, not-found and error answers, media and the client's files. No inline script
 * (those pages have none), scripts only from the store's own files (`sw.js` imports
 * `push-sw.js` and Workbox's chunks under it: a service worker is governed by its own
 * response's policy), inline styles (those pages carry a `<style>` of their own), forms only to
 * the store.
 */
export function documentPolicy(): string {
  return [
    `default-src 'self'`,
    `script-src 'self'`,
    `style-src 'self' 'unsafe-inline'`,
    `img-src 'self' data: blob:`,
    `object-src 'none'`,
    `base-uri 'none'`,
    `frame-ancestors 'self'`,
    `form-action 'self'`,
    `report-uri ${CSP_REPORT_PATH}`,
    `report-to ${REPORT_GROUP}`,
  ].join('; ');
}

/** `Reporting-Endpoints`: where `report-to csp` sends reports. */
export const REPORTING_ENDPOINTS = `${REPORT_GROUP}="${CSP_REPORT_PATH}"`;

/** A nonce's length: 16 random bytes in base64url. */
const NONCE_LENGTH = 22;
/** Nonces drawn from one `randomBytes` call at a time (one call per page costs more than its bytes). */
const POOL_NONCES = 256;

/**
 * The nonces of the pages (docs/architecture.md, "Content-Security-Policy"). A page is rendered with `marker` where its nonce goes
 * (React Router's `nonce` attributes): a random string of this process, as long as a nonce, that
 * no page's text can know. Just before a page is sent, `stamp` copies it with a fresh nonce in
 * each marker's place, and the same nonce goes into the response's policy. So a page the server
 * keeps (`guest-page-cache.ts`, `member-page-cache.ts`) is kept with the marker and every reader
 * still gets a nonce of their own; the markers' offsets are found once when a page is kept.
 */
export class PageNonces {
  readonly marker: string;
  readonly #markerBytes: Buffer;
  #pool = Buffer.alloc(0);
  #next = 0;

  constructor() {
    this.marker = this.#draw();
    this.#markerBytes = Buffer.from(this.marker, 'latin1');
  }

  /** A fresh nonce (base64url of 16 random bytes). */
  fresh(): string {
    return this.#draw();
  }

  /** Where the marker is in a rendered page (for a page kept and sent many times). */
  offsets(body: Buffer): number[] {
    const found: number[] = [];
    for (let at = body.indexOf(this.#markerBytes); at !== -1; at = body.indexOf(this.#markerBytes, at + NONCE_LENGTH)) found.push(at);
    return found;
  }

  /** A copy of a kept page's `body` with `nonce` at each of `offsets` (the kept body is never written). */
  stamp(body: Buffer, nonce: string, offsets: readonly number[]): Buffer {
    if (offsets.length === 0) return body;
    const copy = Buffer.allocUnsafe(body.length);
    body.copy(copy);
    return this.stampInPlace(copy, nonce, offsets);
  }

  /** `body`, a page sent once, with `nonce` written over each marker. */
  stampInPlace(body: Buffer, nonce: string, offsets: readonly number[] = this.offsets(body)): Buffer {
    for (const at of offsets) body.write(nonce, at, NONCE_LENGTH, 'latin1');
    return body;
  }

  #draw(): string {
    if (this.#next >= this.#pool.length) {
      this.#pool = randomBytes(16 * POOL_NONCES);
      this.#next = 0;
    }
    const nonce = this.#pool.toString('base64url', this.#next, this.#next + 16);
    this.#next += 16;
    return nonce;
  }
}
