/**
 * Where the web app's requests leave the browser: the only module that calls fetch. `send` is
 * what client.ts builds every API call on (it adds the §9 timeout and the errors), and
 * `sendKeepalive` is tracking's call. This file stays tiny because every page loads it through
 * track.ts (the root's page views); the client itself loads only with the parts that call the API.
 */

/** A request with the session cookie (same origin). */
export const send = (url: string, init: RequestInit = {}): Promise<Response> => fetch(url, { credentials: 'same-origin', ...init });

/**
 * A GET sent and forgotten (§7 tracking): `keepalive` lets it finish while the page unloads
 * (sendBeacon can only POST). No timeout, nothing thrown: the page never waits for it.
 */
export function sendKeepalive(url: string): void {
  send(url, { keepalive: true }).catch(() => undefined);
}
