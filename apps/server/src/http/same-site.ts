import { AppError, ErrorCode } from '@hondana/domain/common/errors';
import type { FastifyRequest } from 'fastify';

/**
 * Refuses a request another site made the browser send (403 FORBIDDEN), for the few GET calls of
 * the spec that change something and carry no one-time token (`/newly/update_newly_notice`):
 * the session cookie is SameSite=Lax, so a link or an image on another site would otherwise
 * change the member's setting. Browsers say where a request comes from in Sec-Fetch-Site; an
 * older one is judged by its Origin or Referer. A request with none of them (a typed URL, a
 * native client) is the member's own.
 */
export function refuseCrossSite(request: FastifyRequest): void {
  const fetchSite = request.headers['sec-fetch-site'];
  if (typeof fetchSite === 'string') {
    if (fetchSite === 'same-origin' || fetchSite === 'none') return;
    throw crossSite(`sec-fetch-site: ${fetchSite}`);
  }
  for (const name of ['origin', 'referer'] as const) {
    const value = request.headers[name];
    if (typeof value !== 'string' || value === '') continue;
    if (hostOf(value) !== hostOf(`${request.protocol}://${request.host}`)) throw crossSite(`${name}: another site`);
    return;
  }
}

const crossSite = (why: string) =>
  new AppError(403, ErrorCode.FORBIDDEN, [`${why}: this call is accepted only from the store's own pages`]);

function hostOf(url: string): string | null {
  try {
    return new URL(url).host;
  } catch {
    return null;
  }
}
