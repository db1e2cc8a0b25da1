import type { LogKind } from '@hondana/domain/tracking/log-kinds';
import { sendKeepalive } from './api/transport';

type Params = Record<string, string | number | null | undefined>;

/**
 * §7 Tracking: `GET /api/log/{kind}` sent and forgotten (a keepalive GET, so it finishes while
 * the page unloads). The page never waits for it, and a failure is nobody's concern. Every page
 * loads this file (the root's page views): keep it this small.
 */
export function track(kind: LogKind, params: Params = {}): void {
  const query = new URLSearchParams();
  for (const name in params) {
    const value = params[name];
    if (value != null && value !== '') query.set(name, `${value}`);
  }
  sendKeepalive(`/api/log/${kind}?${query}`);
}
