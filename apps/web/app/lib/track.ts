import type { LogKind } from '@hondana/domain/tracking/log-kinds';
import { sendKeepalive } from './api/transport';

type Params = Record<string, string | number | null | undefined>;

let pageView = '';

/**
 * §7 /log/page's `hash`: a new id for each page a person sees (`newPageView`, from the root's
 * page log), sent with the calls made on that page that need it (`/log/read_end`), so the
 * read-end of a book and the page view of the viewer that showed it are known as one visit.
 */
export function newPageView(): string {
  pageView = Math.random().toString(36).slice(2, 12);
  return pageView;
}

export const currentPageView = (): string => pageView || newPageView();

/**
 * §7 Tracking: `GET /api/log/{kind}` sent and forgotten (a keepalive GET, so it finishes while
 * the page unloads). The page never waits for it, and a failure is nobody's concern. Every page
 * loads this file (the root's page views): keep it this small. `null`/`undefined` parameters are
 * left out; an empty string is sent (a required field that has no value, §8).
 */
export function track(kind: LogKind, params: Params = {}): void {
  const query = new URLSearchParams();
  for (const name in params) {
    const value = params[name];
    if (value != null) query.set(name, `${value}`);
  }
  sendKeepalive(`/api/log/${kind}?${query}`);
}
