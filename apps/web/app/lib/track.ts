import type { LogKind } from '@hondana/domain/tracking/log-kinds';

type Params = Record<string, string | number | null | undefined>;

/**
 * §7 Tracking: `GET /api/log/{kind}` sent and forgotten. `keepalive` lets it finish while the
 * page unloads (a GET, which sendBeacon cannot send); the page never waits for it, and a
 * failure is nobody's concern. Only from the browser, after a person did the thing.
 */
export function track(kind: LogKind, params: Params = {}): void {
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(params)) if (value != null && value !== '') query.set(name, String(value));
  fetch(`/api/log/${kind}?${query}`, { keepalive: true, credentials: 'same-origin' }).catch(() => undefined);
}
