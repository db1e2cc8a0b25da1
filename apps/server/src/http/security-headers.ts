import type { IncomingMessage, ServerResponse } from 'node:http';
import helmet, { type HelmetOptions } from 'helmet';
import { REPORTING_ENDPOINTS, documentPolicy } from './content-security-policy';

const options: HelmetOptions = {
  // The store's own policies (`content-security-policy.ts`): every document gets `documentPolicy`
  // below, and the pages replace it with theirs, which carries the response's nonce (web-plugin.ts).
  contentSecurityPolicy: false,
  crossOriginEmbedderPolicy: false,
  // helmet's `no-referrer` makes Chromium send `Origin: null` on form posts, which React
  // Router's CSRF check rejects; this is the browsers' own default and keeps the origin.
  referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
};

/**
 * helmet's headers with the options above do not depend on the request, so helmet runs once
 * at start against a recording response and every reply gets the recorded set in one call.
 * (Running helmet's middleware per request cost a third of the throughput of a small call.)
 */
function securityHeaders(): Record<string, string> {
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader: (name: string, value: string) => void (headers[name.toLowerCase()] = String(value)),
    removeHeader: (name: string) => void delete headers[name.toLowerCase()],
  };
  helmet(options)({} as IncomingMessage, recorder as unknown as ServerResponse, (error?: unknown) => {
    if (error) throw error;
  });
  headers['content-security-policy'] = documentPolicy();
  headers['reporting-endpoints'] = REPORTING_ENDPOINTS;
  return headers;
}

/**
 * The headers that still mean something on a JSON answer (OWASP REST Security cheat sheet):
 * no sniffing, no framing, HTTPS only, same-origin reads. The rest of helmet's set (opener
 * policy, agent cluster, referrer, DNS prefetch, download options, XSS auditor) governs
 * documents, and left off the API they halve the header bytes of a small call.
 */
const API_HEADERS = ['x-content-type-options', 'x-frame-options', 'strict-transport-security', 'cross-origin-resource-policy'];

function apiSecurityHeaders(all: Record<string, string> = securityHeaders()): Record<string, string> {
  return Object.fromEntries(API_HEADERS.map((name) => [name, all[name]!]));
}

/** The headers for a response to `url`: the API's four, or helmet's whole set for documents. */
export function securityHeadersByPath(): (url: string) => Record<string, string> {
  const documentHeaders = securityHeaders();
  const apiHeaders = apiSecurityHeaders(documentHeaders);
  return (url) => (url.startsWith('/api/') ? apiHeaders : documentHeaders);
}
