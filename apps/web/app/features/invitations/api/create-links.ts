import type { ShareDestination } from '@hondana/domain/invitations/invitations';
import type { ShortLinksAnswer } from '@hondana/domain/invitations/invitations-api';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api/client';

const DESTINATIONS: ShareDestination[] = ['web', 'twitter', 'line'];

/** `POST /api/invitation/link/urls` (§7): the code's short links for web, twitter and line (made once, then the same). */
async function createLinks(code: string, titleId: number | null): Promise<Record<ShareDestination, string>> {
  const body = {
    code,
    titleId: titleId ?? 0,
    urlComponents: DESTINATIONS.map((utmSource) => ({ path: 'invitation', utmParameter: { utmSource } })),
  };
  const { results } = await apiRequest<ShortLinksAnswer>('/invitation/link/urls', { method: 'POST', json: body });
  const byDestination = Object.fromEntries(results.map((r) => [r.shareDestination, r.linkUrl]));
  return { web: byDestination.web ?? '', twitter: byDestination.twitter ?? '', line: byDestination.line ?? '' };
}

export const useShareLinks = (code: string, titleId: number | null, enabled: boolean) =>
  useQuery(
    queryOptions({
      queryKey: ['invitation', 'links', code, titleId],
      queryFn: () => createLinks(code, titleId),
      enabled: enabled && code !== '',
      staleTime: Infinity,
    }),
  );
