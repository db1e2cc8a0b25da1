import type { TableOwners } from './table-owners';
/** Tables of migration 2026-11-25T0950-user-app-settings (accounts). */
type Millis = number;

/** One row per member who registered a setting from the app or web client. */
export interface UserAppSettingsTable {
  user_id: number;
  /** A §9 page type the member chose as their top page; null for the default. */
  specify_top: string | null;
  /** The last `/common/update_user_login`, with the referrer and hash it sent. */
  last_login_at: Millis | null;
  login_referrer: string | null;
  login_hash: string | null;
  /** The app-session header last sent with a call §7 names it on, that call's route, and when. */
  app_session: string | null;
  app_session_call: string | null;
  app_session_at: Millis | null;
  updated_at: Millis;
}

/** A member's link setting for one SNS (`/user/set_sns`): status 1 linked, 0 not. */
export interface UserSnsLinksTable {
  user_id: number;
  auth_name: string;
  status: number;
  updated_at: Millis;
}

export interface UserAppTables {
  user_app_settings: UserAppSettingsTable;
  user_sns_links: UserSnsLinksTable;
}

/** The area that writes each table (issue 43: another area's repository only reads it, as a listed view). */
export const userAppTableOwners = {
  user_app_settings: 'accounts',
  user_sns_links: 'accounts',
} as const satisfies TableOwners<UserAppTables>;
