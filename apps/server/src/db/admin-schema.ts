import type { TableOwners } from './table-owners';
import type { Generated } from 'kysely';

/** Tables of the operator console, created by migration 2026-11-25T0920-operator-console. */
type Millis = number;

export type StaffRole = 'operator' | 'support';

/** A member who may use the console, and as what (`npm run admin -- role`). */
export interface StaffRolesTable {
  user_id: number;
  role: StaffRole;
  granted_at: Millis;
}

/** Append-only: the console inserts and reads, never updates or deletes. */
export interface AdminAuditLogTable {
  id: Generated<number>;
  actor_user_id: number;
  actor_role: string;
  /** What was done, e.g. `title.update`, `coupon.create`, `member.grant`. */
  action: string;
  /** The record it was done to, e.g. `title:12`. */
  subject: string;
  before_json: string | null;
  after_json: string | null;
  reason: string | null;
  created_at: Millis;
}

/** When a session last used the console: idle for 12 hours, the session ends. */
export interface AdminSessionActivityTable {
  session_hash: string;
  last_active_at: Millis;
}

/** A cover the console uploaded for a book (migration 2026-11-28T1030): it wins over the imported or drawn cover. */
export interface BookCoverUploadsTable {
  book_id: number;
  /** `originals/<sha256>.<ext>` in the media store. */
  original_key: string;
  width: number;
  height: number;
  uploaded_at: Millis;
}

/** A banner image the console uploaded (migration 2026-12-06T03): served at the banner widths by `/media/banners/<id>/…`. */
export interface BannerImagesTable {
  id: Generated<number>;
  /** `originals/<sha256>.<ext>` in the media store: one row per image, however often it is uploaded. */
  original_key: string;
  width: number;
  height: number;
  uploaded_at: Millis;
}

/** A staff member's TOTP authenticator (migration 2026-12-06T2000): usable once `confirmed_at` is set. */
export interface StaffTotpTable {
  user_id: number;
  /** Base32, as the authenticator app was given it. */
  secret: string;
  confirmed_at: Millis | null;
  /** The time step of the last code taken: a code of this step or an earlier one is refused. */
  last_time_step: number | null;
  created_at: Millis;
}

/** A staff member's single-use recovery codes: only their SHA-256 digests are kept. */
export interface StaffRecoveryCodesTable {
  id: Generated<number>;
  user_id: number;
  code_hash: string;
  used_at: Millis | null;
  created_at: Millis;
}

/** A staff member's passkey (WebAuthn credential, migration 2026-12-07T0300). */
export interface StaffPasskeysTable {
  id: Generated<number>;
  user_id: number;
  /** The credential id, base64url. */
  credential_id: string;
  /** The COSE public key, base64url. */
  public_key: string;
  /** The authenticator's signature counter at the last check: an assertion must bring a larger one (unless both are 0). */
  counter: Generated<number>;
  /** JSON array of the transports the browser named at registration. */
  transports: Generated<string>;
  created_at: Millis;
  last_used_at: Millis | null;
  /** The staff member's label for it (null: registered before passkeys had names, or left empty). */
  name: string | null;
}

/** A passkey ceremony's challenge: single use (deleted by the answer that takes it), bound to member, session and purpose. */
export interface WebauthnChallengesTable {
  challenge: string;
  user_id: number;
  session_hash: string;
  purpose: 'register' | 'check';
  expires_at: Millis;
}

export interface AdminTables {
  staff_roles: StaffRolesTable;
  admin_audit_log: AdminAuditLogTable;
  admin_session_activity: AdminSessionActivityTable;
  book_cover_uploads: BookCoverUploadsTable;
  banner_images: BannerImagesTable;
  staff_totp: StaffTotpTable;
  staff_recovery_codes: StaffRecoveryCodesTable;
  staff_passkeys: StaffPasskeysTable;
  webauthn_challenges: WebauthnChallengesTable;
}

/** The area that writes each table (issue 43: another area's repository only reads it, as a listed view). */
export const adminTableOwners = {
  staff_roles: 'admin',
  admin_audit_log: 'admin',
  admin_session_activity: 'admin',
  book_cover_uploads: 'admin',
  banner_images: 'admin',
  staff_totp: 'admin',
  staff_recovery_codes: 'admin',
  staff_passkeys: 'admin',
  webauthn_challenges: 'admin',
} as const satisfies TableOwners<AdminTables>;
