import type { TableOwners } from './table-owners';
import type { Generated, Kysely } from 'kysely';
import { type CatalogTables, catalogTableOwners } from './catalog-schema';
import { type ReadingTables, readingTableOwners } from './reading-schema';
import { type NoticesTables, noticesTableOwners } from './notices-schema';
import { type ReviewsTables, reviewsTableOwners } from './reviews-schema';
import { type OrdersTables, ordersTableOwners } from './orders-schema';
import { type WalletTables, walletTableOwners } from './wallet-schema';
import { type SerialsTables, serialsTableOwners } from './serials-schema';
import { type CartTables, cartTableOwners } from './cart-schema';
import { type PreOrderTables, preOrderTableOwners } from './pre-order-schema';
import { type BundleTables, bundleTableOwners } from './bundles-schema';
import { type OpsTables, opsTableOwners } from './ops-schema';
import { type StoreSettingsTables, storeSettingsTableOwners } from './store-settings-schema';
import { type SubscriptionTables, subscriptionTableOwners } from './subscriptions-schema';
import { type CampaignTables, campaignTableOwners } from './campaigns-schema';
import { type ImportTables, importTableOwners } from './import-schema';
import { type BookshelfTables, bookshelfTableOwners } from './bookshelf-schema';
import { type TrackingTables, trackingTableOwners } from './tracking-schema';
import { type InvitationTables, invitationTableOwners } from './invitations-schema';
import { type AdminTables, adminTableOwners } from './admin-schema';
import { type UserAppTables, userAppTableOwners } from './user-app-schema';
import { type MailTables, mailTableOwners } from './mail-schema';
import { type PushTables, pushTableOwners } from './push-schema';

/** Instants are epoch milliseconds (UTC); calendar rules convert to Asia/Tokyo in `domain`. */
export type Millis = number;

export interface UsersTable {
  id: Generated<number>;
  email: string;
  password_hash: string;
  nickname: string;
  profile: string;
  image_flg: number;
  birth_date: string;
  adult_state: 'NONE' | 'ADULT';
  login_count: number;
  created_at: Millis;
  last_login_at: Millis | null;
  withdrawn_at: Millis | null;
  /** Set by the operator console: the member cannot log in and their sessions are ended. */
  suspended_at: Generated<Millis | null>;
  /** When the member opened the confirmation link of their address; null until then (no paid purchase). */
  email_confirmed_at: Generated<Millis | null>;
}

export interface SessionsTable {
  /** SHA-256 of the cookie value: a leaked table does not hand out sessions. */
  id_hash: string;
  user_id: number;
  created_at: Millis;
  expires_at: Millis;
  /** The browser that signed in (User-Agent, cut short) and its address's prefix, for the sessions list. */
  user_agent: Generated<string>;
  ip_prefix: Generated<string>;
  /** Last request seen on the session (written at most every few minutes per process). */
  last_seen_at: Generated<Millis | null>;
  /** When the password was last given again in this session (withdrawal asks for it). */
  password_confirmed_at: Generated<Millis | null>;
  /** When a staff member last gave their second factor in this session (null: not in this sign-in). */
  second_factor_at: Generated<Millis | null>;
}

/** A single-use link mailed to a member: confirm an address (signup, change) or reset the password. */
export interface AccountLinksTable {
  token_hash: string;
  user_id: number;
  purpose: 'EMAIL_CONFIRM' | 'EMAIL_CHANGE' | 'PASSWORD_RESET';
  /** The address the link was sent to (the new one for a change). */
  email: string;
  created_at: Millis;
  expires_at: Millis;
  used_at: Millis | null;
}

export interface OneTimeTokensTable {
  token_hash: string;
  user_id: number;
  purpose: string;
  created_at: Millis;
  expires_at: Millis;
  used_at: Millis | null;
  /** Fingerprint of the first request that used the token; a replay must match it. */
  request_hash: string | null;
  response_status: number | null;
  response_body: string | null;
}

export interface AccountsTables {
  users: UsersTable;
  sessions: SessionsTable;
  one_time_tokens: OneTimeTokensTable;
  account_links: AccountLinksTable;
}

/** The area that writes each table (issue 43: another area's repository only reads it, as a listed view). */
export const accountsTableOwners = {
  users: 'accounts',
  sessions: 'accounts',
  one_time_tokens: 'tokens',
  account_links: 'accounts',
} as const satisfies TableOwners<AccountsTables>;

export interface Database
  extends
    AccountsTables,
    CatalogTables,
    ReviewsTables,
    NoticesTables,
    WalletTables,
    OrdersTables,
    ReadingTables,
    SerialsTables,
    CartTables,
    BundleTables,
    PreOrderTables,
    OpsTables,
    SubscriptionTables,
    CampaignTables,
    ImportTables,
    BookshelfTables,
    StoreSettingsTables,
    TrackingTables,
    InvitationTables,
    AdminTables,
    UserAppTables,
    MailTables,
    PushTables {}

/**
 * The store's database or one of its transactions (a Kysely `Transaction` is a `Kysely`): what
 * repositories and services take, so either can be passed.
 */
export type Db = Kysely<Database>;

/** Every table's owning area (each declared beside its table), checked by apps/server/test/table-owners.test.ts. */
export const TABLE_OWNERS = {
  ...accountsTableOwners,
  ...adminTableOwners,
  ...bookshelfTableOwners,
  ...bundleTableOwners,
  ...campaignTableOwners,
  ...cartTableOwners,
  ...catalogTableOwners,
  ...importTableOwners,
  ...invitationTableOwners,
  ...mailTableOwners,
  ...noticesTableOwners,
  ...opsTableOwners,
  ...ordersTableOwners,
  ...preOrderTableOwners,
  ...pushTableOwners,
  ...readingTableOwners,
  ...reviewsTableOwners,
  ...serialsTableOwners,
  ...storeSettingsTableOwners,
  ...subscriptionTableOwners,
  ...trackingTableOwners,
  ...userAppTableOwners,
  ...walletTableOwners,
} as const satisfies TableOwners<Database>;
