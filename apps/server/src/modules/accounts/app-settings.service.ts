import type { SnsLink } from '@hondana/domain/accounts';
import { isPageType } from '@hondana/domain/catalog';
import { AppError, ErrorCode } from '@hondana/domain/errors';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

type Db = Kysely<Database>;

const EMPTY = {
  specify_top: null,
  last_login_at: null,
  login_referrer: null,
  login_hash: null,
  app_session: null,
  app_session_call: null,
  app_session_at: null,
};

/** `POST /user_specify_top/register`: the member's chosen top page; get_status reports it as userSpecifyTop. */
export async function registerSpecifyTop(db: Db, userId: number, pageType: string, now: number): Promise<{ status: { code: 0 }; userSpecifyTop: string }> {
  if (!isPageType(pageType)) throw new AppError(400, ErrorCode.PAGE_TYPE_NOT_EXISTS, [`page_type: ${pageType} is not a page type`]);
  await db
    .insertInto('user_app_settings')
    .values({ ...EMPTY, user_id: userId, specify_top: pageType, updated_at: now })
    .onConflict((oc) => oc.column('user_id').doUpdateSet({ specify_top: pageType, updated_at: now }))
    .execute();
  return { status: { code: 0 }, userSpecifyTop: pageType };
}

/** `GET /common/update_user_login`: records the app's login ping, its referrer and hash. */
export async function updateUserLogin(db: Db, userId: number, ping: { referrer?: string; hash?: string }, now: number): Promise<{ status: { code: 0 } }> {
  const referrer = ping.referrer ?? null;
  const hash = ping.hash ?? null;
  await db
    .insertInto('user_app_settings')
    .values({ ...EMPTY, user_id: userId, last_login_at: now, login_referrer: referrer, login_hash: hash, updated_at: now })
    .onConflict((oc) => oc.column('user_id').doUpdateSet({ last_login_at: now, login_referrer: referrer, login_hash: hash, updated_at: now }))
    .execute();
  return { status: { code: 0 } };
}

/** `GET /user/set_sns`: the member's link setting for one SNS, and all of theirs after the change. */
export async function setSns(db: Db, userId: number, link: { authName: string; status: number }, now: number): Promise<{ status: { code: 0 }; links: SnsLink[] }> {
  await db
    .insertInto('user_sns_links')
    .values({ user_id: userId, auth_name: link.authName, status: link.status, updated_at: now })
    .onConflict((oc) => oc.columns(['user_id', 'auth_name']).doUpdateSet({ status: link.status, updated_at: now }))
    .execute();
  const rows = await db.selectFrom('user_sns_links').select(['auth_name', 'status']).where('user_id', '=', userId).orderBy('auth_name').execute();
  return { status: { code: 0 }, links: rows.map((r) => ({ authName: r.auth_name, status: r.status })) };
}

/** Records the app-session header a member's call brought (see `app-session.ts`). */
export async function recordAppSession(db: Db, userId: number, session: string, call: string, now: number): Promise<void> {
  await db
    .insertInto('user_app_settings')
    .values({ ...EMPTY, user_id: userId, app_session: session, app_session_call: call, app_session_at: now, updated_at: now })
    .onConflict((oc) => oc.column('user_id').doUpdateSet({ app_session: session, app_session_call: call, app_session_at: now, updated_at: now }))
    .execute();
}
