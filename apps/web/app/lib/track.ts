import type { LogKind } from '@hondana/domain/tracking/log-kinds';

type Params = Record<string, string | number | null | undefined>;

/**
 * §7 Tracking: `GET /api/log/{kind}` sent and forgotten. `keepalive` lets it finish while the
 * page unloads (a GET, which sendBeacon cannot send); same-origin credentials are fetch's
 * default. The page never waits for it, and a failure is nobody's concern. Every page loads
 * this file (the root's page views): keep it this small.
 */
export function track(kind: LogKind, params: Params = {}): void {
  const query = new URLSearchParams();
  for (const name in params) {
    const value = params[name];
    if (value != null && value !== '') query.set(name, `${value}`);
  }
  fetch(`/api/log/${kind}?${query}`, { keepalive: true }).catch(() => undefined);
}
