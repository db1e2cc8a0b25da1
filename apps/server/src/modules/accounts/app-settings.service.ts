import type { SetSnsResponse, SpecifyTopResponse } from '@hondana/domain/accounts/accounts-api';
import type { OkResponse } from '@hondana/domain/common/responses';
import { isPageType } from '@hondana/domain/catalog/catalog';
import { AppError, ErrorCode } from '@hondana/domain/common/errors';
import type { Db } from '../../db/schema';
import { appSessionOfMember, snsLinksOf, upsertAppSettings, upsertSnsLink } from './app-settings.repository';

/** `POST /user_specify_top/register`: the member's chosen top page; get_status reports it as userSpecifyTop. */
export async function registerSpecifyTop(db: Db, userId: number, pageType: string, now: number): Promise<SpecifyTopResponse> {
  if (!isPageType(pageType)) throw new AppError(400, ErrorCode.PAGE_TYPE_NOT_EXISTS, [`page_type: ${pageType} is not a page type`]);
  await upsertAppSettings(db, userId, { specify_top: pageType }, now);
  return { status: { code: 0 }, userSpecifyTop: pageType };
}

/** `GET /common/update_user_login`: records the app's login ping, its referrer and hash. */
export async function updateUserLogin(
  db: Db,
  userId: number,
  ping: { referrer?: string; hash?: string },
  now: number,
): Promise<OkResponse> {
  await upsertAppSettings(db, userId, { last_login_at: now, login_referrer: ping.referrer ?? null, login_hash: ping.hash ?? null }, now);
  return { status: { code: 0 } };
}

/** `GET /user/set_sns`: the member's link setting for one SNS, and all of theirs after the change. */
export async function setSns(db: Db, userId: number, link: { authName: string; status: number }, now: number): Promise<SetSnsResponse> {
  await upsertSnsLink(db, userId, link.authName, link.status, now);
  const rows = await snsLinksOf(db, userId);
  return { status: { code: 0 }, links: rows.map((r) => ({ authName: r.auth_name, status: r.status })) };
}

/** Records the app-session header a member's call brought (see `app-session.ts`). */
export async function recordAppSession(db: Db, userId: number, session: string, call: string, now: number): Promise<void> {
  await upsertAppSettings(db, userId, { app_session: session, app_session_call: call, app_session_at: now }, now);
}

/**
 * §2 'read in app' (decision 027): the request comes from the app wrapper (it carries the
 * app-session header) or the member's app settings show they use the app (an app session was
 * recorded from one of their calls).
 */
export async function readsInApp(db: Db, userId: number | null, appSessionHeader: string | null): Promise<boolean> {
  if (appSessionHeader !== null) return true;
  return userId !== null && (await appSessionOfMember(db, userId)) !== null;
}
