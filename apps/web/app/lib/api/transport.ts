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

let epoch = 0;

/**
 * The page lets go of its session: the header's ログアウト was sent. A call sent before that and
 * answered 401 after it is the logout itself (a shelf's queries still in flight when the session
 * ended), not a reason to send the reader to login: the logout is taking them to the top page, and
 * a login page would win that race.
 */
export function sessionEnding(): void {
  epoch += 1;
}

/** How many times this page has let go of its session (client.ts compares a call's start and end). */
export const sessionEpoch = (): number => epoch;

// The logout form, sent by React Router or, before the page has hydrated, by the browser itself:
// a capture listener sees both (this module loads with every page, before hydration).
if (typeof document !== 'undefined') {
  document.addEventListener(
    'submit',
    (event) => {
      if (event.target instanceof HTMLFormElement && new URL(event.target.action, location.href).pathname === '/logout') sessionEnding();
    },
    true,
  );
}
