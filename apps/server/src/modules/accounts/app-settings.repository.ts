import type { Db } from '../../db/schema';
import type { UserAppSettingsTable } from '../../db/user-app-schema';

type Settings = Omit<UserAppSettingsTable, 'user_id' | 'updated_at'>;

const EMPTY: Settings = {
  specify_top: null,
  last_login_at: null,
  login_referrer: null,
  login_hash: null,
  app_session: null,
  app_session_call: null,
  app_session_at: null,
};

/** Sets some of the member's app settings, making their row when they have none. */
export async function upsertAppSettings(db: Db, userId: number, patch: Partial<Settings>, now: number): Promise<void> {
  await db
    .insertInto('user_app_settings')
    .values({ ...EMPTY, ...patch, user_id: userId, updated_at: now })
    .onConflict((oc) => oc.column('user_id').doUpdateSet({ ...patch, updated_at: now }))
    .execute();
}

/** Sets the member's link status for one SNS. */
export async function upsertSnsLink(db: Db, userId: number, authName: string, status: number, now: number): Promise<void> {
  await db
    .insertInto('user_sns_links')
    .values({ user_id: userId, auth_name: authName, status, updated_at: now })
    .onConflict((oc) => oc.columns(['user_id', 'auth_name']).doUpdateSet({ status, updated_at: now }))
    .execute();
}

/** The member's SNS links, by name. */
export const snsLinksOf = (db: Db, userId: number) =>
  db.selectFrom('user_sns_links').select(['auth_name', 'status']).where('user_id', '=', userId).orderBy('auth_name').execute();

/** The app-session header the member's app last sent (§7), or null when they never used the app. */
export async function appSessionOfMember(db: Db, userId: number): Promise<string | null> {
  const row = await db.selectFrom('user_app_settings').select('app_session').where('user_id', '=', userId).executeTakeFirst();
  return row?.app_session ?? null;
}
