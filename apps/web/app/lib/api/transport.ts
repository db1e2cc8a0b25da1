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

/** Counts the page's letting go of its session; odd while it is letting go (`sessionEnding`). */
let epoch = 0;

/**
 * The page lets go of its session: the header's ログアウト was sent. Until the page has become a
 * guest's (`sessionEnded`), a 401 is the logout itself, not a reason to send the reader to login:
 * a call sent before the logout and answered after it (a shelf's queries in flight), and a call a
 * member's part of the page sends while the logout is on its way (a section that loaded late, as
 * the top page's 続きを読む). The logout is taking them to the top page; a login page would win
 * that race.
 */
export function sessionEnding(): void {
  epoch += 1 + (epoch % 2);
}

/** The page shows a guest now (the header after the logout): a 401 asks the reader to log in again. */
export function sessionEnded(): void {
  epoch += epoch % 2;
}

/**
 * Which session a call is sent under (client.ts compares a call's start and end); odd while the
 * page lets go of its session: a call sent then never sends the reader to login.
 */
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
