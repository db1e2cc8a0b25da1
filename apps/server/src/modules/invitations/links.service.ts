import { randomBytes } from 'node:crypto';
import { AppError, ErrorCode } from '@hondana/domain/common/errors';
import type { LinkUrlsBody, ShortLink } from '@hondana/domain/invitations/invitations-api';
import type { Db } from '../../db/schema';
import * as repo from './invitations.repository';
import { notExist, outOfTerm } from './invitations.service';

/** The path of a short link on the store's own origin. */
export const SHORT_LINK_PREFIX = '/i/';
const newSlug = () => randomBytes(8).toString('base64url');

/**
 * `POST /invitation/link/urls`: one short link per destination (web, twitter, line) of the
 * member's own code, made once and then reused. Another member's code is 403.
 */
export async function linkUrls(db: Db, userId: number, body: LinkUrlsBody, origin: string, now: number): Promise<ShortLink[]> {
  const found = await repo.findCode(db, body.code);
  if (!found) throw notExist();
  if (found.owner_id !== userId) throw new AppError(403, ErrorCode.FORBIDDEN, ['code: あなたの招待コードではありません']);
  if (!(Number(found.start_at) <= now && now < Number(found.end_at))) throw outOfTerm();
  const titleId = body.titleId && body.titleId > 0 ? body.titleId : null;
  const results: ShortLink[] = [];
  for (const component of body.urlComponents) {
    const destination = component.utmParameter.utmSource;
    let link = await repo.linkOf(db, found.code_id, destination, titleId);
    if (!link) {
      await repo.insertLink(db, { slug: newSlug(), codeId: found.code_id, destination, titleId, now });
      link = await repo.linkOf(db, found.code_id, destination, titleId);
    }
    results.push({ shareDestination: destination, linkUrl: `${origin}${SHORT_LINK_PREFIX}${link!.slug}` });
  }
  return results;
}

/** Where a short link leads: the appeal page with the code and the §7 utm parameters; null when unknown. */
export async function resolveShortLink(db: Db, slug: string): Promise<string | null> {
  const link = await repo.linkBySlug(db, slug);
  if (!link) return null;
  const params = new URLSearchParams({
    code: link.code,
    utm_source: link.destination,
    utm_medium: 'invitation',
    utm_campaign: link.utm_campaign,
  });
  if (link.title_id !== null) params.set('title_id', String(link.title_id));
  return `/invitation?${params.toString()}`;
}
